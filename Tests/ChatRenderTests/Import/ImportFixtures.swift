import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Reads import fixtures and flattens transcripts into rows that tests compare.
enum ImportFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/formats")

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// A fixture file (or folder) as the CLI would open it.
  static func input(_ name: String) throws -> ImportInput { try ImportInput.open(path(name)) }

  /// Text written in a test, as a file named `path`.
  static func input(text: String, path: String = "t.json") throws -> ImportInput {
    ImportInput(file: try SourceFile(path: path, bytes: Array(text.utf8)))
  }

  /// Parses `input` with `format` and applies `--me` as the CLI does.
  static func read(
    _ input: ImportInput, as format: any TranscriptFormat, chat: String? = nil, me: [String] = []
  ) throws -> (Transcript, [Diagnostic]) {
    var warnings: [Diagnostic] = []
    let transcript = try Importer.read(
      input, format: format, options: ImportOptions(me: me, chat: chat), warnings: &warnings)
    return (transcript, warnings)
  }

  /// The one diagnostic of the error `body` throws.
  static func error(
    _ body: () throws -> Void, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Diagnostic {
    let error = try #require(throws: DiagnosticError.self, sourceLocation: sourceLocation) {
      try body()
    }
    #expect(error.diagnostics.count == 1, sourceLocation: sourceLocation)
    return try #require(error.diagnostics.first, sourceLocation: sourceLocation)
  }

  /// Every sample in the fixtures folder, by name.
  static let samples = [
    "chatgpt-conversations.json", "discord-export.json", "irc-irssi.log", "irc.log",
    "openai-messages.json", "plain.txt", "slack-export", "sms-backup.xml",
    "telegram-full-export-result.json", "telegram-result.json", "whatsapp-android-24h.txt",
    "whatsapp-android-us-12h.txt", "whatsapp-ios-12h.txt", "whatsapp-ios-24h-de.txt",
    "signal-export", "sigtop-text.txt", "sigtop-messages.json", "matrix-export",
    "google-chat-takeout/Takeout/Google Chat/Groups/Space AAAA1234",
  ]
}

/// One message as a test checks it: who, which side, when, what, and what kind.
struct MessageRow: Equatable, CustomStringConvertible {
  var author: String?
  var side: MessageSide
  /// `ISO8601.format`: UTC with `Z` for instants, no zone for wall-clock times.
  var time: String?
  var text: String
  var kind: Message.Kind

  init(
    _ author: String?, _ side: MessageSide, _ time: String?, _ text: String,
    _ kind: Message.Kind = .message
  ) {
    self.author = author
    self.side = side
    self.time = time
    self.text = text
    self.kind = kind
  }

  var description: String {
    "(\(author ?? "nil"), \(side), \(time ?? "nil"), \(text.debugDescription), \(kind))"
  }

  static func rows(_ transcript: Transcript) -> [MessageRow] {
    transcript.messages.map { message in
      MessageRow(
        message.authorID.map { transcript.participant(id: $0)?.name ?? "?\($0)" },
        transcript.side(of: message), message.time.map(ISO8601.format), message.text,
        message.kind)
    }
  }
}

extension Diagnostic {
  /// `line:column`, for comparing error positions.
  var position: String { location.map { "\($0.line):\($0.column)" } ?? "none" }
}
