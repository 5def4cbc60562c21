import ChatRender
import Foundation
import Testing

/// The library as a program outside its package sees it: a plain `import ChatRender` from
/// another package (`Tests/PublicAPI/Package.swift`), so `package` and `@_spi(Pages)`
/// declarations are out of reach and each public entry point below is a contract (docs/ARCHITECTURE.md,
/// "Public surface").
@Suite struct PublicAPITests {
  static let chat = """
    {"version": 1, "title": "Lunch", "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"id": "1", "from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Hi! 👋 **lunch**?"},
      {"id": "2", "from": "sam", "time": "2025-03-01T09:31:00Z", "text": "Yes", "replyTo": "1",
       "reactions": [{"emoji": "👍", "count": 1, "by": ["ana"]}]},
      {"id": "3", "from": "ana", "time": "2025-03-02T12:00:00Z", "text": "See you"}]}
    """

  static func transcript() throws -> Transcript {
    var warnings: [Diagnostic] = []
    let input = ImportInput(file: try SourceFile(path: "lunch.json", bytes: Array(chat.utf8)))
    #expect(Importer.detect(input)?.name == "json")
    return try Importer.read(input, options: ImportOptions(), warnings: &warnings)
  }

  @Test("an export is imported into the transcript model")
  func importsTheModel() throws {
    let chat = try Self.transcript()
    #expect(chat.title == "Lunch")
    #expect(chat.meID == "sam")
    #expect(chat.participants.map(\.name) == ["Sam", "Ana"])
    #expect(chat.messages.map(\.text) == ["Hi! 👋 **lunch**?", "Yes", "See you"])
    #expect(chat.side(of: chat.messages[1]) == .sent)
    #expect(chat.messages[1].extras.replyTo == "1")
    #expect(chat.messages[1].extras.reactions.map(\.emoji) == ["👍"])
    #expect(Importer.formats.count >= 10)
  }

  @Test("filters and highlights select messages")
  func filtersAndHighlights() throws {
    let chat = try Self.transcript()
    let last = TranscriptFilter(last: 1, timeZone: TimeZone(identifier: "UTC")!).apply(to: chat)
    #expect(last.messages.map(\.text) == ["See you"])
    let from = LocalDate(year: 2025, month: 3, day: 2)
    #expect(TranscriptFilter(from: from, timeZone: TimeZone(identifier: "UTC")!).apply(to: chat).messages.count == 1)
    let highlights = Highlights(highlights: [
      Highlights.Highlight(selector: try MessageSelector(parsing: "2"), note: "this")
    ])
    let (shown, selection) = try highlights.resolve(in: chat)
    #expect(shown.messages.count == 3)
    #expect(selection.targets.map(\.messageIndexes) == [[1]])
  }

  @Test("a chat renders to PNG, PDF and SVG bytes through the façade")
  func rendersEveryFormat() throws {
    let chat = try Self.transcript()
    for format in OutputFormat.allCases {
      let renderer = try ChatRenderer(theme: .whatsapp, options: ExportOptions(format: format))
      let files = try renderer.render(chat)
      let first = try #require(files.first)
      let magic: [UInt8] =
        switch format {
        case .png: [0x89, 0x50, 0x4E, 0x47]
        case .pdf: Array("%PDF".utf8)
        case .svg: Array("<?xm".utf8)
        case .webp: Array("RIFF".utf8)
        }
      #expect(Array(first.prefix(4)) == magic, "\(format)")
    }
  }

  static let twoMonths = """
    {"version": 1, "title": "Mittagessen", "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"id": "1", "from": "ana", "time": "2025-02-27T09:30:00Z", "text": "Mittag?"},
      {"id": "2", "from": "sam", "time": "2025-03-03T12:00:00Z", "text": "Gern"}]}
    """

  @Test("a German PDF with evidence, split by month, with a fixed creation date")
  func germanEvidencePDFByMonth() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("public-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("lunch.json").path
    try Data(Self.twoMonths.utf8).write(to: URL(fileURLWithPath: source))
    var warnings: [Diagnostic] = []
    let chat = try Importer.read(try ImportInput.open(source), warnings: &warnings)

    var options = ExportOptions(format: .pdf, timeZone: TimeZone(identifier: "UTC")!)
    let german = options.setLocale("de_DE")
    let nowhere = options.setLocale("xx_NOWHERE")
    #expect(german && !nowhere, "a locale is taken by its name; a name of none is refused")
    options.twelveHourClock = false
    options.splitPeriod = .month
    options.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
    try options.addEvidence(ofFiles: [source], totalMessages: chat.messages.count)
    let written = try ChatRenderer(theme: .whatsapp, options: options)
      .write(chat, to: folder.appendingPathComponent("lunch.pdf").path)

    #expect(written.map { ($0 as NSString).lastPathComponent } == ["lunch-2025-02.pdf", "lunch-2025-03.pdf"])
    let sha256 = try Self.sha256sum(source)
    for path in written {
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
      #expect(text.contains("CreationDate (20231114221320"), "the creation date given, not now")
      #expect(Self.pdfText(path).contains(sha256), "the evidence names the source's SHA-256")
    }
    #expect(Self.pdfText(written[1]).contains("März"), "German day labels")
  }

  /// `sha256sum`'s digest of `path`.
  static func sha256sum(_ path: String) throws -> String {
    String(Self.run("/usr/bin/sha256sum", [path]).prefix(64))
  }

  /// The PDF's text, by poppler's `pdftotext` (installed by `make test`).
  static func pdfText(_ path: String) -> String { run("/usr/bin/pdftotext", [path, "-"]) }

  static func run(_ tool: String, _ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return "" }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }

  @Test("themes load by name and from JSON, with typed colours and paper")
  func themes() throws {
    #expect(ThemeLoader.builtinNames.contains("telegram"))
    var warnings: [Diagnostic] = []
    let theme = try ThemeLoader.load("imessage", warnings: &warnings)
    let json = ThemeLoader.json(for: theme)
    let again = try ThemeLoader.decode(SourceFile(path: "t.json", bytes: Array(json.utf8)), warnings: &warnings)
    #expect(again.name == theme.name)
    #expect(warnings.isEmpty)
    #expect(Color(parsing: "#ff0000")?.red == 1)
    #expect(PaperSize.named("a4")?.width == PaperSize.a4.width)
  }

  @Test("a third party's format joins the import")
  func aFormatOfOurOwn() throws {
    struct Lines: TranscriptFormat {
      var name: String { "lines" }
      var accepts: String { ".lines" }
      var summary: String { "one message per line" }
      func detect(_ input: ImportInput) -> Bool { input.path.hasSuffix(".lines") }
      func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
        let file = try input.singleFile("a .lines file")
        let lines = file.text.split(separator: "\n").map(String.init)
        guard !lines.isEmpty else { throw DiagnosticError(.error("empty", at: file.location(ofOffset: 0))) }
        return Transcript(
          participants: [Participant(id: "a", name: "A")],
          messages: lines.map { Message(authorID: "a", text: $0) })
      }
    }
    var warnings: [Diagnostic] = []
    let input = ImportInput(file: try SourceFile(path: "x.lines", bytes: Array("one\ntwo\n".utf8)))
    let chat = try Importer.read(input, format: Lines(), warnings: &warnings)
    #expect(chat.messages.map(\.text) == ["one", "two"])
    let empty = ImportInput(file: try SourceFile(path: "e.lines", bytes: Array("\n".utf8), allowEmpty: true))
    #expect(throws: DiagnosticError.self) { try Importer.read(empty, format: Lines(), warnings: &warnings) }
  }
}
