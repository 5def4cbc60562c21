import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct SpanJSONTests {
  func parse(_ text: String) throws -> Transcript {
    try ImportFixtures.read(ImportFixtures.input(text: text)).0
  }

  static let markdown = """
    # Plan
    Some **bold**, *it*, ~~old~~, `code`, [link](https://x.org).

    1. first
       - inner
    > quoted

    ```python
    print("hi")
    ```

    | a | b |
    |:-:|--:|
    | 1 | 2 |

    ---
    """

  @Test("every span style is written by parse and read back the same")
  func everyStyleRoundTrips() throws {
    let (text, spans) = MarkdownReader.read(Self.markdown)
    var extraSpans = spans
    extraSpans += [
      TextSpan(start: 0, length: 2, style: .underline), TextSpan(start: 2, length: 1, style: .spoiler),
      TextSpan(start: 0, length: 4, style: .mention("U1")),
      TextSpan(start: 0, length: 4, style: .codeBlock(language: nil)),
    ]
    let message = Message(authorID: "a", text: text, extras: MessageExtras(spans: extraSpans))
    let transcript = Transcript(participants: [Participant(id: "a", name: "A")], messages: [message])
    let written = TranscriptJSONWriter.write(transcript)
    var again = try parse(written)
    again.messages[0].location = nil
    #expect(again.messages == transcript.messages)
    #expect(written.contains("\"style\": \"tableCell\", \"alignment\": \"center\""))
    #expect(written.contains("\"style\": \"listItem\", \"depth\": 2, \"marker\": \"◦\""))
    #expect(written.contains("\"style\": \"codeBlock\", \"language\": \"python\""))
  }

  @Test(
    "a span's fields are checked",
    arguments: [
      ("{\"start\": 0, \"length\": 1, \"style\": \"heading\", \"level\": 9}", "'level' must be 1 to 6, found 9"),
      (
        "{\"start\": 0, \"length\": 1, \"style\": \"tableCell\", \"alignment\": \"up\"}",
        "unknown alignment 'up' (expected none, left, center or right)"
      ),
      ("{\"start\": 0, \"length\": 1, \"style\": \"blink\"}", "unknown span style 'blink'"),
    ])
  func fieldsAreChecked(span: String, message: String) throws {
    let text = "{\"version\": 1, \"messages\": [{\"kind\": \"system\", \"text\": \"x\", \"spans\": [\(span)]}]}"
    let error = try #require(throws: DiagnosticError.self) { _ = try parse(text) }
    #expect(error.diagnostics.first?.message == message)
  }
}
