/// Why a picture cannot be drawn. The caller draws a placeholder and warns once.
@_spi(Pages) public enum PictureError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes are no JPEG, PNG, WebP or GIF.
  case unknownFormat
  /// The picture claims more pixels than `PictureLimits.maximumPixels` allows.
  case tooLarge(PixelSize, limit: Int)
  /// The decoder refused the bytes.
  case corrupt(PictureFormat, reason: String)
  /// The attachment's file cannot be read.
  case unreadable(path: String, reason: String)
  /// The render decoded `limit` pixels of pictures already (`Limit.renderPicturePixels`).
  case renderBudgetSpent(limit: Int)

  /// The reason in words, for a warning.
  public var description: String {
    switch self {
    case .unknownFormat:
      return "not a picture ChatRender can draw (JPEG, PNG, WebP, GIF or HEIC)"
    case .tooLarge(let size, let limit):
      return "picture of \(size) pixels is larger than the limit of \(Limit.describe(limit, bytes: false)) pixels"
        + " (set \(Limit.picturePixels.environmentVariable ?? "") to raise it)"
    case .corrupt(let format, let reason):
      return "damaged \(format.rawValue.uppercased()) picture: \(reason)"
    case .unreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .renderBudgetSpent(let limit):
      return Limit.renderPicturePixels.exceededMessage(limit)
    }
  }
}

extension PictureError {
  /// `.corrupt` with the message a C shim wrote into `buffer`.
  static func corrupt(_ format: PictureFormat, message buffer: [CChar]) -> PictureError {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return .corrupt(format, reason: String(decoding: bytes, as: UTF8.self))
  }
}
