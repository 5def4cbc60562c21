import Foundation

/// A vCard's `PHOTO` (docs/FORMATS.md, "--names"): inline base64, as Contacts writes it
/// (3.0: `PHOTO;ENCODING=b;TYPE=JPEG:…`, 2.1: `PHOTO;JPEG;ENCODING=BASE64:…`), a `data:` URI
/// (4.0: `PHOTO:data:image/jpeg;base64,…`) or a local `file:` URI. An `http:` address is
/// left alone: nothing is fetched.
enum ContactPhoto {
  /// Base64 text, decoded only for a card that names someone of the chat.
  case base64(String)
  /// A file path as written: absolute, or relative to the vCard file.
  case file(String)

  /// The photo of a `PHOTO` line with `value` and `parameters` (upper-cased, after the
  /// property's name); nil for an address on the web or something unknown.
  init?(value: String, parameters: ArraySlice<String>) {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    let isBase64 = parameters.contains { $0 == "ENCODING=B" || $0 == "ENCODING=BASE64" || $0 == "BASE64" }
    if isBase64 {
      self = .base64(trimmed)
    } else if trimmed.lowercased().hasPrefix("data:"), let comma = trimmed.firstIndex(of: ",") {
      guard trimmed[..<comma].lowercased().hasSuffix(";base64") else { return nil }
      self = .base64(String(trimmed[trimmed.index(after: comma)...]))
    } else if trimmed.lowercased().hasPrefix("file:") {
      guard let path = Self.path(ofFileURI: trimmed) else { return nil }
      self = .file(path)
    } else {
      return nil
    }
  }

  /// `file:///home/ana/pic.jpg` and `file://localhost/…` are absolute, `file:pic.jpg`
  /// relative; percent escapes undone. Nil for another host's file.
  private static func path(ofFileURI uri: String) -> String? {
    var rest = uri.dropFirst("file:".count)
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
      guard ["", "localhost"].contains(rest[..<hostEnd].lowercased()) else { return nil }
      rest = rest[hostEnd...]
    }
    let path = String(rest).removingPercentEncoding ?? String(rest)
    return path.isEmpty ? nil : path
  }

  /// Where the picture's bytes are; nil for base64 that does not decode.
  func source(besideFolder folder: String) -> AttachmentSource? {
    switch self {
    case .base64(let text):
      return Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { .data(Array($0)) }
    case .file(let path):
      if path.hasPrefix("/") || folder.isEmpty { return .file(path: path) }
      return .file(path: (folder as NSString).appendingPathComponent(path))
    }
  }
}
