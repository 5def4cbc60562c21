import CZlib
import Dispatch
import Synchronization

/// A fast PNG encoder for rendered chats: flat colours, text and large white areas.
///
/// It writes the PNG container itself (signature, IHDR, IDAT, IEND) and compresses the
/// unfiltered scanlines with `ScanlineDeflater`, whose matches against the row above and the
/// pixel to the left do the work of PNG's filters. On a 480 × 25 000 px chat it is about ten
/// times faster than `cairo_surface_write_to_png` with files of the same size; see
/// `Benchmarks/PNGEncoder/README.md`.
struct PNGEncoder: Sendable {
  /// Threads the bands of a tall image are compressed on (1: all on this one).
  var threads = 1
  /// Rows per band: an image of at least two bands' rows is compressed in bands, each
  /// matching only within itself. The bands follow from the height alone, so the bytes are
  /// the same on any number of threads.
  var bandRows = 4096

  /// The number of bands of an image `height` rows tall.
  func bandCount(height: Int) -> Int { height >= 2 * bandRows ? height / bandRows : 1 }

  /// Encodes premultiplied native-endian ARGB32 pixels (cairo's `CAIRO_FORMAT_ARGB32` layout).
  ///
  /// - Parameters:
  ///   - pixels: the image, row after row, `stride` bytes apart.
  ///   - width: pixels per row, at least 1.
  ///   - height: rows, at least 1.
  ///   - stride: bytes from one row to the next, at least `4 * width`.
  ///   - opaque: when every pixel has alpha 255, write RGB (colour type 2) instead of RGBA;
  ///     alpha is then ignored, as cairo does for `CAIRO_FORMAT_RGB24`.
  /// - Returns: the PNG file's bytes.
  /// - Throws: `PNGEncodingError` when the geometry does not fit the buffer.
  func encode(
    pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, opaque: Bool
  ) throws -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64 * 1024)
    try encode(pixels: pixels, width: width, height: height, stride: stride, opaque: opaque) {
      bytes.append(contentsOf: $0)
    }
    return bytes
  }

  /// Encodes premultiplied native-endian ARGB32 pixels, handing the PNG to `sink` piece by piece,
  /// so a file or stdout needs no second copy of the image.
  ///
  /// - Parameters:
  ///   - pixels: the image, row after row, `stride` bytes apart.
  ///   - width: pixels per row, at least 1.
  ///   - height: rows, at least 1.
  ///   - stride: bytes from one row to the next, at least `4 * width`.
  ///   - opaque: when every pixel has alpha 255, write RGB (colour type 2) instead of RGBA;
  ///     alpha is then ignored, as cairo does for `CAIRO_FORMAT_RGB24`.
  ///   - texts: `tEXt` chunks (keyword, Latin-1 text) written before the pixels.
  ///   - sink: receives the PNG bytes in order; each buffer is valid only during the call.
  /// - Throws: `PNGEncodingError` when the geometry does not fit the buffer, or whatever
  ///   `sink` throws (encoding stops there).
  func encode(
    pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, opaque: Bool,
    texts: [(keyword: String, text: String)] = [],
    to sink: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let source = try PNGEncoder.validate(
      pixels: pixels, width: width, height: height, stride: stride)
    let rows = Rows(source: source, width: width, stride: stride, opaque: opaque)
    try withoutActuallyEscaping(sink) { sink in
      let writer = PNGChunkWriter(sink: sink)
      try writer.writeSignature()
      try writer.writeChunk(
        "IHDR", bytes: PNGEncoder.header(width: width, height: height, opaque: opaque))
      for (keyword, text) in texts {
        try writer.writeChunk("tEXt", bytes: PNGEncoder.latin1(keyword) + [0] + PNGEncoder.latin1(text))
      }
      let bands = bandCount(height: height)
      if bands == 1 {
        let deflater = rows.deflater(writesHeader: true)
        try rows.compress(0..<height, with: deflater, to: writer)
        try deflater.finish(to: writer)
      } else {
        try compressInBands(rows, height: height, count: bands, to: writer)
      }
      try writer.writeChunk("IEND", bytes: [])
    }
  }

  /// The image's rows as PNG scanlines (filter type 0, then RGB or RGBA).
  private struct Rows: @unchecked Sendable {
    let source: UnsafeRawPointer
    let width: Int
    let stride: Int
    let opaque: Bool

    var bytesPerPixel: Int { opaque ? 3 : 4 }
    var scanlineBytes: Int { 1 + width * bytesPerPixel }

    func deflater(writesHeader: Bool) -> ScanlineDeflater {
      ScanlineDeflater(
        rowDistance: scanlineBytes, pixelDistance: bytesPerPixel, maxReservation: scanlineBytes,
        writesHeader: writesHeader)
    }

    func compress(_ range: Range<Int>, with deflater: ScanlineDeflater, to writer: PNGChunkWriter) throws {
      for y in range {
        let row = source + y * stride
        let scanline = deflater.reserve(scanlineBytes)
        scanline[0] = 0
        if opaque {
          PNGScanlineConverter.convertOpaque(row, width: width, to: scanline + 1)
        } else {
          PNGScanlineConverter.convertUnpremultiplying(row, width: width, to: scanline + 1)
        }
        try deflater.commit(scanlineBytes, to: writer)
      }
    }
  }

  /// Compresses `count` bands of rows on `threads` threads, each into IDAT chunks of its own
  /// in memory, then writes them in order and the stream's checksum, combined from the bands'.
  private func compressInBands(_ rows: Rows, height: Int, count: Int, to writer: PNGChunkWriter) throws {
    let parts = Mutex([Result<(chunks: [UInt8], checksum: UInt32, length: Int), Error>?](repeating: nil, count: count))
    let workers = max(1, min(threads, count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for band in Swift.stride(from: worker, to: count, by: workers) {
        let range = (height * band / count)..<(height * (band + 1) / count)
        let result = Result { () throws -> (chunks: [UInt8], checksum: UInt32, length: Int) in
          let chunks = ChunkBuffer()
          let bandWriter = PNGChunkWriter(sink: { chunks.bytes.append(contentsOf: $0) })
          let deflater = rows.deflater(writesHeader: band == 0)
          try rows.compress(range, with: deflater, to: bandWriter)
          try deflater.finishPart(to: bandWriter, isLast: band == count - 1, checksum: nil)
          return (chunks.bytes, deflater.checksum, deflater.inputCount)
        }
        parts.withLock { $0[band] = result }
      }
    }
    var checksum: uLong = 1
    for part in parts.withLock({ $0 }) {
      let (chunks, partChecksum, length) = try part!.get()
      try chunks.withUnsafeBytes { try writer.sink($0) }
      checksum = adler32_combine(checksum, uLong(partChecksum), off_t(length))
    }
    var trailer = [UInt8](repeating: 0, count: 4)
    PNGChunkWriter.storeBigEndian(UInt32(truncatingIfNeeded: checksum), in: &trailer, at: 0)
    try writer.writeChunk("IDAT", bytes: trailer)
  }

  /// Bytes a band's writer collects.
  private final class ChunkBuffer: @unchecked Sendable {
    var bytes: [UInt8] = []
  }

  /// `text` in Latin-1, as `tEXt` requires: other characters become "?".
  static func latin1(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { $0.value < 256 && $0.value != 0 ? UInt8($0.value) : UInt8(ascii: "?") }
  }

  /// Whether every pixel of a premultiplied ARGB32 image has alpha 255.
  ///
  /// Use it to decide `opaque` when the drawing does not already guarantee it. Returns false
  /// when the geometry does not fit the buffer.
  static func isOpaque(
    pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int
  ) -> Bool {
    guard let source = try? validate(pixels: pixels, width: width, height: height, stride: stride)
    else { return false }
    for y in 0..<height {
      let row = source + y * stride
      var alphas: UInt32 = 0xFF00_0000
      for x in 0..<width {
        alphas &= row.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self)
      }
      if alphas != 0xFF00_0000 { return false }
    }
    return true
  }

  // MARK: - Private

  /// Checks the geometry against the buffer and returns its start.
  private static func validate(
    pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int
  ) throws -> UnsafeRawPointer {
    guard width >= 1, height >= 1 else {
      throw PNGEncodingError("image size \(width)×\(height) is empty")
    }
    // PNG allows 2^31 - 1 pixels a side; keep 4 bytes per pixel far from overflowing.
    guard width <= Int(Int32.max), height <= Int(Int32.max) else {
      throw PNGEncodingError("image size \(width)×\(height) is too large")
    }
    guard stride >= 4 * width else {
      throw PNGEncodingError("row stride \(stride) is less than 4 × width \(width)")
    }
    let (rows, rowsOverflow) = (height - 1).multipliedReportingOverflow(by: stride)
    let (needed, neededOverflow) = rows.addingReportingOverflow(4 * width)
    guard !rowsOverflow, !neededOverflow, pixels.count >= needed, let base = pixels.baseAddress
    else {
      throw PNGEncodingError(
        "pixel buffer of \(pixels.count) bytes is too small for \(width)×\(height) "
          + "with stride \(stride)")
    }
    return base
  }

  /// The IHDR chunk's data: size, 8 bits per channel, RGB or RGBA, no interlacing.
  private static func header(width: Int, height: Int, opaque: Bool) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 13)
    PNGChunkWriter.storeBigEndian(UInt32(width), in: &bytes, at: 0)
    PNGChunkWriter.storeBigEndian(UInt32(height), in: &bytes, at: 4)
    bytes[8] = 8  // bits per channel
    bytes[9] = opaque ? 2 : 6  // colour type: truecolour, or truecolour with alpha
    return bytes  // compression, filter and interlace methods: 0
  }
}
