import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ChatTextFormatTests {
  func parse(_ text: String, me: [String] = []) throws -> (Transcript, [Diagnostic]) {
    try ImportFixtures.read(
      ImportFixtures.input(text: text, path: "t.chat"), as: ChatTextFormat(), options: ImportOptions(me: me))
  }

  @Test("header, markers, names, times, continuation lines, notices and comments")
  func readsEverything() throws {
    let (chat, warnings) = try parse(
      """
      title: Lunch
      me: Sam

      # a comment
      [2025-03-01 09:30] > Hi
        second line
      [09:31] < Hello <b>there</b>
      Ana: from Ana
      Sam: from me by name
      -- Ana left
      """)
    #expect(warnings.isEmpty)
    #expect(chat.title == "Lunch")
    #expect(chat.messages.count == 5)
    let sides = chat.messages.map { chat.side(of: $0) }
    #expect(sides == [.sent, .received, .received, .sent, .center])
    #expect(chat.messages[0].text == "Hi\nsecond line")
    #expect(
      chat.messages[0].time
        == .wallClock(LocalDateTime(date: LocalDate(year: 2025, month: 3, day: 1), hour: 9, minute: 30)))
    // A time alone takes the last date.
    #expect(
      chat.messages[1].time
        == .wallClock(LocalDateTime(date: LocalDate(year: 2025, month: 3, day: 1), hour: 9, minute: 31)))
    #expect(chat.messages[1].text == "Hello <b>there</b>")
    #expect(chat.messages[2].authorID.flatMap(chat.participant(id:))?.name == "Ana")
    #expect(chat.messages[4].kind == .system && chat.messages[4].text == "Ana left")
    #expect(chat.messages[1].location?.line == 7)
    #expect(chat.messages[1].location?.column == 9)
  }

  @Test("without a header: '>' is 'Me'; bench files with blank lines between messages")
  func noHeader() throws {
    let (chat, _) = try parse("> one\n\n< two\n  more\n\n> three\n")
    #expect(chat.messages.map(\.text) == ["one", "two\nmore", "three"])
    #expect(chat.participant(id: try #require(chat.meID))?.name == "Me")
  }

  @Test(
    "errors name the exact line and column",
    arguments: [
      ("me: A\n\n> ok\n!! what\n", 4, 1, "expected a message: '> text', '< text', 'Name: text' or '-- notice'"),
      ("> ok\n[25:00] > late\n", 2, 2, "invalid time '25:00' (expected [YYYY-MM-DD HH:MM] or [HH:MM])"),
      (
        "> ok\n[2025-02-30 10:00] < x\n", 2, 2,
        "invalid time '2025-02-30 10:00' (expected [YYYY-MM-DD HH:MM] or [HH:MM])"
      ),
      ("  orphan\n> ok\n", 1, 1, "continuation line with no message before it"),
      ("> ok\n[09:30 > x\n", 2, 1, "unterminated time prefix (expected ']')"),
    ])
  func errors(text: String, line: Int, column: Int, message: String) throws {
    let error = try #require(throws: DiagnosticError.self) { try parse(text) }
    let first = try #require(error.diagnostics.first)
    #expect(first.message == message)
    #expect(first.location?.line == line)
    #expect(first.location?.column == column)
  }

  @Test("--me picks a participant; an unknown name is an error listing the participants")
  func meOption() throws {
    let (chat, _) = try parse("Ana: hi\nBo: yo\n", me: ["bo"])
    #expect(chat.participant(id: try #require(chat.meID))?.name == "Bo")
    let error = try #require(throws: DiagnosticError.self) { try parse("Ana: hi\n", me: ["Zed"]) }
    #expect(error.diagnostics[0].notes.first?.contains("Ana (1 message)") == true)
  }

  @Test("nobody is 'me': a warning lists the participants")
  func noMeWarning() throws {
    let (chat, warnings) = try parse("Ana: hi\nBo: yo\n")
    #expect(chat.meID == nil)
    #expect(warnings.count == 1)
    #expect(warnings[0].hint == .chooseParticipant(candidates: ["Ana", "Bo"]))
  }

  @Test("a line that is not UTF-8 is read as Windows-1252; an empty file is a clear error")
  func badBytes() throws {
    let file = try SourceFile(path: "bad.chat", bytes: Array("> ok\n> b".utf8) + [0xC3, 0x28])
    #expect(file.lineText(2) == "> bÃ(")
    #expect(file.encodingWarning?.location?.line == 2)
    #expect(throws: DiagnosticError.self) { try SourceFile(path: "empty.chat", bytes: Array(" \n".utf8)) }
  }

  @Test("CRLF and a BOM are accepted")
  func crlf() throws {
    let file = try SourceFile(path: "w.chat", bytes: [0xEF, 0xBB, 0xBF] + Array("> a\r\n< b\r\n".utf8))
    let chat = try ImportFixtures.parse(ImportInput(file: file), with: ChatTextFormat()).0
    #expect(chat.messages.map(\.text) == ["a", "b"])
  }
}

@Suite struct JSONTranscriptFormatTests {
  func parse(_ text: String) throws -> (Transcript, [Diagnostic]) {
    try ImportFixtures.read(ImportFixtures.input(text: text))
  }

  let valid = """
    {"version": 1, "title": "T", "me": "s",
     "participants": [{"id": "s", "name": "Sam"}, {"id": "a", "name": "Ana", "bot": true}],
     "messages": [
       {"from": "a", "time": "2025-03-01T09:30:00+02:00", "text": "hi 👋", "replyTo": "x",
        "reactions": [{"emoji": "👍", "count": 2}], "attachments": [{"kind": "image", "file": "p.jpg"}]},
       {"from": "s", "time": "2025-03-01T09:31:00", "text": "yo\\nthere", "edited": true},
       {"kind": "system", "text": "Ana left"}
     ]}
    """

  @Test("reads every field, detected by content; instants and wall clock kept apart")
  func readsEverything() throws {
    let (chat, warnings) = try parse(valid)
    #expect(warnings.isEmpty)
    #expect(chat.meID == "s")
    #expect(chat.participants[1].isBot)
    #expect(chat.messages.count == 3)
    #expect(chat.messages[0].time == .instant(Date(timeIntervalSince1970: 1_740_814_200)))
    #expect(
      chat.messages[1].time
        == .wallClock(LocalDateTime(date: LocalDate(year: 2025, month: 3, day: 1), hour: 9, minute: 31)))
    #expect(chat.messages[0].extras.reactions == [Reaction(emoji: "👍", count: 2)])
    #expect(chat.messages[0].extras.attachments == [Attachment(kind: .image, fileName: "p.jpg")])
    #expect(chat.messages[1].extras.isEdited)
    #expect(chat.side(of: chat.messages[2]) == .center)
    #expect(chat.messages[0].location?.line == 4)
  }

  @Test("what parse prints reads back to the same transcript")
  func roundTrip() throws {
    let (chat, _) = try parse(valid)
    let (again, _) = try parse(TranscriptJSONWriter.write(chat))
    var withoutLocations = chat
    var againWithout = again
    for index in withoutLocations.messages.indices {
      withoutLocations.messages[index].location = nil
      againWithout.messages[index].location = nil
    }
    #expect(withoutLocations == againWithout)
  }

  @Test(
    "errors name the exact line and column",
    arguments: [
      (
        "{\"version\": 2, \"participants\": [], \"messages\": []}", 1, 13,
        "unsupported version 2 (this chatrender reads version 1)"
      ),
      // A version too large for an Int was a crash.
      (
        "{\"version\": 1e300, \"messages\": []}", 1, 13,
        "unsupported version 1e+300 (this chatrender reads version 1)"
      ),
      (
        "{\"version\": 1, \"messages\": [{\"text\": \"x\", \"kind\": \"system\", "
          + "\"spans\": [{\"start\": -1, \"length\": 1, \"style\": \"bold\"}]}]}", 1, 81,
        "expected a whole number for 'start', found a number"
      ),
      (
        "{\"version\": 1, \"participants\": [{\"id\": \"a\"}],\n \"messages\": [{\"from\": \"b\", \"text\": \"x\"}]}",
        2, 24,
        "unknown participant 'b' (participants: a)"
      ),
      (
        "{\"version\": 1, \"participants\": [{\"id\": \"a\"}],\n \"messages\": [{\"from\": \"a\", \"time\": \"yesterday\", \"text\": \"x\"}]}",
        2, 37,
        "invalid time 'yesterday' (expected ISO 8601, such as 2025-03-01T09:30:00Z)"
      ),
      (
        "{\"version\": 1, \"participants\": [{\"id\": \"a\"}],\n \"messages\": [{\"from\": \"a\", \"text\": 5}]}", 2,
        37,
        "expected a string for 'text', found a number"
      ),
      (
        "{\"version\": 1, \"participants\": [{\"id\": \"a\"}], \"me\": \"z\", \"messages\": []}", 1, 53,
        "'me' names an unknown participant 'z'"
      ),
      ("{\"version\": 1, \"participants\": [], \"messages\": [}", 1, 49, "expected a JSON value, found '}'"),
      // Messages are read after the rest of the file, wherever they stand in it.
      (
        "{\"messages\": [{\"from\": \"a\", \"text\": 5}],\n \"participants\": [{\"id\": \"a\"}], \"version\": 2}", 2,
        44, "unsupported version 2 (this chatrender reads version 1)"
      ),
      (
        "{\"messages\": [{\"from\": \"b\", \"text\": \"x\"}],\n \"participants\": [{\"id\": \"a\"}]}", 1, 24,
        "unknown participant 'b' (participants: a)"
      ),
      (
        "{\"messages\": [{\"from\": \"b\", \"text\": \"x\"}],\n \"version\": 2, \"participants\": [}", 2, 33,
        "expected a JSON value, found '}'"
      ),
    ])
  func errors(text: String, line: Int, column: Int, message: String) throws {
    let error = try #require(throws: DiagnosticError.self) {
      _ = try ImportFixtures.parse(ImportFixtures.input(text: text), with: JSONTranscriptFormat())
    }
    let first = try #require(error.diagnostics.first)
    #expect(first.message == message)
    #expect(first.location?.line == line)
    #expect(first.location?.column == column)
  }

  @Test("an unknown key is a warning with the nearest valid key")
  func unknownKey() throws {
    let (_, warnings) = try parse(
      "{\"version\": 1, \"titel\": \"x\", \"participants\": [{\"id\": \"a\"}], \"messages\": [{\"from\": \"a\", \"text\": \"x\"}]}"
    )
    #expect(warnings.first?.message == "unknown key 'titel'")
    #expect(warnings.first?.notes == ["did you mean 'title'?"])
    #expect(warnings.first?.location?.column == 16)
  }

  @Test("messages before the participants are read against them")
  func messagesFirst() throws {
    let (chat, _) = try parse(
      "{\"version\": 1, \"messages\": [{\"from\": \"a\", \"text\": \"x\"},\n {\"from\": \"s\", \"text\": \"y\"}],\n \"me\": \"s\", \"participants\": [{\"id\": \"s\", \"name\": \"Sam\"}, {\"id\": \"a\", \"name\": \"Ana\"}]}"
    )
    #expect(chat.messages.map(\.text) == ["x", "y"])
    #expect(chat.messages.map { $0.location?.line } == [1, 2])
    #expect(chat.participants.map(\.name) == ["Sam", "Ana"])
  }

  @Test("the benchmark generator's JSON (no 'me') is accepted")
  func benchShape() throws {
    let (chat, _) = try parse(
      "{\"version\": 1, \"title\": \"Chat with Ana\", \"participants\": [{\"id\": \"me\", \"name\": \"Me\"}, {\"id\": \"ana\", \"name\": \"Ana\"}], \"messages\": [{\"from\": \"me\", \"time\": \"2025-03-01T09:30:00Z\", \"text\": \"hi\"}]}"
    )
    #expect(chat.messages.count == 1)
  }
}

@Suite struct SourceFileTests {
  @Test("columns count scalars, also far into a very long line")
  func longLineColumns() throws {
    var text = "{\"a\": ["
    for index in 0..<5000 { text += "\"é\(index)\", " }
    text += "1]}\nx"
    let file = try SourceFile(path: "long.json", bytes: Array(text.utf8))
    let bytes = Array(text.utf8)
    for offset in [0, 7, 4095, 4096, 4097, 20_000, 40_000, bytes.count - 3] {
      let expected = String(decoding: bytes[0..<offset], as: UTF8.self).unicodeScalars.count + 1
      let location = file.location(ofOffset: offset)
      #expect(location.line == 1)
      #expect(location.column == expected, "offset \(offset)")
    }
    #expect(
      file.location(ofOffset: bytes.count - 1)
        == SourceLocation(file: "long.json", line: 2, column: 1, offset: bytes.count - 1))
  }

  @Test("CRLF across a checkpoint keeps lines and columns right")
  func crlfCheckpoints() throws {
    let line = String(repeating: "ab", count: 2047) + "c"  // 4095 bytes, CR at 4095, LF at 4096
    let text = line + "\r\n" + "xyz"
    let file = try SourceFile(path: "t", bytes: Array(text.utf8))
    #expect(file.location(ofOffset: 4097 + 2).line == 2)
    #expect(file.location(ofOffset: 4097 + 2).column == 3)
  }
}
