/// Finds the files a Messenger or Instagram conversation names. Each `uri` is relative to the
/// export's root (`messages/inbox/ana_1234/photos/1.jpg`, or `your_instagram_activity/…`),
/// and the input may be the root, a folder above or below it, or the conversation alone; so
/// the uri is tried from each folder above the conversation's, then as a path inside the
/// conversation's own folder.
struct MessengerMedia {
  let locator: MediaLocator
  /// The conversation's folder in the export's tree ("" when the input is the conversation).
  let folder: String
  /// The conversation's folder name (`ana_1234`), where a uri's part inside it starts.
  let conversationName: String
  private(set) var missing: [String] = []
  private(set) var firstMissingLocation: SourceLocation?

  init(locator: MediaLocator, folder: String, conversationName: String) {
    self.locator = locator
    self.folder = folder
    self.conversationName = conversationName
  }

  /// An attachment for `uri`, with its source when the file is in the export.
  mutating func attachment(_ uri: String, kind: Attachment.Kind, at location: SourceLocation?) -> Attachment {
    var path = uri.replacingOccurrences(of: "\\", with: "/")
    while path.hasPrefix("./") || path.hasPrefix("/") { path.removeFirst(path.hasPrefix("/") ? 1 : 2) }
    let isWeb = path.hasPrefix("http://") || path.hasPrefix("https://")
    let withoutQuery = isWeb ? String(path.prefix { $0 != "?" && $0 != "#" }) : path
    var attachment = Attachment(kind: kind, fileName: withoutQuery.split(separator: "/").last.map(String.init))
    guard !isWeb, !path.isEmpty else { return attachment }
    for candidate in candidates(path) where locator.resolve(&attachment, at: candidate) {
      return attachment
    }
    if firstMissingLocation == nil { firstMissingLocation = location }
    missing.append(path)
    return attachment
  }

  /// Where `path` may be, most likely first.
  private func candidates(_ path: String) -> [String] {
    var list: [String] = []
    var parts = folder.split(separator: "/").map(String.init)
    while true {
      list.append((parts + [path]).joined(separator: "/"))
      if parts.isEmpty { break }
      parts.removeLast()
    }
    let components = path.split(separator: "/").map(String.init)
    if !conversationName.isEmpty, let index = components.lastIndex(of: conversationName), index + 1 < components.count {
      let inside = components[(index + 1)...].joined(separator: "/")
      list.insert(folder.isEmpty ? inside : folder + "/" + inside, at: 0)
    }
    return list
  }

  /// One warning for the files the conversation names that the export does not hold.
  func warning() -> Diagnostic? {
    guard let first = missing.first else { return nil }
    let count = missing.count
    return .warning(
      "\(count) media file\(count == 1 ? "" : "s") named by the conversation \(count == 1 ? "is" : "are") not in "
        + "the export (first: \(first))", at: firstMissingLocation)
  }
}
