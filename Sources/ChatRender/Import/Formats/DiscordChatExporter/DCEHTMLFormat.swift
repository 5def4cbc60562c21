import Foundation

/// A channel exported as HTML by DiscordChatExporter (`--format HtmlDark`, its default, or
/// `HtmlLight`; docs/FORMATS.md, "DiscordChatExporter HTML, TXT and CSV"): a `preamble` naming
/// the guild and channel, then `chatlog__message-group`s of `chatlog__message-container`s,
/// each with its id, author (`data-user-id`), time, content, attachments (in `NAME.html_Files/`
/// with `--media`), embeds, stickers, reactions and the message it replies to; the postamble
/// gives the exporter's time zone.
///
/// The page shows times to the minute, in the exporter's culture; Discord's Markdown is
/// already drawn as HTML, so the content is read as its text (emoji pictures by their names).
struct DCEHTMLFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "dce-html" }
  var accepts: String { ".html" }
  var fileExtensions: Set<String> { ["html", "htm"] }
  var summary: String {
    "Discord channel saved by DiscordChatExporter with export format HtmlDark or HtmlLight"
  }

  /// The class names every DiscordChatExporter page has in its style sheet and body, looked
  /// for in the first MiB (the style sheet comes first).
  static let signatures = ["chatlog__message-group", "preamble__entry"]

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    let head = file.bytes.prefix(1 << 20)
    return Self.signatures.allSatisfy { head.firstRange(of: Array($0.utf8)) != nil }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let file = try input.singleFile("a DiscordChatExporter HTML page")
    let page = try HTMLDocument(file)
    var reader = DCEHTMLReader(file: file, root: page.root)
    return try reader.read()
  }
}
