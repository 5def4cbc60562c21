import CZlib

/// Flate (zlib) compression of a PDF stream's bytes.
enum PDFDeflate {
  static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
    var size = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = output.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &size, source.baseAddress, uLong(bytes.count), level)
      }
    }
    // compressBound is enough by zlib's contract; anything else is memory running out.
    precondition(status == Z_OK, "zlib compress2 failed (\(status))")
    output.removeSubrange(Int(size)...)
    return output
  }
}
