import Foundation

/// Google Voice from Google Takeout (docs/FORMATS.md, "Google Voice"): `Voice/Calls/` holds
/// one HTML page per text conversation (`+15551234567 - Text - 2019-03-04T17_38_01Z.html`,
/// `Group Conversation - ….html`) and per call (`… - Missed - …`, `Received`, `Placed`,
/// `Voicemail`, `Recorded`), with the pictures and recordings beside them.
///
/// Input: one page, or the Voice or Takeout folder or zip, whose pages are gathered into one
/// chat per contact or group (its texts and calls together); `--chat` picks one. "Me" is the
/// sender Voice writes as "Me".
struct GoogleVoiceFormat: ChatDescribingFormat, FileRecognizing {
  init() {}

  var name: String { "googlevoice" }
  var accepts: String { "a Voice/Calls/*.html page, or the Voice or Takeout folder or .zip" }
  /// None of its own: DiscordChatExporter's reader already has a folder of logs searched for
  /// web pages.
  var fileExtensions: Set<String> { [] }
  var folderSignatures: [[String]] { [["Calls", "Phones.vcf"], ["Voice/Calls"], ["Takeout/Voice/Calls"]] }
  var summary: String {
    "Google Voice from Google Takeout (takeout.google.com): a contact's or group's texts and calls"
  }

  func detect(_ input: ImportInput) -> Bool {
    if let file = input.file { return ((try? GoogleVoicePage.read(file, path: "")) ?? nil) != nil }
    guard let tree = input.tree, let paths = try? tree.filePaths(),
      let first = GoogleVoiceFormat.pagePaths(in: paths).first,
      let file = try? tree.sourceFile(first)
    else { return false }
    return ((try? GoogleVoicePage.read(file, path: first)) ?? nil) != nil
  }

  /// The pages of a tree: the `.html` files of its `Calls/` folder, else those at its top
  /// (the Calls folder itself).
  static func pagePaths(in paths: [String]) -> [String] {
    let pages = paths.filter { path in
      let parts = path.split(separator: "/")
      return path.lowercased().hasSuffix(".html") && parts.count >= 2 && parts[parts.count - 2] == "Calls"
    }
    if !pages.isEmpty { return pages }
    return paths.filter { $0.lowercased().hasSuffix(".html") && !$0.contains("/") }
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    guard input.file == nil else { return nil }
    var warnings: [Diagnostic] = []
    return try GoogleVoiceExport(input, warnings: &warnings).chats.map(\.name)
  }

  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)] {
    var warnings: [Diagnostic] = []
    return try GoogleVoiceExport(input, warnings: &warnings).chats.map { chat in
      let texts = chat.pages.reduce(0) { $0 + $1.messages.count }
      let calls = chat.pages.filter { $0.call != nil }.count
      return (chat.name, "\(texts) text\(texts == 1 ? "" : "s"), \(calls) call\(calls == 1 ? "" : "s")")
    }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let export = try GoogleVoiceExport(input, warnings: &warnings)
    let picker = ExportChatPicker(
      noun: "conversation",
      candidates: export.chats.map { chat in
        ExportChatPicker.Candidate(name: chat.name, id: chat.key, detail: "\(chat.pages.count) pages")
      })
    let index = try picker.pick(
      options.chat, location: SourceLocation(file: input.path, line: 1, column: 1), noting: options.chatChoice)
    var reader = GoogleVoiceReader(media: export.media)
    return reader.read(export.chats[index], warnings: &warnings)
  }
}

/// The pages of the input, gathered into chats.
struct GoogleVoiceExport {
  /// One contact's or group's pages, under the names of the people in it.
  struct Chat {
    var key: String
    var name: String
    var pages: [GoogleVoicePage]
  }

  let chats: [Chat]
  let media: GoogleVoiceMedia

  init(_ input: ImportInput, warnings: inout [Diagnostic]) throws {
    var pages: [GoogleVoicePage] = []
    if let file = input.file {
      guard let page = try GoogleVoicePage.read(file, path: file.path.split(separator: "/").last.map(String.init) ?? "")
      else {
        throw DiagnosticError(
          .error(
            "not a page of Google Voice's Takeout (no 'hChatLog' or 'haudio' block)", at: file.location(ofOffset: 0)))
      }
      pages = [page]
      media = GoogleVoiceMedia(besideFile: file.path)
    } else if let tree = input.tree {
      let paths = GoogleVoiceFormat.pagePaths(in: try tree.filePaths())
      guard paths.count <= Limit.voicePages.value else {
        throw DiagnosticError(
          .error(Limit.voicePages.exceededMessage(), at: SourceLocation(file: input.path, line: 1, column: 1)))
      }
      var skipped = UnknownKindTally()
      for path in paths {
        let file = try tree.sourceFile(path)
        if let page = try GoogleVoicePage.read(file, path: path) {
          pages.append(page)
        } else {
          skipped.note(path.split(separator: "/").last.map(String.init) ?? path, at: file.location(ofOffset: 0))
        }
      }
      if let warning = skipped.warning(
        "no Voice page:", { "skipped " + $0.replacingOccurrences(of: "message", with: "file") })
      {
        warnings.append(warning)
      }
      media = GoogleVoiceMedia(tree: tree)
    } else {
      throw DiagnosticError(.error("expected a Google Voice page, or the Voice or Takeout folder or zip"))
    }
    guard !pages.isEmpty else {
      throw DiagnosticError(
        .error(
          "expected Google Voice's Takeout: no 'Voice/Calls/*.html' page in \(input.path)",
          at: SourceLocation(file: input.path, line: 1, column: 1)))
    }
    chats = GoogleVoiceExport.gather(pages)
  }

  /// One chat per set of other people (a number, else a name), in the order first met.
  static func gather(_ pages: [GoogleVoicePage]) -> [Chat] {
    var chats: [Chat] = []
    var index: [String: Int] = [:]
    for page in pages {
      let others = page.others.filter { !$0.isMe }
      let key = Set(others.map { $0.number.isEmpty ? $0.name : $0.number }).sorted().joined(separator: ",")
      if let at = index[key] {
        chats[at].pages.append(page)
        // A call page of an unknown name, then a text that names the contact.
        if chats[at].name == key, !others.isEmpty { chats[at].name = names(others) }
      } else {
        index[key] = chats.count
        chats.append(Chat(key: key.isEmpty ? "unknown" : key, name: names(others), pages: [page]))
      }
    }
    return chats
  }

  static func names(_ people: [GoogleVoicePage.Person]) -> String {
    let names = people.map(\.name).filter { !$0.isEmpty }
    return names.isEmpty ? "Unknown" : names.joined(separator: ", ")
  }
}

/// Where the files a page points at lie: beside the page, in the same folder.
struct GoogleVoiceMedia {
  let locator: MediaLocator
  /// Paths relative to the export (for a page given alone, names in its folder).
  let paths: [String]

  init(besideFile path: String) {
    locator = MediaLocator(besideFile: path)
    let listing = MediaFolderListing(besideFile: path, folders: ["."])
    paths = listing.paths.map { String($0.dropFirst(2)) }
  }

  init(tree: any FileTree) {
    locator = MediaLocator(tree: tree)
    paths = (try? tree.filePaths()) ?? []
  }

  /// The attachment `reference` names beside the page at `pagePath`: the file itself, or
  /// the one named `reference.EXT` (Takeout leaves out an MMS picture's extension).
  func attachment(_ kind: Attachment.Kind, reference: String, besidePage page: GoogleVoicePage) -> Attachment {
    let name = reference.split(separator: "/").last.map(String.init) ?? reference
    var attachment = Attachment(kind: kind, fileName: name)
    // With its `/`, or "" beside a page given alone.
    let folder = MediaPath.folder(of: page.path)
    let exact = folder + name
    let found =
      paths.contains(exact)
      ? exact
      : paths.first { $0.hasPrefix(exact + ".") && !$0.dropFirst(folder.count).contains("/") }
    if let found {
      attachment.fileName = found.split(separator: "/").last.map(String.init)
      if kind == .image || kind == .file, let fileName = attachment.fileName {
        let byName = FileTypes.kind(ofFile: fileName)
        if byName != .file { attachment.kind = byName }
      }
      _ = locator.resolve(&attachment, at: found)
    }
    return attachment
  }
}
