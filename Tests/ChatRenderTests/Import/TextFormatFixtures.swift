import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Fixtures and helpers shared by the WhatsApp, IRC and plain-transcript tests.
enum TextFormatFixtures {
  /// `Tests/ChatRenderTests/Fixtures/formats`.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/formats").path

  static func path(_ name: String) -> String { directory + "/" + name }

  /// A sample opened as the CLI opens it.
  static func input(_ name: String) throws -> ImportInput {
    try ImportInput.open(path(name))
  }

  /// Text given inline, as a file called `path`.
  static func input(text: String, path: String = "chat.txt") throws -> ImportInput {
    ImportInput(file: try SourceFile(path: path, bytes: Array(text.utf8)))
  }

  /// Reads through `Importer.read` (detection unless `format` is given, then `--me`).
  static func read(
    _ input: ImportInput, format: (any TranscriptFormat)? = nil,
    options: ImportOptions = ImportOptions()
  ) throws -> (Transcript, [Diagnostic]) {
    var warnings: [Diagnostic] = []
    let transcript = try Importer.read(input, format: format, options: options, warnings: &warnings)
    return (transcript, warnings)
  }

  /// One line per message: `side author time kind: text`, new lines shown as `⏎`.
  static func rows(_ transcript: Transcript) -> [String] {
    transcript.messages.map { message in
      let time = message.time.map(ISO8601.format) ?? "-"
      let text = message.text.replacingOccurrences(of: "\n", with: "⏎")
      return "\(transcript.side(of: message).rawValue) \(message.authorID ?? "-") \(time) "
        + "\(message.kind.rawValue): \(text)"
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
