/// Avatars: a person's picture, drawn small beside their bubbles, many times over.
extension PictureCatalog {
  /// The most pixels an avatar is decoded to a side, however large its file or its frame.
  static let avatarSide = 256

  /// The pixels of the avatar at `source` that cover `needed` device pixels, at most
  /// `avatarSide` a side (the decoder may give up to twice the box: shrunk again here).
  func avatarPixels(of source: AttachmentSource, covering needed: PixelSize) throws(PictureError) -> DecodedPicture {
    let box = needed.fitted(in: PixelSize(width: Self.avatarSide, height: Self.avatarSide))
    let bytes = try PictureLoader.bytes(of: source, archives: archives)
    let decoded = try PictureDecoder.decode(bytes, fitting: box, limits: limits)
    let side = max(decoded.width, decoded.height)
    guard side > Self.avatarSide else { return decoded }
    return PictureShrink.apply((side + Self.avatarSide - 1) / Self.avatarSide, to: decoded)
  }
}
