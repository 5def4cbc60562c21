import Foundation

/// Telegram Desktop's HTML export (docs/FORMATS.md, "Telegram HTML"), the default of its
/// export dialog: `messages.html`, `messages2.html`, … (a thousand messages each) with the
/// media in `photos/`, `files/`, `voice_messages/`, `video_files/` and `stickers/` beside them.
///
/// The pages name senders only by name: "me" is the one who is not the chat's title in a
/// chat of two, else left to `--me`. Times come from each message's `title` ("14.03.2024
/// 09:05:12 UTC+01:00"), instants when the offset is written.
struct TelegramHTMLFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "telegram-html" }
  var accepts: String { "messages.html or folder" }
  /// None: a folder of logs is not searched for web pages; an export's folder is known by
  /// its `messages.html`.
  var fileExtensions: Set<String> { [] }
  var folderSignatures: [[String]] { [[Self.firstPage]] }
  var folderEntry: String? { Self.firstPage }
  var summary: String {
    "Telegram Desktop, format HTML: a chat's ⋮ > Export chat history (the folder, or its messages.html)"
  }

  /// The first page; the next are `messages2.html`, `messages3.html`, …
  static let firstPage = "messages.html"

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file, Self.looksLikeHTML(file.bytes),
      let document = try? HTMLDocument(file)
    else { return false }
    return Self.history(in: document.root) != nil
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let first = try input.singleFile("a Telegram 'messages.html' file")
    var reader = TelegramHTMLReader(media: MediaLocator(besideFile: first.path))
    for page in try pages(from: first, of: input, warnings: &warnings) {
      let document = try HTMLDocument(page)
      guard let history = Self.history(in: document.root) else {
        throw DiagnosticError(
          .error("not a page of Telegram's HTML export (no 'history' block)", at: page.location(ofOffset: 0)))
      }
      if reader.title == nil { reader.title = Self.title(in: document.root) }
      try reader.read(history, of: page)
    }
    return reader.transcript(warnings: &warnings)
  }

  /// `first`, then, when it is `messages.html`, the pages after it in its folder, up to the
  /// limit; a page that leads out of the folder is skipped with a warning.
  private func pages(from first: SourceFile, of input: ImportInput, warnings: inout [Diagnostic]) throws
    -> [SourceFile]
  {
    guard first.path.split(separator: "/").last == Substring(Self.firstPage) else { return [first] }
    let folder = MediaPath.folder(of: first.path)
    let boundary = ExportBoundary(folder: folder.isEmpty ? "." : folder)
    var pages = [first]
    var number = 2
    while true {
      let path = MediaPath.join(folder, "messages\(number).html")
      guard FileManager.default.fileExists(atPath: path) else { break }
      guard pages.count < Limit.htmlPages.value else {
        throw DiagnosticError(.error(Limit.htmlPages.exceededMessage(), at: first.location(ofOffset: 0)))
      }
      if let reason = boundary.refusal(ofFile: path) {
        warnings.append(ExportBoundary.skipped(path, because: reason))
        break
      }
      pages.append(try input.sourceFile(atPath: path))
      number += 1
    }
    return pages
  }

  /// Whether the file starts (after a byte-order mark and white space) with a tag.
  static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count && bytes[index] == UInt8(ascii: "<")
  }

  /// The chat's list of messages: `div.history` inside `div.page_body.chat_page`.
  static func history(in root: HTMLElement) -> HTMLElement? {
    root.first { $0.hasClass("page_body") && $0.hasClass("chat_page") }?.first(class: "history")
  }

  /// The chat's name, from the page header.
  static func title(in root: HTMLElement) -> String? {
    let name = root.first(class: "page_header")?.first { $0.hasClass("text") && $0.hasClass("bold") }
    return name.map { IndentedHTMLText.trimmed($0.text) }.flatMap { $0.isEmpty ? nil : $0 }
  }
}
