import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The imessage theme as Apple Messages draws a conversation (issue 22, point 13): a heading
/// with the day and time after an hour's silence (the day's label holding the time), times
/// under messages only when the theme asks, "Edited" under an edited bubble, and tapbacks on
/// the bubble's top corner, clear of every text and every other message.
@Suite struct IMessageLookTests {
  init() { TestEnvironment.prepare() }

  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana Costa Bettencourt"},
                      {"id": "yu", "name": "Yuki"}],
     "messages": [
      {"from": "ana", "time": "2025-05-03T09:00:00Z", "text": "Morning! Are we still on for the tram?"},
      {"from": "sam", "time": "2025-05-03T09:01:00Z", "text": "yep, gg", "reactions": [{"emoji": "❤", "count": 1}]},
      {"from": "sam", "time": "2025-05-03T09:02:00Z", "text": "pyjamas", "edited": true,
       "reactions": [{"emoji": "😂", "count": 2}]},
      {"from": "ana", "time": "2025-05-03T09:03:00Z", "text": "ok", "reactions": [{"emoji": "👍", "count": 1}]},
      {"from": "yu", "time": "2025-05-03T10:30:00Z", "text": "東京からの便は少し遅れています", "edited": true},
      {"from": "yu", "time": "2025-05-03T10:31:00Z", "text": "ㅋㅋㅋㅋ 정말",
       "reactions": [{"emoji": "👍", "count": 3}, {"emoji": "❤️", "count": 2}, {"emoji": "😂", "count": 1},
                     {"emoji": "‼️", "count": 1}, {"emoji": "❓", "count": 1}]},
      {"from": "sam", "time": "2025-05-03T10:32:00Z", "text": "مرحبا بالجميع", "reactions": [{"emoji": "👍", "count": 1}]},
      {"from": "ana", "time": "2025-05-03T11:40:00Z", "text": "Back from the beach", "edited": true,
       "reactions": [{"emoji": "👍", "count": 1}]},
      {"from": "ana", "time": "2025-05-04T08:00:00Z", "text": "Next day"}
     ]}
    """

  func page(_ theme: Theme = .imessage, locale: String? = nil) throws -> LaidOutPage {
    var options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    if let locale { options.dateText = DateTextStyle(locale: try #require(TextLocale.named(locale))) }
    var iterator = try ChatRenderer(theme: theme, options: options).pages(of: try TestTranscripts.json(Self.chat))
    let first = iterator.next()
    return try #require(first)
  }

  static func texts(_ page: LaidOutPage) -> [TextBlock] {
    page.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  static func bubbles(_ page: LaidOutPage) -> [BubbleItem] {
    page.items.compactMap { if case .bubble(let bubble) = $0 { bubble } else { nil } }
  }

  static func tapbacks(_ page: LaidOutPage) -> [BadgeItem] {
    page.items.compactMap { if case .badge(let badge) = $0, badge.messageIndex != nil { badge } else { nil } }
  }

  @Test("a heading with the day and time starts each day and follows an hour's silence")
  func timeHeadings() throws {
    let headings = Self.bubbles(try page()).filter { $0.role == .day }.count
    let labels = Self.texts(try page()).map(\.text.text)
    #expect(headings == 4)
    #expect(labels.contains("Sat, 3 May 2025 09:00"))
    #expect(labels.contains("Sat, 3 May 2025 10:30"))
    #expect(labels.contains("Sat, 3 May 2025 11:40"))
    #expect(labels.contains("Sun, 4 May 2025 08:00"))
    // Merged: the day's label is not drawn a second time, and no message shows its time.
    #expect(!labels.contains("Saturday, 3 May 2025"))
    #expect(!labels.contains { $0.contains("09:01") })
  }

  @Test("a page that begins mid-day repeats the day in the headings' form, not an earlier heading's time")
  func pageTopRepeatsThePlainDay() throws {
    var options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    options.pageHeight = 260
    var iterator = try ChatRenderer(theme: .imessage, options: options).pages(of: try TestTranscripts.json(Self.chat))
    var dayLabels: [String] = []
    while let page = iterator.next() {
      let items = page.items
      for (index, item) in items.enumerated() {
        guard case .bubble(let pill) = item, pill.role == .day, case .text(let text) = items[index + 1] else {
          continue
        }
        dayLabels.append(text.text.text)
      }
    }
    // One format on every page (issue 37): the headings' short day, never the long one.
    #expect(dayLabels.contains("Sat, 3 May 2025"))
    #expect(!dayLabels.contains { $0.hasPrefix("Saturday") })
    let headings = dayLabels.filter { $0.contains(":") }
    #expect(
      headings == ["Sat, 3 May 2025 09:00", "Sat, 3 May 2025 10:30", "Sat, 3 May 2025 11:40", "Sun, 4 May 2025 08:00"])
  }

  @Test("the heading is in the document's language")
  func headingInGerman() throws {
    let labels = Self.texts(try page(locale: "de_DE")).map(\.text.text)
    #expect(labels.contains("Sa. 3. Mai 2025 10:30"))
    #expect(labels.contains("Bearbeitet"))
  }

  @Test("times under each message when the theme asks for them")
  func timesOnRequest() throws {
    var theme = Theme.imessage
    theme.timestamps.placement = .below
    let labels = Self.texts(try page(theme)).map(\.text.text)
    #expect(labels.contains("09:01"))
    #expect(labels.contains("edited 09:02"))
  }

  @Test("\"Edited\" under each edited bubble, on its author's side")
  func editedUnderTheBubble() throws {
    let page = try page()
    let edited = Self.texts(page).filter { $0.text.text == "Edited" }
    #expect(edited.count == 3)
    for label in edited {
      let above = Self.bubbles(page).filter { $0.role != .day && $0.shape.frame.maxY <= label.frame.minY + 0.5 }
      let bubble = try #require(above.max { $0.shape.frame.maxY < $1.shape.frame.maxY })
      #expect(label.frame.minY - bubble.shape.frame.maxY < 6)
      // A part of its message: a highlight's hole takes it in.
      #expect(label.messageIndex == bubble.messageIndex)
      let side =
        bubble.role == .sent
        ? abs(label.frame.maxX - bubble.shape.body.maxX) : abs(label.frame.minX - bubble.shape.body.minX)
      #expect(side < 1)
    }
  }

  @Test("large emoji alone say \"Edited\" too, under them")
  func editedLargeEmoji() throws {
    let chat = """
      {"version": 1, "me": "sam", "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
       "messages": [{"from": "sam", "time": "2025-05-03T09:00:00Z", "text": "🎉🎉", "edited": true}]}
      """
    let page = try TestTranscripts.firstPage(of: try TestTranscripts.json(chat), theme: .imessage)
    let texts = Self.texts(page)
    let emoji = try #require(texts.first { $0.text.text == "🎉🎉" })
    let edited = try #require(texts.first { $0.text.text == "Edited" })
    #expect(edited.frame.minY >= emoji.frame.maxY)
  }

  @Test("a tapback sits over its bubble's top corner and covers no text and no other message")
  func tapbackOnTheTopCorner() throws {
    let page = try page()
    let tapbacks = Self.tapbacks(page)
    #expect(tapbacks.count == 6)
    let bubbles = Self.bubbles(page)
    for tapback in tapbacks {
      let frame = tapback.shape.frame
      let own = try #require(bubbles.first { $0.messageIndex == tapback.messageIndex })
      let body = own.shape.body
      #expect(SpotlightCutouts.overlap(frame, body), "a tapback off its bubble")
      #expect(frame.minY < body.minY && frame.maxY < body.midY, "a tapback not on the top edge")
      if own.role == .sent { #expect(frame.midX < body.minX + body.width / 2, "a sent tapback not on the left") }
      if own.role == .received {
        #expect(frame.midX > body.minX + body.width / 2, "a received tapback not on the right")
      }
      for other in bubbles where other.messageIndex != tapback.messageIndex {
        #expect(!SpotlightCutouts.overlap(frame, other.shape.frame), "a tapback covers another message")
      }
      for text in Self.texts(page) where SpotlightCutouts.overlap(frame, text.frame) {
        Issue.record("a tapback covers \"\(text.text.text)\"")
      }
    }
  }

  @Test("in another theme without times, \"Edited\" makes way for pills that keep to their bubble's edge")
  func editedMakesWayForPills() throws {
    let page = try page(.wechat)
    let edited = Self.texts(page).filter { $0.text.text == "Edited" }
    #expect(edited.count == 3)
    let pills = Self.tapbacks(page)
    for pill in pills {
      let own = try #require(Self.bubbles(page).first { $0.messageIndex == pill.messageIndex })
      let first = pills.first { $0.messageIndex == pill.messageIndex }
      #expect(first.map { SpotlightCutouts.overlap($0.shape.frame, own.shape.body) } == true, "pills off their bubble")
      for label in edited { #expect(!SpotlightCutouts.overlap(pill.shape.frame, label.frame), "a pill covers Edited") }
    }
  }

  @Test("other themes keep their reactions at the bottom edge")
  func otherThemesKeepTheirPills() throws {
    for theme in [Theme.whatsapp, .telegram, .default] {
      let page = try page(theme)
      for pill in Self.tapbacks(page) {
        let own = try #require(Self.bubbles(page).first { $0.messageIndex == pill.messageIndex })
        #expect(pill.shape.frame.midY > own.shape.body.midY, "\(theme.name) moved its pills")
      }
    }
  }
}
