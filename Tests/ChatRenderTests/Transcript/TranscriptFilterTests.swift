import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct TranscriptFilterTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let utc = TimeZone(identifier: "UTC")!

  func instant(_ text: String) -> MessageTime {
    guard case .instant(let date)? = ISO8601.parse(text) else {
      fatalError("bad test time \(text)")
    }
    return .instant(date)
  }

  func day(_ text: String) -> LocalDate { TranscriptFilter.parseDate(text)! }

  /// Messages "m1"… at the given times.
  func transcript(_ times: [MessageTime?]) -> Transcript {
    Transcript(
      participants: [Participant(id: "a", name: "Ana")],
      messages: times.enumerated().map { index, time in
        Message(id: "m\(index + 1)", authorID: "a", time: time, text: "t\(index + 1)")
      })
  }

  // MARK: - Dates

  @Test(arguments: [
    ("2024-03-09", LocalDate(year: 2024, month: 3, day: 9)),
    ("2024-3-9", LocalDate(year: 2024, month: 3, day: 9)),
    (" 2024-02-29 ", LocalDate(year: 2024, month: 2, day: 29)),
  ])
  func parsesDates(text: String, date: LocalDate) {
    #expect(TranscriptFilter.parseDate(text) == date)
  }

  @Test(arguments: [
    "", "2024", "2024-03", "2023-02-29", "2024-13-01", "2024-00-10", "24-03-09",
    "2024/03/09", "2024-03-09T10:00", "2024-3-x", "+024-03-09", "2024--3-09",
  ])
  func rejectsInvalidDates(text: String) {
    #expect(TranscriptFilter.parseDate(text) == nil)
  }

  @Test func keepsDaysInclusivelyInTheGivenZone() {
    // 23:30 UTC on the 8th is already the 9th in Berlin (UTC+1 in March); 23:00 UTC on the
    // 9th is the 10th there.
    let times: [MessageTime?] = [
      instant("2024-03-08T22:30:00Z"), instant("2024-03-08T23:30:00Z"),
      instant("2024-03-09T22:59:59Z"), instant("2024-03-09T23:00:00Z"),
    ]
    let inBerlin = TranscriptFilter(
      from: day("2024-03-09"), to: day("2024-03-09"), timeZone: Self.berlin)
    #expect(inBerlin.apply(to: transcript(times)).messages.map(\.id) == ["m2", "m3"])
    let inUTC = TranscriptFilter(from: day("2024-03-09"), to: day("2024-03-09"), timeZone: Self.utc)
    #expect(inUTC.apply(to: transcript(times)).messages.map(\.id) == ["m3", "m4"])
  }

  @Test func appliesOpenEndedRanges() {
    let times: [MessageTime?] = [
      instant("2024-03-07T12:00:00Z"), instant("2024-03-08T00:00:00Z"),
      instant("2024-03-10T23:59:59Z"),
    ]
    let from = TranscriptFilter(from: day("2024-03-08"), timeZone: Self.utc)
    #expect(from.apply(to: transcript(times)).messages.map(\.id) == ["m2", "m3"])
    let to = TranscriptFilter(to: day("2024-03-08"), timeZone: Self.utc)
    #expect(to.apply(to: transcript(times)).messages.map(\.id) == ["m1", "m2"])
  }

  @Test func usesWallClockDatesAsWrittenAndKeepsUndatedMessages() {
    let times: [MessageTime?] = [
      .wallClock(
        LocalDateTime(date: LocalDate(year: 2024, month: 3, day: 8), hour: 23, minute: 59)),
      nil,
      .wallClock(LocalDateTime(date: nil, hour: 9, minute: 0)),
      .wallClock(LocalDateTime(date: LocalDate(year: 2024, month: 3, day: 9), hour: 0, minute: 1)),
    ]
    let filter = TranscriptFilter(
      from: day("2024-03-09"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
    #expect(filter.apply(to: transcript(times)).messages.map(\.id) == ["m2", "m3", "m4"])
  }

  @Test func keepsTheLastMessagesAfterTheRange() {
    let times: [MessageTime?] = (1...6).map { instant("2024-03-0\($0)T12:00:00Z") }
    let filter = TranscriptFilter(to: day("2024-03-05"), last: 2, timeZone: Self.utc)
    let result = filter.apply(to: transcript(times))
    #expect(result.messages.map(\.id) == ["m4", "m5"])
    #expect(result.participants == [Participant(id: "a", name: "Ana")])
    #expect(TranscriptFilter(last: 10).apply(to: transcript(times)).messages.count == 6)
    #expect(TranscriptFilter(last: 0).apply(to: transcript(times)).messages.isEmpty)
  }

  @Test func isIdentityOnlyWithoutAnyChoice() {
    #expect(TranscriptFilter().isIdentity)
    #expect(!TranscriptFilter(last: 3).isIdentity)
    #expect(!TranscriptFilter(redact: true).isIdentity)
    #expect(!TranscriptFilter(from: day("2024-01-01")).isIdentity)
    let original = transcript([nil])
    #expect(TranscriptFilter().apply(to: original) == original)
  }

  // MARK: - Redaction

  func chat() -> Transcript {
    Transcript(
      title: "Rosa Delgado & Sam",
      participants: [
        Participant(id: "me", name: "Sam Okafor"),
        Participant(id: "+14155550142", name: "Rosa Delgado"),
        Participant(id: "U3", name: "Wei"),
      ],
      meID: "me",
      messages: [
        Message(
          authorID: "+14155550142", text: "Hi Sam! Call me on +44 7700 900123 or (415) 555-0134",
          extras: MessageExtras(spans: [TextSpan(start: 3, length: 3, style: .bold)])),
        Message(
          authorID: "me",
          text: "Rosa, mail ana@example.com, see https://x.y/z. @Wei says hi",
          extras: MessageExtras(
            attachments: [Attachment(kind: .file, fileName: "Rosa Delgado 07700 900123.pdf")],
            reactions: [Reaction(emoji: "👍", count: 1, by: ["+14155550142"])],
            spans: [
              TextSpan(start: 32, length: 13, style: .link("https://x.y/z")),
              TextSpan(start: 47, length: 4, style: .mention("U3")),
              TextSpan(start: 52, length: 4, style: .italic),
              TextSpan(start: 6, length: 10, style: .code),
            ])),
        Message(
          authorID: nil, text: "rosa delgado left; samantha stays; Same time 2024-03-15, 3.14159",
          kind: .system),
        Message(
          authorID: "U3", text: "thanks @Pat Lind, see 192.168.1.20",
          extras: MessageExtras(
            spans: [TextSpan(start: 7, length: 9, style: .mention("U77"))],
            forwardedFrom: "Pat Lind")),
      ])
  }

  @Test func renamesParticipantsInOrderOfFirstAppearance() {
    let result = TranscriptFilter(redact: true).apply(to: chat())
    #expect(result.meID == "person-b")
    #expect(
      result.participants == [
        Participant(id: "person-b", name: "Person B"),
        Participant(id: "person-a", name: "Person A"),
        Participant(id: "person-c", name: "Person C"),
      ])
    #expect(result.messages.map(\.authorID) == ["person-a", "person-b", nil, "person-c"])
    #expect(result.side(of: result.messages[1]) == .sent)
    #expect(result.title == "Person A & Person B")
  }

  @Test func masksNamesPhonesEmailsAndLinksInTexts() {
    let result = TranscriptFilter(redact: true).apply(to: chat())
    #expect(
      result.messages.map(\.text) == [
        "Hi Person B! Call me on [phone] or [phone]",
        "Person A, mail [email], see [link]. @Person C says hi",
        "Person A left; samantha stays; Same time 2024-03-15, 3.14159",
        "thanks @Person D, see [IP]",
      ])
    #expect(result.messages[1].extras.attachments == [Attachment(kind: .file, fileName: "file-1.pdf")])
    #expect(
      result.messages[1].extras.reactions == [Reaction(emoji: "👍", count: 1, by: ["person-a"])])
    #expect(result.messages[3].extras.forwardedFrom == "Person D")
  }

  @Test func movesSpansWithTheTextAndDropsLinksAndCutSpans() {
    let result = TranscriptFilter(redact: true).apply(to: chat())
    // "Sam" (3 scalars) became "Person B" (8): the bold span grows with it.
    #expect(result.messages[0].extras.spans == [TextSpan(start: 3, length: 8, style: .bold)])
    // The link goes; the mention and italic move; the code span, cut by "[email]", goes.
    #expect(
      result.messages[1].extras.spans == [
        TextSpan(start: 36, length: 9, style: .mention("person-c")),
        TextSpan(start: 46, length: 4, style: .italic),
      ])
    let text = Array(result.messages[1].text.unicodeScalars)
    #expect(String(String.UnicodeScalarView(text[36..<45])) == "@Person C")
    #expect(String(String.UnicodeScalarView(text[46..<50])) == "says")
    #expect(
      result.messages[3].extras.spans == [TextSpan(start: 7, length: 9, style: .mention("person-d"))])
  }

  @Test func redactsAfterFiltering() {
    let filter = TranscriptFilter(last: 1, redact: true)
    let result = filter.apply(to: chat())
    #expect(result.messages.map(\.text) == ["thanks @Person D, see [IP]"])
    // Wei speaks first in what is left.
    #expect(result.participants.map(\.name) == ["Person B", "Person C", "Person A"])
  }

  @Test func redactsTheSlackSampleMentions() throws {
    let transcript = try ImportFixtures.parse(
      ImportFixtures.input("slack-export"), with: SlackFormat(), options: ImportOptions(chat: "general")
    ).0
    let result = TranscriptFilter(redact: true).apply(to: transcript)
    #expect(result.messages.first?.text == "@Person A has joined the channel")
    #expect(result.messages[2].text == "Heads-up: status page shows degraded API & CDN")
    #expect(result.messages[2].extras.spans.isEmpty)
    #expect(
      result.messages.last?.text == "welp, my original question is gone 😅 cc @Person B in #random")
    #expect(!result.participants.contains { !$0.name.hasPrefix("Person ") })
  }

  // MARK: - Contact data

  @Test(arguments: [
    ("+44 7700 900123", "[phone]"), ("(415) 555-0134", "[phone]"),
    ("call 415-555-0134.", "call [phone]."),
    ("415.555.0134", "[phone]"), ("07700 900123", "[phone]"), ("+1 415 555 0134!", "[phone]!"),
    ("tel:+4915112345678", "tel:[phone]"), ("555-0134", "[phone]"), ("0612345678", "[phone]"),
    ("ana@example.com", "[email]"), ("<a.b+c@mail.example.co.uk>", "<[email]>"),
    ("https://x.y/z", "[link]"), ("(see www.example.com/a_(b))", "(see [link])"),
    ("HTTP://EXAMPLE.COM/path?q=1, ok", "[link], ok"), ("https://x.y/555-0134-999", "[link]"),
    ("2024-03-15", "2024-03-15"), ("15.03.2024", "15.03.2024"), ("3.14159265", "3.14159265"),
    ("scores 10 12 15 20", "scores 10 12 15 20"), ("v2.14.0", "v2.14.0"),
    ("$23.40 at 4821", "$23.40 at 4821"),
    ("room 101", "room 101"), ("user@localhost", "user@localhost"), ("@here", "@here"),
    ("abc123456789", "abc123456789"), ("10:30–11:00", "10:30–11:00"),
    ("2024-03-15 10:30:00", "2024-03-15 10:30:00"), ("14.03.24 09:15", "14.03.24 09:15"),
    ("IMG-20240314-WA0007.jpg", "IMG-20240314-WA0007.jpg"), ("1710523200123", "1710523200123"),
    ("192.168.1.20", "192.168.1.20"), ("+1 (415) 555-0142", "[phone]"),
  ])
  func masksContactData(text: String, masked: String) {
    #expect(ContactDataFinder.mask(text) == masked)
  }

  @Test func matchesNamesOnlyAsWholeWordsExceptInUnspacedScripts() {
    var matcher = NameMatcher()
    matcher.add("Sam", replacement: "P1")
    matcher.add("アイコ", replacement: "P2")
    matcher.add("Sam Okafor", replacement: "P3")
    let text = Array("Sam, same, sam okafor! アイコさん Samuel".unicodeScalars)
    let found = matcher.matches(in: text).map { ($0.range, $0.replacement) }
    #expect(found.map(\.0) == [0..<3, 11..<21, 23..<26])
    #expect(found.map(\.1) == ["P1", "P3", "P2"])
  }
}
