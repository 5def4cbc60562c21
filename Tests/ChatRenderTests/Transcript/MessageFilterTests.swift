import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `--filter` queries (issue 42): what each term keeps, how terms combine, and where a query
/// that cannot be read goes wrong.
@Suite struct MessageFilterTests {
  static let utc = TimeZone(identifier: "UTC")!

  static func at(_ day: Int, _ hour: Int) -> MessageTime {
    .wallClock(LocalDateTime(date: LocalDate(year: 2025, month: 3, day: day), hour: hour, minute: 0))
  }

  /// m1…m7, each made to match a few terms.
  static let chat = Transcript(
    participants: [
      Participant(id: "u1", name: "Inês Souza", handles: ["ines.s"]), Participant(id: "u2", name: "Ben Okafor"),
      Participant(id: "u3", name: "Sam"),
    ],
    meID: "u3",
    messages: [
      Message(
        id: "m1", authorID: "u1", time: at(1, 9), text: "Dinner at Café Luz?",
        extras: MessageExtras(reactions: [Reaction(emoji: "👍", count: 1)])),
      Message(
        id: "m2", authorID: "u2", time: at(2, 9), text: "",
        extras: MessageExtras(attachments: [Attachment(kind: .image, fileName: "a.jpg")])),
      Message(
        id: "m3", authorID: "u3", time: at(3, 9), text: "see https://example.org", extras: MessageExtras(replyTo: "m1")),
      Message(id: "m4", authorID: "u1", time: at(4, 9), text: "gone", extras: MessageExtras(isDeleted: true)),
      Message(
        id: "m5", authorID: "u2", time: at(5, 9), text: "fixed typo",
        extras: MessageExtras(attachments: [Attachment(kind: .file, fileName: "b.pdf")], isEdited: true)),
      Message(id: "m6", authorID: nil, time: at(6, 9), text: "Ben joined", kind: .system),
      Message(id: "m7", authorID: "u1", time: nil, text: "no date here, dinner again"),
    ])

  func kept(_ query: String) throws -> [String] {
    try MessageFilterParser.parse(query).kept(of: Self.chat, timeZone: Self.utc).compactMap(\.id)
  }

  @Test(arguments: [
    ("from:ines", ["m1", "m4", "m7"]),
    ("from:\"Inês Souza\"", ["m1", "m4", "m7"]),
    ("from:ines.s", ["m1", "m4", "m7"]),
    ("from:u2", ["m2", "m5"]),
    ("from:Oka", []),
    ("from:ben", ["m2", "m5"]),
    ("from:me", ["m3"]),
    ("has:image", ["m2"]),
    ("has:file", ["m5"]),
    ("has:link", ["m3"]),
    ("has:reaction", ["m1"]),
    ("is:edited", ["m5"]),
    ("is:deleted", ["m4"]),
    ("is:reply", ["m3"]),
    ("dinner", ["m1", "m7"]),
    ("\"cafe luz\"", ["m1"]),
    ("before:2025-03-03", ["m1", "m2"]),
    ("after:2025-03-04", ["m5", "m6"]),
    ("after:2025-03-02T09:30 before:2025-03-05", ["m3", "m4"]),
  ])
  func eachTermKeepsItsMessages(query: String, ids: [String]) throws {
    #expect(try kept(query) == ids, "\(query)")
  }

  @Test func termsCombine() throws {
    #expect(try kept("from:ines dinner") == ["m1", "m7"])
    #expect(try kept("from:ines -dinner") == ["m4"])
    #expect(try kept("has:image or is:edited or is:reply") == ["m2", "m3", "m5"])
    // Side by side binds tighter than or.
    #expect(try kept("from:ines dinner or has:image") == ["m1", "m2", "m7"])
    #expect(try kept("from:ines (dinner or is:deleted) -before:2025-03-02") == ["m4", "m7"])
    #expect(try kept("-(from:ines or from:ben)") == ["m3", "m6"])
    #expect(try kept("FROM:INES OR HAS:IMAGE") == ["m1", "m2", "m4", "m7"])
  }

  @Test(arguments: [
    ("", 1, "the filter is empty"),
    ("has:photo", 5, "unknown 'has:photo'"),
    ("from:Ana is:pinned", 13, "unknown 'is:pinned'"),
    ("from:", 6, "expected a value after 'from:'"),
    ("size:3", 1, "unknown key 'size:'"),
    ("\"dinner", 1, "'\"' is never closed"),
    ("(from:ana or has:image", 1, "'(' is never closed"),
    ("from:ana)", 9, "')' without '('"),
    ("or from:ana", 1, "'or' needs a term on each side"),
    ("from:ana or", 12, "expected a term at the end"),
    ("before:2025-13", 8, "'2025-13' is no date"),
    ("après thé has:x", 15, "unknown 'has:x'"),
    // Fuzzing overflowed the stack with a deep nesting; 32 levels are read, the 33rd refused.
    (String(repeating: "(", count: 100_000), 33, "nests deeper than 32 levels"),
    (String(repeating: "-", count: 33) + "x", 33, "nests deeper than 32 levels"),
  ])
  func errorsNameTheirColumn(query: String, column: Int, message: String) {
    do throws(MessageFilterParser.ParseError) {
      _ = try MessageFilterParser.parse(query)
      Issue.record("\(query) was read")
    } catch {
      #expect(error.column == column, "\(query): \(error)")
      #expect(error.message.contains(message), "\(query): \(error)")
    }
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let depth = MessageFilterParser.maximumDepth
    let query = String(repeating: "(", count: depth) + "from:ana" + String(repeating: ")", count: depth)
    #expect(try MessageFilterParser.parse(query) == MessageFilterParser.parse("from:ana"))
  }

  @Test func timesAndHyphenatedWordsAreWords() throws {
    #expect(try MessageFilterParser.parse("12:30") == .words("12:30"))
    #expect(try MessageFilterParser.parse("well-known") == .words("well-known"))
    #expect(try MessageFilterParser.parse("\"re: invoice\"") == .words("re: invoice"))
  }

  @Test func runsBeforeLastAndRefusesToLeaveNothing() throws {
    var filter = TranscriptFilter(last: 1, timeZone: Self.utc)
    filter.query = try MessageFilterParser.parse("from:ben")
    #expect(filter.apply(to: Self.chat).messages.map(\.id) == ["m5"])
    filter.query = try MessageFilterParser.parse("from:nobody")
    #expect(throws: DiagnosticError.self) { try filter.applyKeepingSome(to: Self.chat, path: "chat.txt") }
    do {
      _ = try filter.applyKeepingSome(to: Self.chat, path: "chat.txt")
    } catch let error as DiagnosticError {
      #expect("\(error)".contains("chat.txt:1:1: error: no message matches the filter"), "\(error)")
    }
  }
}
