/// The picture formats ChatRender decodes, told by their first bytes.
@_spi(Pages) public enum PictureFormat: String, Sendable, Hashable {
  /// The raw value is the lowercase name, as in `image/jpeg`.
  case jpeg, png, webp, gif, heic

  /// The format `bytes` start with, or nil when they are no picture we decode.
  public init?(sniffing bytes: [UInt8]) {
    func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
    }
    if starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
      self = .gif
    } else if starts(with: Array("ftyp".utf8), at: 4), bytes.count >= 12,
      HEIFCodec.brands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
    {
      self = .heic
    } else {
      return nil
    }
  }

  /// The MIME type, for PDF embedding and diagnostics.
  public var mimeType: String { "image/" + rawValue }
}
