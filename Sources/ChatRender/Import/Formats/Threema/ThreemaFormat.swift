import Foundation

/// Threema's chat export (docs/FORMATS.md, "Threema"): a zip (`messages-<chat>.txt` and the
/// media files) of lines `[2024-05-19, 10:23] Ana: text` (older apps wrote the date day first,
/// `[19.05.2020, 10:23]`), a file as `<file name>` in the text; lines without a header carry
/// the message above on. "Me" is the sender Threema writes as `Me` (`Ich` in German). Times
/// are wall-clock times.
struct ThreemaFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "threema" }
  var accepts: String { "messages-<chat>.txt, or the export's .zip or folder" }
  var fileExtensions: Set<String> { ["txt", "zip"] }
  var summary: String { "Threema: a chat's ⋮ > Export chat (messages-<chat>.txt in a zip, with its media)" }

  /// The name the app gives its owner, by language.
  static let ownerNames: Set<String> = ["Me", "Ich"]

  /// Accepts text whose first 50 non-empty lines are at least half Threema headers; a zip or
  /// folder by such a `.txt` at its top. A lone file of year-first headers is signal-export's
  /// older layout line for line, so it is Threema's only with a `<file>` of Threema's in it.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = ThreemaFormat.messagesFile(of: input) else { return false }
    guard input.file != nil else { return true }
    let headers = ThreemaFormat.headers(of: file)
    guard ThreemaFormat.isMostlyHeaders(headers, of: file) else { return false }
    return headers.contains { !$0.isYearFirst || !ThreemaReader.fileReferences(in: $0.text).isEmpty }
  }

  /// The headers among the first 50 non-empty lines.
  static func headers(of file: SourceFile) -> [ThreemaLine] {
    file.textLines(limit: 400).lazy.filter { !file.isBlank($0) }.prefix(50).compactMap {
      ThreemaLine.parse(file.text(of: $0))
    }
  }

  static func isMostlyHeaders(_ headers: [ThreemaLine], of file: SourceFile) -> Bool {
    let lines = file.textLines(limit: 400).lazy.filter { !file.isBlank($0) }.prefix(50).count
    return !headers.isEmpty && headers.count * 2 >= lines
  }

  static func looksLikeMessages(_ file: SourceFile) -> Bool { isMostlyHeaders(headers(of: file), of: file) }

  /// The file given, or the `.txt` at the top of a zip or folder that reads as messages.
  static func messagesFile(of input: ImportInput) -> SourceFile? {
    if let file = input.file { return file }
    guard let tree = input.tree, let paths = try? tree.filePaths() else { return nil }
    for path in paths where !path.contains("/") && path.lowercased().hasSuffix(".txt") {
      if let file = try? tree.sourceFile(path), looksLikeMessages(file) { return file }
    }
    return nil
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    guard let file = ThreemaFormat.messagesFile(of: input) else {
      throw DiagnosticError(
        .error(
          "expected Threema's messages-<chat>.txt, or the export's zip or folder holding it",
          at: SourceLocation(file: input.path, line: 1, column: 1)))
    }
    var reader: ThreemaReader
    if let tree = input.tree {
      reader = ThreemaReader(file: file, locator: MediaLocator(tree: tree), paths: (try? tree.filePaths()) ?? [])
    } else {
      let listing = MediaFolderListing(besideFile: file.path, folders: ["."])
      reader = ThreemaReader(file: file, locator: listing.locator, paths: listing.paths.map { String($0.dropFirst(2)) })
    }
    return try reader.read(warnings: &warnings)
  }
}

/// Reads one Threema `messages-<chat>.txt` (see `ThreemaFormat`).
struct ThreemaReader {
  let file: SourceFile
  /// Where the media files are, and their paths (the zip's or folder's, or the names beside
  /// the file given).
  let locator: MediaLocator
  let paths: [String]
  var speakers = SpeakerTable()

  struct Entry {
    var line: ThreemaLine
    var location: SourceLocation
    var lines: [String]
  }

  mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
    var entries: [Entry] = []
    var preamble: [(String, SourceLocation)] = []
    for line in file.textLines() {
      let text = file.text(of: line)
      if let header = ThreemaLine.parse(text) {
        entries.append(Entry(line: header, location: file.location(line: line.number, column: 1), lines: [header.text]))
      } else if entries.isEmpty {
        // A line before the first header stays: a notice, never lost.
        if !file.isBlank(line) { preamble.append((text, file.location(line: line.number, column: 1))) }
      } else {
        entries[entries.count - 1].lines.append(text)
      }
    }
    guard !entries.isEmpty else {
      throw DiagnosticError(
        .error(
          "no Threema message line (such as '[2024-05-19, 10:23] Ana: text')", at: file.location(line: 1, column: 1)))
    }
    // Slashed dates are day first unless a second number over 12 says the month came first.
    let monthFirst =
      entries.contains { $0.line.separator == "/" && $0.line.numbers[1] > 12 }
      && !entries.contains { $0.line.separator == "/" && $0.line.numbers[0] > 12 }
    var messages = preamble.map { Message(authorID: nil, text: $0.0, kind: .system, location: $0.1) }
    var meID: String?
    for entry in entries {
      guard let date = entry.line.date(monthFirst: monthFirst) else {
        throw DiagnosticError(.error("invalid date in '\(entry.line.sender)''s message header", at: entry.location))
      }
      let time = LocalDateTime(date: date, hour: entry.line.hour, minute: entry.line.minute)
      let authorID = speakers.id(for: entry.line.sender)
      if ThreemaFormat.ownerNames.contains(entry.line.sender) { meID = authorID }
      messages.append(message(entry, authorID: authorID, time: .wallClock(time)))
    }
    return Transcript(title: title(), participants: speakers.participants, meID: meID, messages: messages)
  }

  /// The chat's name from `messages-<chat>.txt`, else none.
  func title() -> String? {
    guard let name = file.path.split(separator: "/").last, name.hasPrefix("messages-"), name.hasSuffix(".txt") else {
      return nil
    }
    let chat = name.dropFirst("messages-".count).dropLast(".txt".count)
    return chat.isEmpty ? nil : String(chat)
  }

  func message(_ entry: Entry, authorID: String, time: MessageTime) -> Message {
    var body = entry.lines.joined(separator: "\n")
    var attachments: [Attachment] = []
    for reference in ThreemaReader.fileReferences(in: body) {
      let name = String(reference.dropFirst().dropLast())
      let found = paths.first { ($0.split(separator: "/").last.map(String.init) ?? $0) == name }
      guard found != nil || FileTypes.kind(ofFile: name) != .file else { continue }
      var attachment = Attachment(kind: FileTypes.kind(ofFile: name), fileName: name)
      attachment.mimeType = FileTypes.mimeType(ofFile: name)
      if let found { _ = locator.resolve(&attachment, at: found) }
      attachments.append(attachment)
      body = body.replacingOccurrences(of: reference, with: "")
    }
    body = body.trimmingCharacters(in: .whitespacesAndNewlines)
    var extras = MessageExtras()
    extras.attachments = attachments
    let (text, spans) = WhatsAppFormatting.read(body)
    extras.spans = spans
    return Message(authorID: authorID, time: time, text: text, location: entry.location, extras: extras)
  }

  /// Each `<name.ext>` in `text`: a file the export holds (no space or slash in the name).
  static func fileReferences(in text: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: ">") else { break }
      let inner = after[..<close]
      if let dot = inner.lastIndex(of: "."), dot != inner.startIndex, inner.index(after: dot) != inner.endIndex,
        !inner.contains(where: { $0 == " " || $0 == "/" || $0 == "\\" || $0 == "<" || $0.isNewline }),
        inner.count <= 255
      {
        found.append(String(rest[open...close]))
      }
      rest = after[after.index(after: close)...]
    }
    return found
  }
}
