import CDeflate
import CZlib

/// Alternatives measured against `ScanlineDeflater` (benchmark only): zlib or libdeflate on
/// rows filtered with one of PNG's filters.
enum PNGCompression: Sendable, Hashable {
  /// zlib's streaming `deflate`; `strategy` is `Z_DEFAULT_STRATEGY`, `Z_FILTERED` or `Z_RLE`.
  case zlib(level: Int32, strategy: Int32)
  /// libdeflate: faster and tighter than zlib, but it needs the whole image's rows at once.
  case libdeflate(level: Int32)

  /// Whether the compressor must receive all scanlines in one call.
  var needsWholeImage: Bool {
    if case .libdeflate = self { return true }
    return false
  }

  /// Makes a fresh compressor for one image whose filtered rows are `rowBytes` long.
  func makeDeflater(rowBytes: Int, bytesPerPixel: Int) throws -> any PNGDeflater {
    switch self {
    case .zlib(let level, let strategy): return try ZlibDeflater(level: level, strategy: strategy)
    case .libdeflate(let level): return try LibdeflateDeflater(level: level)
    }
  }
}

/// Compresses filtered scanlines into one zlib stream written as IDAT chunks.
protocol PNGDeflater: AnyObject {
  /// Compresses the next piece of the scanline data; `isLast` ends the stream.
  func compress(_ input: UnsafeRawBufferPointer, isLast: Bool, to writer: PNGChunkWriter) throws
}

/// Largest IDAT chunk written; large chunks keep the per-chunk overhead negligible.
private let idatChunkSize = 256 * 1024

// MARK: - zlib

/// Owns one zlib `z_stream` and streams its output into IDAT chunks.
final class ZlibDeflater: PNGDeflater {
  private let stream: UnsafeMutablePointer<z_stream>
  private let output: UnsafeMutableRawBufferPointer

  init(level: Int32, strategy: Int32) throws {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = deflateInit2_(
      stream, level, Z_DEFLATED, MAX_WBITS, 9, strategy, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      throw PNGEncodingError("zlib could not start (status \(status))")
    }
    output = .allocate(byteCount: idatChunkSize, alignment: 16)
    resetOutput()
  }

  deinit {
    deflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
    output.deallocate()
  }

  func compress(_ input: UnsafeRawBufferPointer, isLast: Bool, to writer: PNGChunkWriter) throws {
    guard input.count <= Int(UInt32.max) else { throw PNGEncodingError("row block is too large") }
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(input.count)
    let flush = isLast ? Z_FINISH : Z_NO_FLUSH
    while true {
      if stream.pointee.avail_out == 0 { try flushOutput(to: writer) }
      let status = deflate(stream, flush)
      if status == Z_STREAM_END {
        try flushOutput(to: writer)
        return
      }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        throw PNGEncodingError("zlib failed (status \(status))")
      }
      if !isLast && stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 { return }
    }
  }

  private func flushOutput(to writer: PNGChunkWriter) throws {
    let count = idatChunkSize - Int(stream.pointee.avail_out)
    if count > 0 {
      try writer.writeChunk("IDAT", data: UnsafeRawBufferPointer(rebasing: output[0..<count]))
    }
    resetOutput()
  }

  private func resetOutput() {
    stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = uInt(idatChunkSize)
  }
}

// MARK: - libdeflate

/// Owns one libdeflate compressor; compresses the whole image in one call.
final class LibdeflateDeflater: PNGDeflater {
  private let compressor: OpaquePointer

  init(level: Int32) throws {
    guard let compressor = libdeflate_alloc_compressor(level) else {
      throw PNGEncodingError("libdeflate could not start at level \(level)")
    }
    self.compressor = compressor
  }

  deinit { libdeflate_free_compressor(compressor) }

  func compress(_ input: UnsafeRawBufferPointer, isLast: Bool, to writer: PNGChunkWriter) throws {
    guard isLast, let source = input.baseAddress else {
      throw PNGEncodingError("libdeflate needs all rows at once")
    }
    let bound = libdeflate_zlib_compress_bound(compressor, input.count)
    let output = UnsafeMutableRawBufferPointer.allocate(byteCount: bound, alignment: 16)
    defer { output.deallocate() }
    let count = libdeflate_zlib_compress(
      compressor, source, input.count, output.baseAddress, bound)
    guard count > 0 else { throw PNGEncodingError("libdeflate failed") }
    var start = 0
    while start < count {
      let end = min(start + idatChunkSize, count)
      try writer.writeChunk("IDAT", data: UnsafeRawBufferPointer(rebasing: output[start..<end]))
      start = end
    }
  }
}

/// PNG encoding with PNG filters and zlib or libdeflate, the way libpng and most encoders work.
struct AlternativeEncoder {
  var filter: PNGRowFilter
  var compression: PNGCompression

  func encode(
    pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, opaque: Bool
  ) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let bytesPerPixel = opaque ? 3 : 4
    let rowBytes = width * bytesPerPixel
    let filteredRowBytes = rowBytes + 1
    let rowsPerBlock =
      compression.needsWholeImage ? height : max(1, min(height, 64 * 1024 / filteredRowBytes))
    var current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
    var previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
    let block = UnsafeMutablePointer<UInt8>.allocate(capacity: rowsPerBlock * filteredRowBytes)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * filteredRowBytes)
    defer {
      current.deallocate()
      previous.deallocate()
      block.deallocate()
      scratch.deallocate()
    }
    previous.initialize(repeating: 0, count: rowBytes)
    let writer = PNGChunkWriter { bytes.append(contentsOf: $0) }
    try writer.writeSignature()
    var header = [UInt8](repeating: 0, count: 13)
    PNGChunkWriter.storeBigEndian(UInt32(width), in: &header, at: 0)
    PNGChunkWriter.storeBigEndian(UInt32(height), in: &header, at: 4)
    header[8] = 8
    header[9] = opaque ? 2 : 6
    try writer.writeChunk("IHDR", bytes: header)
    let deflater = try compression.makeDeflater(
      rowBytes: filteredRowBytes, bytesPerPixel: bytesPerPixel)
    var rowsInBlock = 0
    for y in 0..<height {
      let row = pixels.baseAddress! + y * stride
      if opaque {
        PNGScanlineConverter.convertOpaque(row, width: width, to: current)
      } else {
        PNGScanlineConverter.convertUnpremultiplying(row, width: width, to: current)
      }
      filter.apply(
        row: current, previous: previous, count: rowBytes, bytesPerPixel: bytesPerPixel,
        output: block + rowsInBlock * filteredRowBytes, scratch: scratch)
      swap(&current, &previous)
      rowsInBlock += 1
      let isLast = y == height - 1
      if rowsInBlock == rowsPerBlock || isLast {
        let data = UnsafeRawBufferPointer(start: block, count: rowsInBlock * filteredRowBytes)
        try deflater.compress(data, isLast: isLast, to: writer)
        rowsInBlock = 0
      }
    }
    try writer.writeChunk("IEND", bytes: [])
    return bytes
  }
}
