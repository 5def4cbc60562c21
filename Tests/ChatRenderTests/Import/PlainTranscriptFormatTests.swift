import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct PlainTranscriptFormatTests {
  let fixtures = ImportFixtures.self

  func read(_ text: String, options: ImportOptions = ImportOptions()) throws -> (
    Transcript, [Diagnostic]
  ) {
    try fixtures.read(
      fixtures.input(text: text, path: "talk.txt"), as: PlainTranscriptFormat(),
      options: options)
  }

  @Test func sample() throws {
    let input = try fixtures.input("plain.txt")
    let (transcript, warnings) = try fixtures.readDetected(input, as: "plain")
    fixtures.expectRows(
      transcript,
      [
        "received maya - message: hey, did you see the email from the venue?",
        "sent me - message: not yet — what did they say?",
        "received maya - message: they moved us to the rooftop 🎉⏎but capacity drops to 40",
        "sent me - message: ok that's fine, we're at 36 RSVPs",
        "received maya - message: PS: they need the final list by Friday",
        "received ravi - message: can I bring my cousin? 她刚从台北来，第一次来这里",
        "sent me - message: sure! 😊",
        "received lina - message: مبروك على الحجز! 🎊",
        "received ravi - message: can I bring my cousin?⏎thanks, she's excited⏎Note: I'll send her name tonight",
        "received maya - message: 👍",
        "center - - system: Lina left the chat",
        "sent me - message: final count 38, sending now",
      ])
    #expect(transcript.meID == "me")
    #expect(transcript.participants.map(\.name) == ["Maya", "Me", "Ravi", "Lina"])
    #expect(warnings.isEmpty)
    #expect(transcript.messages[8].extras.spans == [TextSpan(start: 0, length: 22, style: .quote)])
    #expect(transcript.messages[8].location?.line == 10)
  }

  @Test func timePrefixesAndDates() throws {
    let text =
      "[2024-03-09 9:05] Ana: morning\n"
      + "[12:34] Bo: lunch?\n"
      + "(2024-03-10 10:00) Ana: next day\n"
      + "12:35:10 - Bo: ok\n"
      + "[2024-03-10T11:00:00Z] Ana: an instant\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received ana 2024-03-09T09:05:00 message: morning",
        "received bo 2024-03-09T12:34:00 message: lunch?",
        "received ana 2024-03-10T10:00:00 message: next day",
        "received bo 2024-03-10T12:35:10 message: ok",
        "received ana 2024-03-10T11:00:00Z message: an instant",
      ])
  }

  @Test func labelsAreNamesOnlyWhenTheySpeakTwice() throws {
    let text =
      "Q: what is it?\nA: a tool\nQ: who wrote it?\nA: we did\n"
      + "Note: this is our note\n"
      + "https://example.org: the site\n"
      + "Dr. Who: hello\n"
    let (transcript, _) = try read(text)
    #expect(transcript.participants.map(\.name) == ["Q", "A", "Dr. Who"])
    #expect(
      transcript.messages.map(\.text) == [
        "what is it?", "a tool", "who wrote it?",
        "we did\nNote: this is our note\nhttps://example.org: the site", "hello",
      ])
  }

  @Test func oneOffLabelStartsTheFirstMessage() throws {
    let (transcript, _) = try read("Note: first\nAna: hi\n")
    #expect(transcript.participants.map(\.name) == ["Note", "Ana"])
  }

  @Test func systemLinesParagraphsAndQuotes() throws {
    let text =
      "— Ana joined —\n"
      + "Ana: hi\n\nsecond paragraph\n> quoted later\n"
      + "[system] Bo renamed the chat\n"
      + "You: yes\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "center - - system: Ana joined",
        "received ana - message: hi⏎⏎second paragraph⏎quoted later",
        "center - - system: Bo renamed the chat",
        "sent you - message: yes",
      ])
    #expect(transcript.messages[1].extras.spans == [TextSpan(start: 21, length: 12, style: .quote)])
  }

  @Test func meOptionWins() throws {
    let (transcript, _) = try read("Me: a\nMaya: b\n", options: ImportOptions(me: ["maya"]))
    #expect(transcript.meID == "maya")
  }

  @Test(arguments: [
    ("[25:99] Ana: hi\n", "1:2: invalid time '25:99'"),
    ("Ana: hi\n(12:3x) Bo: x\n", "2:2: invalid time '12:3x'"),
    ("Meeting notes\nAna: hi\n", "1:1: expected a message, such as 'Name: text'"),
    ("\n\n  \n", "1:1: file is empty"),
  ])
  func reportsErrorsAtLineAndColumn(text: String, expected: String) {
    #expect(fixtures.firstError { _ = try read(text) } == expected)
  }
}
