import CZlib

/// Writes the PNG signature and chunks (length, type, data, CRC-32) to a sink.
struct PNGChunkWriter {
  let sink: (UnsafeRawBufferPointer) throws -> Void

  /// The 8-byte PNG file signature.
  func writeSignature() throws {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    try signature.withUnsafeBytes { try sink($0) }
  }

  /// Writes one chunk; `type` is its four ASCII letters, such as "IDAT".
  func writeChunk(_ type: StaticString, data: UnsafeRawBufferPointer) throws {
    guard type.utf8CodeUnitCount == 4, data.count <= Int(Int32.max) else {
      throw PNGEncodingError("chunk \(type) is too large")
    }
    var header = [UInt8](repeating: 0, count: 8)
    PNGChunkWriter.storeBigEndian(UInt32(data.count), in: &header, at: 0)
    for i in 0..<4 { header[4 + i] = type.utf8Start[i] }
    var crc = header[4..<8].withUnsafeBytes { typeBytes in
      crc32_z(0, typeBytes.bindMemory(to: Bytef.self).baseAddress, 4)
    }
    if let base = data.baseAddress, data.count > 0 {
      crc = crc32_z(crc, base.assumingMemoryBound(to: Bytef.self), data.count)
    }
    var trailer = [UInt8](repeating: 0, count: 4)
    PNGChunkWriter.storeBigEndian(UInt32(truncatingIfNeeded: crc), in: &trailer, at: 0)
    try header.withUnsafeBytes { try sink($0) }
    if data.count > 0 { try sink(data) }
    try trailer.withUnsafeBytes { try sink($0) }
  }

  /// Writes one chunk from an array of bytes.
  func writeChunk(_ type: StaticString, bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try writeChunk(type, data: $0) }
  }

  static func storeBigEndian(_ value: UInt32, in bytes: inout [UInt8], at offset: Int) {
    bytes[offset] = UInt8(truncatingIfNeeded: value >> 24)
    bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
    bytes[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
    bytes[offset + 3] = UInt8(truncatingIfNeeded: value)
  }
}
