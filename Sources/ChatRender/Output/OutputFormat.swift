/// A kind of output file.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
  /// A PNG image, a PDF document, an SVG document or a WebP image (a sticker); the raw value
  /// is the file extension.
  case png, pdf, svg, webp

  /// The format a file name's extension names, if any.
  public init?(extensionOf path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }

  /// Whether its bytes are binary (refused on a terminal).
  public var isBinary: Bool { self != .svg }
}
