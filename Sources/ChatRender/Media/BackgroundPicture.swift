/// The theme's background picture, read and decoded as every picture is: through the input
/// limits and the pixel limit, never straight by cairo.
enum BackgroundPicture {
  /// The pixels of the PNG at `path`, whole (it is drawn tiled or to cover the page).
  ///
  /// - Throws: `FileError` naming the file when it cannot be read, is not a PNG, or claims
  ///   more pixels than `limits` allows.
  static func pixels(at path: String, limits: PictureLimits = .fromEnvironment) throws -> DecodedPicture {
    let bytes: [UInt8]
    do throws(PictureError) {
      bytes = try PictureLoader.bytes(of: .file(path: path))
    } catch {
      throw FileError(path: path, reason: reason(error))
    }
    guard PictureFormat(sniffing: bytes) == .png else {
      throw FileError(path: path, reason: "background image is not a PNG file")
    }
    do {
      return try PNGCodec.decode(bytes, fitting: nil, limits: limits)
    } catch {
      throw FileError(path: path, reason: "cannot read background image as PNG (\(error))")
    }
  }

  private static func reason(_ error: PictureError) -> String {
    if case .unreadable(_, let reason) = error { return reason }
    return "\(error)"
  }
}
