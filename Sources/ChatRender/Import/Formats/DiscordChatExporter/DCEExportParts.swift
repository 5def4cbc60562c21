import Foundation

/// What DiscordChatExporter's HTML, plain-text and CSV exports write alike (docs/FORMATS.md,
/// "DiscordChatExporter HTML, TXT and CSV"): dates in the exporter's culture, reactions as an
/// emoji's name and a count, media as a url (relative when `--media` downloaded it), authors
/// as `name#1234` for accounts that still have a discriminator, and system messages as the
/// English sentence the exporter falls back to.
enum DCEExportParts {
  /// The sentences DiscordChatExporter writes for system messages
  /// (PlainTextMessageExtensions.GetFallbackContent): whole sentences, then prefixes.
  static let noticeSentences: Set<String> = [
    "Joined the server.", "Pinned a message.", "Started a thread.", "Changed the channel icon.",
    "Changed the channel name.", "Left the group.", "Added a recipient.", "Removed a recipient.",
  ]
  static let noticePrefixes = ["Changed the channel name: ", "Started a call that lasted "]

  /// Whether `content` is a system message's sentence rather than something typed.
  static func isNotice(_ content: String) -> Bool {
    if noticeSentences.contains(content) { return true }
    if noticePrefixes.contains(where: content.hasPrefix) { return true }
    return (content.hasPrefix("Added ") && content.hasSuffix(" to the group."))
      || (content.hasPrefix("Removed ") && content.hasSuffix(" from the group."))
  }

  /// The name drawn for `fullName` (`DiceBot#4242` is DiceBot) and the handle kept when the
  /// two differ.
  static func author(_ fullName: String) -> (name: String, handles: [String]) {
    guard let hash = fullName.lastIndex(of: "#") else { return (fullName, []) }
    let digits = fullName[fullName.index(after: hash)...]
    guard digits.count == 4, digits.allSatisfy(\.isASCIIDigitCharacter), hash > fullName.startIndex else {
      return (fullName, [])
    }
    return (String(fullName[..<hash]), [fullName])
  }

  /// A reaction by emoji name: a custom emoji's name is a word (`partyblob`), drawn as
  /// `:partyblob:` as the JSON reader draws it; a standard one is the emoji itself.
  static func reaction(name: String, count: Int) -> Reaction {
    let isWord =
      !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
      }
    return Reaction(emoji: isWord ? ":\(name):" : name, count: max(count, 1))
  }

  /// An attachment at `url`: a relative url is a file `--media` downloaded beside the export.
  static func attachment(url: String, fileName: String?, in file: SourceFile, media: MediaLocator) -> Attachment {
    let shownName = fileName ?? (url as NSString).lastPathComponent
    var attachment = Attachment(kind: FileTypes.kind(ofFile: fileName ?? url), fileName: shownName)
    if !url.contains("://") {
      let relative = url.removingPercentEncoding ?? url
      attachment.source = .file(path: MediaPath.join(MediaPath.folder(of: file.path), relative))
      media.resolve(&attachment, at: relative)
    }
    return attachment
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
