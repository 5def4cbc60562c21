import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Import fixtures and text written in tests, read as the CLI reads them, and transcripts
/// flattened into rows that tests compare.
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

  /// Reads `input` as the CLI does (`format`, or the one detection finds, then `--me`), with
  /// the warnings it gives.
  static func read(
    _ input: ImportInput, as format: (any TranscriptFormat)? = nil, options: ImportOptions = ImportOptions()
  ) throws -> (Transcript, [Diagnostic]) {
    var warnings: [Diagnostic] = []
    let transcript = try Importer.read(input, format: format, options: options, warnings: &warnings)
    return (transcript, warnings)
  }

  /// Expects detection to choose the format called `name` for `input`, then reads `input` so.
  static func readDetected(
    _ input: ImportInput, as name: String, options: ImportOptions = ImportOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> (Transcript, [Diagnostic]) {
    #expect(Importer.detect(input)?.name == name, sourceLocation: sourceLocation)
    return try read(input, options: options)
  }

  /// `input` parsed by `format` alone, without what `Importer.read` adds, with its warnings.
  static func parse(
    _ input: ImportInput, with format: some TranscriptFormat, options: ImportOptions = ImportOptions()
  ) throws -> (Transcript, [Diagnostic]) {
    var warnings: [Diagnostic] = []
    let transcript = try format.parse(input, options: options, warnings: &warnings)
    return (transcript, warnings)
  }

  /// Expects `format` to throw for `text` one diagnostic, `message` at `position` (`line:column`);
  /// the diagnostic, for more checks.
  @discardableResult
  static func expectParseError(
    _ text: String, with format: some TranscriptFormat, at position: String, _ message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Diagnostic {
    let diagnostic = try error(sourceLocation: sourceLocation) { _ = try parse(input(text: text), with: format) }
    #expect(diagnostic.message == message, sourceLocation: sourceLocation)
    #expect(diagnostic.position == position, sourceLocation: sourceLocation)
    return diagnostic
  }

  /// The one diagnostic of the error `body` throws.
  static func error(
    sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void
  ) throws -> Diagnostic {
    let error = try #require(throws: DiagnosticError.self, sourceLocation: sourceLocation) {
      try body()
    }
    #expect(error.diagnostics.count == 1, sourceLocation: sourceLocation)
    return try #require(error.diagnostics.first, sourceLocation: sourceLocation)
  }

  /// The names in the fixtures folder but `name`: what a format must not take for its own.
  static func fixtureNames(except name: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != name }
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

  /// One line per message: `side author time kind: text`, new lines shown as `⏎`.
  static func rows(_ transcript: Transcript) -> [String] {
    transcript.messages.map { message in
      let time = message.time.map(ISO8601.format) ?? "-"
      let text = message.text.replacingOccurrences(of: "\n", with: "⏎")
      return "\(transcript.side(of: message).rawValue) \(message.authorID ?? "-") \(time) "
        + "\(message.kind.rawValue): \(text)"
    }
  }

  /// Each message's chips, by kind (`image`, `file:name.pdf`), for messages that have any.
  static func chips(_ transcript: Transcript) -> [String] {
    transcript.messages.enumerated().compactMap { index, message in
      let chips = message.extras.attachments.map { chip in
        chip.fileName.map { "\(chip.kind.rawValue):\($0)" } ?? chip.kind.rawValue
      }
      return chips.isEmpty ? nil : "\(index + 1) " + chips.joined(separator: ",")
    }
  }

  /// Each call, as `3 voice answered 33` (message number, medium, outcome, whole seconds or `-`).
  static func calls(_ transcript: Transcript) -> [String] {
    transcript.messages.enumerated().compactMap { index, message in
      guard let call = message.extras.call else { return nil }
      let seconds = call.duration.map { String(Int($0)) } ?? "-"
      return "\(index + 1) \(call.medium.rawValue) \(call.outcome.rawValue) \(seconds)"
    }
  }

  /// Compares `rows(transcript)` with `expected` row by row, so a failure names the message.
  static func expectRows(
    _ transcript: Transcript, _ expected: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let actual = rows(transcript)
    #expect(actual.count == expected.count, "message count", sourceLocation: sourceLocation)
    for (index, (got, want)) in zip(actual, expected).enumerated() {
      #expect(got == want, "message \(index + 1)", sourceLocation: sourceLocation)
    }
  }

  /// The first diagnostic of a failed read, as `line:column: message`.
  static func firstError(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as DiagnosticError {
      guard let first = error.diagnostics.first else { return "" }
      let location = first.location.map { "\($0.line):\($0.column): " } ?? ""
      return location + first.message
    } catch {
      return "\(error)"
    }
  }
}
