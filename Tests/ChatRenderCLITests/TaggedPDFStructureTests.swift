import Foundation
import Testing

/// `--pdf-engine own` writes a structure tree a screen reader reads as the chat: a section
/// a day under its heading, each message one element read "Ana, 10:02: text" (author, time,
/// body, quote, pictures, reactions), pictures with alternative text, tables as tables.
@Suite("tagged PDF structure")
struct TaggedPDFStructureTests {
  static let qpdf = TestPaths.tool("qpdf")
  static let pdfua = TestPaths.tool("pdfua")

  /// Replies, a photo without a caption, a reaction, Arabic, emoji and a table.
  static let chat = """
    {"version": 1, "title": "Structure", "me": "sam",
     "participants": [{"id": "ana", "name": "Ana"}, {"id": "sam", "name": "Sam"}, {"id": "karim", "name": "Karim"}],
     "messages": [
      {"id": "1", "from": "ana", "time": "2025-04-12T10:02:00Z", "text": "Good morning 👋"},
      {"id": "2", "from": "sam", "time": "2025-04-12T10:03:00Z", "text": "Morning! Lunch at noon?", "replyTo": "1"},
      {"id": "3", "from": "ana", "time": "2025-04-12T10:04:00Z", "text": "",
       "attachments": [{"kind": "image", "file": "p.jpg", "path": "p.jpg"}],
       "reactions": [{"emoji": "❤", "count": 1, "by": ["sam"]}]},
      {"id": "4", "from": "karim", "time": "2025-04-12T10:05:00Z", "text": "مرحبا بكم"},
      {"id": "5", "from": "sam", "time": "2025-04-13T09:00:00Z", "text": "Name\\tPays\\nAna\\t12\\nSam\\t9",
       "spans": [{"start": 0, "length": 22, "style": "table"},
        {"start": 0, "length": 9, "style": "tableRow"}, {"start": 0, "length": 4, "style": "tableCell"},
        {"start": 5, "length": 4, "style": "tableCell"}, {"start": 10, "length": 6, "style": "tableRow"},
        {"start": 10, "length": 3, "style": "tableCell"}, {"start": 14, "length": 2, "style": "tableCell"},
        {"start": 17, "length": 5, "style": "tableRow"}, {"start": 17, "length": 3, "style": "tableCell"},
        {"start": 21, "length": 1, "style": "tableCell"}]}
     ]}
    """

  private func render(_ sandbox: Sandbox, _ input: String) throws -> String {
    let result = try sandbox.chatrender(["render", input, "-o", "chat.pdf", "--pdf-engine", "own"])
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    return "chat.pdf"
  }

  private func structure(_ sandbox: Sandbox, _ name: String) throws -> TaggedPDFReader.Element {
    let json = try sandbox.run(
      try #require(Self.qpdf), ["--json", "--json-stream-data=inline", "--decode-level=generalized", name])
    try #require(json.status == 0, "qpdf: \(json.standardError)")
    var reader = try TaggedPDFReader(json: json.standardOutput)
    let document = reader.document()
    return try #require(document, "no structure tree")
  }

  private func sandboxWithChat() throws -> Sandbox {
    let sandbox = try Sandbox(writing: Self.chat, to: "chat.json")
    let photo = try FileManager.default.contentsOfDirectory(atPath: TestPaths.sample("telegram-export/photos"))
      .first { $0.hasSuffix(".jpg") }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("telegram-export/photos/" + (photo ?? ""))))
    try bytes.write(to: sandbox.url.appendingPathComponent("p.jpg"))
    return sandbox
  }

  @Test("each message reads as author, time, then its text, in order, under its day", .enabled(if: qpdf != nil))
  func messagesInOrder() throws {
    let sandbox = try sandboxWithChat()
    let document = try structure(sandbox, try render(sandbox, "chat.json"))
    let sections = document.all("Sect")
    #expect(sections.map { $0.kids.first?.type } == ["H", "H"])
    #expect(sections.map { $0.kids.first?.fullText } == ["Saturday, 12 April 2025", "Sunday, 13 April 2025"])
    let messages = document.all("Div")
    let expected: [(title: String, author: String, time: String, text: String)] = [
      ("Ana, 10:02", "Ana", "10:02", "Good morning 👋"),
      ("Sam, 10:03", "", "10:03", "Morning! Lunch at noon?Ana"),
      ("Ana, 10:04", "Ana", "10:04", "❤️"),
      ("Karim, 10:05", "Karim", "10:05", "مرحبا بكم"),
      ("Sam, 09:00", "", "09:00", "NamePaysAna12Sam9"),
    ]
    try #require(messages.count == expected.count, "\(messages.map(\.title))")
    for (message, want) in zip(messages, expected) {
      #expect(message.title == want.title)
      var texts = message.kids.map(\.fullText).filter { !$0.isEmpty }
      // A reader hears the name when it is drawn, then the time, then the rest.
      if !want.author.isEmpty {
        #expect(texts.first == want.author, "\(texts)")
        texts.removeFirst()
      }
      #expect(texts.first == want.time, "\(texts)")
      #expect(texts.dropFirst().joined().hasPrefix(want.text), "\(texts)")
    }
    // The reply's quote follows its body; the picture its author and time, before its reaction.
    #expect(messages[1].kids.map(\.type).suffix(2) == ["BlockQuote", "BlockQuote"])
    #expect(messages[2].kids.map(\.type) == ["P", "P", "Figure", "P"])
  }

  @Test("a picture without a caption is described by who sent it when", .enabled(if: qpdf != nil))
  func pictureAlternative() throws {
    let sandbox = try sandboxWithChat()
    let document = try structure(sandbox, try render(sandbox, "chat.json"))
    #expect(document.all("Figure").map(\.alternative) == ["Photo from Ana, 12 April 10:04"])
  }

  @Test("a quoted picture is read with the quote, as a photo, not as the reply's picture", .enabled(if: qpdf != nil))
  func quotedPicture() throws {
    let sandbox = try Sandbox()
    let document = try structure(sandbox, try render(sandbox, TestPaths.sample("telegram-export")))
    let reply = try #require(document.all("Div").first { $0.title == "Sam Whitfield, 09:14" })
    let figures = reply.all("Figure")
    #expect(figures.map(\.alternative) == ["Photo"], "\(figures)")
    let types = reply.kids.map(\.type)
    #expect(
      types.firstIndex(of: "Figure").map { $0 > (types.firstIndex(of: "BlockQuote") ?? .max) } == true, "\(types)")
  }

  @Test("a table is a Table of rows, its first row's cells headers", .enabled(if: qpdf != nil))
  func tableAsTable() throws {
    let sandbox = try sandboxWithChat()
    let document = try structure(sandbox, try render(sandbox, "chat.json"))
    let table = try #require(document.all("Table").first)
    #expect(table.kids.map(\.type) == ["TR", "TR", "TR"])
    #expect(table.kids.map { $0.kids.map(\.type) } == [["TH", "TH"], ["TD", "TD"], ["TD", "TD"]])
    #expect(table.kids.map { $0.kids.map(\.fullText) } == [["Name", "Pays"], ["Ana", "12"], ["Sam", "9"]])
  }

  @Test("text in another script than the document's names its language")
  func languageOfOtherScripts() throws {
    let sandbox = try sandboxWithChat()
    let pdf = PDFPlainText.of(try sandbox.bytes(try render(sandbox, "chat.json")))
    #expect(pdf.contains("/Lang (ar)"))
    #expect(pdf.contains("/Lang (en"))
  }

  @Test("running header and footer are artifacts: no element reads them", .enabled(if: qpdf != nil))
  func furnitureIsArtifact() throws {
    let sandbox = try Sandbox()
    let document = try structure(sandbox, try render(sandbox, TestPaths.sample("lisbon-trip.chat")))
    let texts = document.all("P").map(\.fullText)
    #expect(!texts.contains { $0.hasPrefix("Page ") }, "\(texts.filter { $0.hasPrefix("Page") })")
    #expect(document.all("Div").count > 50)
  }

  @Test("pdfua check finds no error and no warning, on this chat and a long one", .enabled(if: pdfua != nil))
  func pdfuaFindsNothing() throws {
    let sandbox = try sandboxWithChat()
    for input in ["chat.json", TestPaths.sample("lisbon-trip.chat")] {
      let name = try render(sandbox, input)
      let report = try sandbox.run(try #require(Self.pdfua), ["check", name])
      #expect(report.outputText.contains("errors=0 warnings=0"), "\(input): \(report.outputText)")
    }
  }
}
