import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Telegram Desktop's HTML export (issue 36): `telegram-html/` is one invented chat exported as
/// both HTML (`messages.html`, `messages2.html` and the media folders) and JSON (`result.json`,
/// its twin), as Telegram Desktop's "HTML and JSON" choice writes them into one folder.
@Suite struct TelegramHTMLFormatTests {
  let format = TelegramHTMLFormat()
  static let firstPage = "telegram-html/messages.html"
  static let twin = "telegram-html/result.json"

  // MARK: - The sample

  @Test func readsBothPagesMessageByMessage() throws {
    let (transcript, warnings) = try ImportFixtures.readDetected(
      ImportFixtures.input(Self.firstPage), as: "telegram-html")
    #expect(warnings.isEmpty, "\(warnings.map(\.message))")
    #expect(transcript.title == "Mira Okafor")
    // A chat of two named after Mira: Lukas is "me".
    #expect(transcript.meID == "name:Lukas Brandt")
    let mira = "Mira Okafor"
    let lukas = "Lukas Brandt"
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(mira, .received, "2024-03-14T08:05:12Z", "Morning! Are we still on for Porto?"),
        MessageRow(mira, .received, "2024-03-14T08:05:40Z", "I found cheap flights ✈️\nFriday 07:40 from Berlin"),
        MessageRow(lukas, .sent, "2024-03-14T08:07:03Z", "Yes! Send me the dates & the price"),
        MessageRow(lukas, .sent, "2024-03-14T08:07:30Z", "The view from the hostel roof"),
        MessageRow(mira, .received, "2024-03-14T08:10:00Z", "Tram 28 runs every 15 minutes, see the timetable"),
        MessageRow(mira, .received, "2024-03-14T08:12:00Z", ""),
        MessageRow(mira, .received, "2024-03-14T08:12:20Z", ""),
        MessageRow(
          lukas, .sent, "2024-03-15T17:30:00Z",
          "Which day for the river cruise?\n• Friday (1 vote)\n• Saturday (1 vote)\n• Sunday (0 votes)"),
        MessageRow(lukas, .sent, "2024-03-15T17:31:00Z", ""),
        MessageRow(nil, .center, nil, "Lukas Brandt pinned this message", .system),
        MessageRow(mira, .received, "2024-03-15T17:40:05Z", "See you at Campanhã station, platform 4"),
        MessageRow(mira, .received, "2024-03-15T17:41:00Z", "Last year's ride, for the mood"),
      ])
    #expect(transcript.messages.map(\.id) == (2...13).map(String.init))
    #expect(transcript.messages[0].location?.line == 46)
    #expect(transcript.messages[9].location?.file.hasSuffix("messages2.html") == true)
  }

  @Test func keepsRepliesForwardsReactionsAndMedia() throws {
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(Self.firstPage), as: format)
    let byID = Dictionary(uniqueKeysWithValues: transcript.messages.map { ($0.id ?? "", $0) })
    #expect(byID["4"]?.extras.replyTo == "2")
    #expect(byID["4"]?.extras.reactions == [Reaction(emoji: "👍", count: 1)])
    #expect(byID["5"]?.extras.reactions == [Reaction(emoji: "❤", count: 1), Reaction(emoji: "😂", count: 1)])
    #expect(byID["6"]?.extras.forwardedFrom == "Porto Tourism")
    #expect(
      byID["6"]?.extras.spans == [
        TextSpan(start: 19, length: 10, style: .bold),
        TextSpan(start: 35, length: 13, style: .link("https://example.org/trams")),
      ])
    #expect(
      ImportFixtures.chips(transcript) == [
        "4 image:photo_1@14-03-2024_09-07-30.jpg", "6 file:itinerary.pdf",
        "7 audio:audio_1@14-03-2024_09-12-20.ogg", "9 sticker:sticker.webp", "12 video:trip.mp4",
      ])
    let found = transcript.messages.flatMap(\.extras.attachments).filter { $0.source != nil }
    #expect(found.count == 5)
    #expect(byID["8"]?.extras.attachments.first?.duration == 5)
    #expect(byID["13"]?.extras.attachments.first?.duration == 12)
  }

  /// The HTML pages and `result.json` of the same chat give the same messages: authors,
  /// sides, times, text and its styles, replies, forwards, reactions and media. A service
  /// line keeps Telegram's own sentence and has no time in HTML; its place and id match.
  @Test func readsTheSameChatAsItsJSONTwin() throws {
    let (html, _) = try ImportFixtures.read(ImportFixtures.input(Self.firstPage), as: format)
    let (json, _) = try ImportFixtures.read(ImportFixtures.input(Self.twin), as: TelegramFormat())
    #expect(html.title == json.title)
    #expect(Set(html.participants.map(\.name)) == Set(json.participants.map(\.name)))
    #expect(html.participant(id: html.meID ?? "")?.name == json.participant(id: json.meID ?? "")?.name)
    #expect(html.messages.count == json.messages.count)
    let ordinary = { (transcript: Transcript) in MessageRow.rows(transcript).filter { $0.kind == .message } }
    #expect(ordinary(html) == ordinary(json))
    for (left, right) in zip(html.messages, json.messages) {
      #expect(left.id == right.id)
      #expect(left.kind == right.kind, "message \(left.id ?? "")")
      guard left.kind == .message else { continue }
      #expect(left.extras.replyTo == right.extras.replyTo, "message \(left.id ?? "")")
      #expect(left.extras.forwardedFrom == right.extras.forwardedFrom, "message \(left.id ?? "")")
      #expect(left.extras.spans == right.extras.spans, "message \(left.id ?? "")")
      #expect(
        left.extras.reactions.map { "\($0.emoji)\($0.count)" }
          == right.extras.reactions.map { "\($0.emoji)\($0.count)" })
      #expect(Self.media(left) == Self.media(right), "message \(left.id ?? "")")
    }
  }

  /// What both exports say of a message's files: kind, name, where it is, size, length.
  static func media(_ message: Message) -> [String] {
    message.extras.attachments.map { attachment in
      let source = attachment.source.map { "\($0)" } ?? "none"
      return
        "\(attachment.kind) \(attachment.fileName ?? "-") \(source) \(attachment.byteCount ?? -1) \(attachment.duration ?? -1)"
    }
  }

  // MARK: - Detection

  @Test func aFolderOfPagesIsReadFromItsFirstPage() throws {
    try TemporaryFolder.with { folder in
      for name in ["messages.html", "messages2.html"] {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: ImportFixtures.path("telegram-html/" + name))))
        try TemporaryFolder.write(bytes, to: folder.appendingPathComponent("export/" + name))
      }
      let path = folder.appendingPathComponent("export").path
      #expect(ImportInput.isExportFolder(path))
      let (transcript, warnings) = try ImportFixtures.readDetected(ImportInput.open(path), as: "telegram-html")
      #expect(transcript.messages.count == 12)
      // The media folders were not copied.
      #expect(warnings.map(\.message) == ["5 attached files are not in the export"])
    }
  }

  @Test func theBothFormatsFolderIsReadAsJSON() throws {
    let input = try ImportFixtures.input("telegram-html")
    #expect(Importer.detect(input)?.name == "telegram")
  }

  @Test func noOtherFixtureIsTakenForIt() throws {
    for name in try ImportFixtures.fixtureNames(except: "telegram-html") {
      let input = try ImportFixtures.input(name)
      #expect(!format.detect(input), "\(name)")
    }
  }

  @Test func anHTMLPageOfSomethingElseIsNotIt() throws {
    let page = "<!DOCTYPE html><html><body><div class=\"history\"><div class=\"message\">hi</div></div></body></html>"
    #expect(!format.detect(try ImportFixtures.input(text: page, path: "messages.html")))
  }

  // MARK: - Pages, joined messages and errors

  /// A page on its own (in the fixture, only `messages.html` leads on to the next).
  static func page(_ messages: String, title: String = "Ana") -> String {
    """
    <!DOCTYPE html>
    <html>
     <body>
      <div class="page_wrap">
       <div class="page_header"><div class="content"><div class="text bold">
    \(title)
       </div></div></div>
       <div class="page_body chat_page">
        <div class="history">
    \(messages)
        </div>
       </div>
      </div>
     </body>
    </html>
    """
  }

  static func message(_ id: Int, from name: String?, _ text: String, title: String = "01.02.2024 10:00:00 UTC+00:00")
    -> String
  {
    let joined = name == nil ? " joined" : ""
    let from = name.map { "<div class=\"from_name\">\n\($0)\n</div>" } ?? ""
    return """
      <div class="message default clearfix\(joined)" id="message\(id)">
       <div class="body">
        <div class="pull_right date details" title="\(title)">
      10:00
        </div>
        \(from)
        <div class="text">
      \(text)
        </div>
       </div>
      </div>
      """
  }

  @Test func aJoinedMessageContinuesItsSender() throws {
    let page = Self.page(
      Self.message(1, from: "Ana", "one") + Self.message(2, from: nil, "two") + Self.message(3, from: "Ben", "three")
        + Self.message(4, from: nil, "four"))
    let (transcript, _) = try ImportFixtures.parse(
      ImportFixtures.input(text: page, path: "messages.html"), with: format)
    #expect(transcript.messages.map { $0.authorID ?? "" } == ["name:Ana", "name:Ana", "name:Ben", "name:Ben"])
    #expect(transcript.meID == "name:Ben")
  }

  @Test func aDateWithoutOffsetIsTheWallClock() throws {
    let page = Self.page(Self.message(1, from: "Ana", "hi", title: "01.02.2024 10:00:07"))
    let (transcript, _) = try ImportFixtures.parse(
      ImportFixtures.input(text: page, path: "messages.html"), with: format)
    #expect(transcript.messages.first?.time.map(ISO8601.format) == "2024-02-01T10:00:07")
  }

  @Test func aJoinedMessageWithNobodyBeforeIsAnErrorAtItsLine() throws {
    let page = Self.page(Self.message(7, from: nil, "orphan"))
    let diagnostic = try ImportFixtures.error {
      _ = try ImportFixtures.parse(ImportFixtures.input(text: page, path: "messages3.html"), with: format)
    }
    #expect(diagnostic.message == "a joined Telegram message with no sender before it")
    #expect(diagnostic.position == "10:1")
  }

  @Test func anInvalidDateIsAnErrorAtItsLine() throws {
    let page = Self.page(Self.message(1, from: "Ana", "hi", title: "yesterday at noon"))
    let diagnostic = try ImportFixtures.error {
      _ = try ImportFixtures.parse(ImportFixtures.input(text: page, path: "messages.html"), with: format)
    }
    #expect(diagnostic.message == "invalid date 'yesterday at noon' (expected such as 14.03.2024 09:05:12 UTC+01:00)")
    #expect(diagnostic.position == "12:1")
  }

  @Test func markupInTheTextStaysText() throws {
    let page = Self.page(Self.message(1, from: "Ana", "&lt;b&gt;not bold&lt;/b&gt; &amp; <em>this</em>"))
    let (transcript, _) = try ImportFixtures.parse(
      ImportFixtures.input(text: page, path: "messages.html"), with: format)
    #expect(transcript.messages.first?.text == "<b>not bold</b> & this")
    #expect(transcript.messages.first?.extras.spans == [TextSpan(start: 18, length: 4, style: .italic)])
  }
}
