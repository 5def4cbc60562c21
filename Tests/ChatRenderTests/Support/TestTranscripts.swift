import Foundation

@_spi(Pages) @testable import ChatRender

/// Transcripts for tests, read from source text with our own formats.
enum TestTranscripts {
  /// `source` read as a `.chat` file.
  static func chat(_ source: String, path: String = "t.chat") throws -> Transcript {
    try parse(source, path: path, with: ChatTextFormat())
  }

  /// `source` read as our JSON format.
  static func json(_ source: String, path: String = "t.json") throws -> Transcript {
    try parse(source, path: path, with: JSONTranscriptFormat())
  }

  private static func parse(_ source: String, path: String, with format: some TranscriptFormat) throws -> Transcript {
    try ImportFixtures.parse(ImportFixtures.input(text: source, path: path), with: format).0
  }

  /// The first page of `transcript` laid out with the fixed-advance measurer in UTC.
  static func firstPage(of transcript: Transcript, theme: Theme = .default) throws -> LaidOutPage {
    let layout = ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    guard let page = layout.layout(transcript).pages.first else { throw TestFailure("no page") }
    return page
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
