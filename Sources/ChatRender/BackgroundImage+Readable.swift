/// A theme's background picture checked by the façade's reader (`BackgroundPicture`, in
/// Media, which names no theme type).
extension BackgroundImage {
  /// Reads the picture once, to fail before any chat is rendered rather than with each.
  ///
  /// - Throws: `FileError` when the file cannot be read as a PNG.
  public func checkReadable() throws {
    _ = try BackgroundPicture.pixels(at: path)
  }
}
