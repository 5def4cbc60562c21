import Foundation
import Testing

/// `--pdf-engine own`: PDFs that qpdf finds sound, with every font embedded with Unicode, the
/// chat's text in order and each picture once, a JPEG as its own bytes.
@Suite("own PDF engine")
struct OwnPDFEngineTests {
  static let qpdf = TestPaths.tool("qpdf")
  static let pdffonts = TestPaths.tool("pdffonts")
  static let pdftotext = TestPaths.tool("pdftotext")
  static let pdfimages = TestPaths.tool("pdfimages")
  static let pdfinfo = TestPaths.tool("pdfinfo")
  static let pdfua = TestPaths.tool("pdfua")
  /// Pictures and links (Telegram), a table with CJK, Arabic, code and links (ChatGPT),
  /// emoji, CJK, Arabic and Hebrew (world).
  static let samples = ["telegram-export", "chatgpt-dinner-bill.json", "world.chat"]

  private func render(_ sandbox: Sandbox, _ sample: String, _ flags: [String] = []) throws -> String {
    let name = sample.split(separator: ".").first.map(String.init)! + ".pdf"
    let result = try sandbox.chatrender(
      ["render", TestPaths.sample(sample), "-o", name, "--pdf-engine", "own"] + flags)
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    return name
  }

  private func output(_ sandbox: Sandbox, _ tool: String?, _ arguments: [String]) throws -> String {
    let result = try sandbox.run(try #require(tool), arguments)
    try #require(result.status == 0, "\(tool ?? "") \(arguments): \(result.outputText) \(result.standardError)")
    return result.outputText
  }

  @Test("qpdf --check finds nothing", .enabled(if: qpdf != nil), arguments: samples)
  func qpdfFindsNothing(sample: String) throws {
    let sandbox = try Sandbox()
    let name = try render(sandbox, sample)
    let report = try output(sandbox, Self.qpdf, ["--check", name])
    #expect(report.contains("No syntax or stream encoding errors found"))
    #expect(!report.contains("WARNING"))
  }

  @Test("every font is embedded, subset, with a Unicode map", .enabled(if: pdffonts != nil), arguments: samples)
  func fontsEmbeddedWithUnicode(sample: String) throws {
    let sandbox = try Sandbox()
    let name = try render(sandbox, sample)
    let rows = try output(sandbox, Self.pdffonts, [name]).split(separator: "\n").dropFirst(2)
    #expect(!rows.isEmpty)
    for row in rows {
      let columns = row.split(separator: " ")
      // … emb sub uni object ID
      #expect(Array(columns.suffix(5).prefix(3)) == ["yes", "yes", "yes"], "\(row)")
    }
    // One copy of each font: no name appears twice.
    let names = rows.map { $0.split(separator: "+").last?.split(separator: " ").first ?? "" }
    #expect(Set(names).count == names.count, "\(names)")
  }

  @Test("pdftotext reads the chat's text in order, emoji, CJK and Arabic included", .enabled(if: pdftotext != nil))
  func textInOrder() throws {
    let sandbox = try Sandbox()
    let name = try render(sandbox, "world.chat")
    let text = try output(sandbox, Self.pdftotext, ["-raw", name, "-"])
    let expected = [
      "Good morning! 👋", "Are we still on for lunch?", "noodle place? 🍜", "李明", "我很期待见到你们",
      "مرحبا", "see you there", "<b>this</b> is not bold, & stays as typed 😄",
    ]
    var rest = text[...]
    for phrase in expected {
      let found = try #require(rest.range(of: phrase), "\(phrase) not found in order in \(text)")
      rest = rest[found.upperBound...]
    }
  }

  @Test("each picture once, a JPEG as its own bytes", .enabled(if: pdfimages != nil))
  func picturesOnceAsTheirBytes() throws {
    let sandbox = try Sandbox()
    let name = try render(sandbox, "telegram-export")
    let rows = try output(sandbox, Self.pdfimages, ["-list", name]).split(separator: "\n").dropFirst(2)
      .map { $0.split(separator: " ") }
    let jpegObjects = rows.filter { $0[8] == "jpeg" }.map { $0[10] }
    #expect(!jpegObjects.isEmpty)
    #expect(jpegObjects.count > Set(jpegObjects).count, "a picture shown twice is one object")
    let pdf = Data(try sandbox.bytes(name))
    let photos = try FileManager.default.contentsOfDirectory(atPath: TestPaths.sample("telegram-export/photos"))
    for photo in photos where photo.hasSuffix(".jpg") {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("telegram-export/photos/" + photo)))
      #expect(pdf.range(of: bytes) != nil, "\(photo) is not embedded byte for byte")
    }
  }

  @Test("links are annotations with their address as description")
  func linksDescribed() throws {
    let sandbox = try Sandbox()
    let name = try render(sandbox, "telegram-export")
    let pdf = PDFPlainText.of(try sandbox.bytes(name))
    #expect(pdf.contains("/Subtype/Link"))
    #expect(pdf.contains("/Contents (https://example.org/trail/ridge-loop)"))
    #expect(pdf.contains("/URI(https://example.org/trail/ridge-loop)"))
  }

  @Test(
    "tagged: a structure tree of days, messages, figures with alternative text and links", .enabled(if: pdfinfo != nil))
  func tagged() throws {
    let sandbox = try Sandbox()
    let name = try render(sandbox, "telegram-export")
    #expect(try output(sandbox, Self.pdfinfo, [name]).contains("Tagged:          yes"))
    let pdf = PDFPlainText.of(try sandbox.bytes(name))
    for entry in ["/MarkInfo<</Marked true>>", "/Lang (", "/DisplayDocTitle true", "<pdfuaid:part>1</pdfuaid:part>"] {
      #expect(pdf.contains(entry), "\(entry)")
    }
    // The Document element holds the first page's header and a section a day; messages are
    // elements of their day (TaggedPDFStructureTests reads them back).
    let document = try #require(pdf.firstMatch(of: /\/S\/Document\/P \d+ 0 R\/T [^\/]*\/K\[([^\]]*)\]/))
    let kids = document.output.1.split(separator: " ").compactMap { Int($0) }.filter { $0 > 0 }
    #expect(kids.count > 2)
    for entry in ["/S/Sect/P ", "/S/H/P ", "/S/Div/P ", "/S/P/P ", "/S/Figure/P ", "/Alt (", "/S/Link/P "] {
      #expect(pdf.contains(entry), "\(entry)")
    }
    #expect(pdf.contains("/K<</Type/OBJR/Obj "))
    // Pages name their entry of the parent tree, and links are visited in structure order.
    #expect(pdf.contains("/StructParents 0/Tabs/S"))
  }

  /// Samples where cairo's files were the smaller: little text in two or three fonts,
  /// shadows (Hangouts), pictures (Google Voice); and the two with the most text.
  static let sizeSamples = [
    "google-voice", "hangouts-book-club.json", "claude-porto-plan.json", "matrix-rust-meetup.json",
    "lisbon-trip.chat", "world.chat",
  ]

  @Test("no larger than cairo's PDF of the same chat, tagging and PDF/A included", arguments: sizeSamples)
  func noLargerThanCairos(sample: String) throws {
    let sandbox = try Sandbox()
    var sizes: [String: Int] = [:]
    for engine in ["own", "cairo"] {
      let result = try sandbox.chatrender([
        "render", TestPaths.sample(sample), "-o", engine + ".pdf", "--pdf-engine", engine,
      ])
      try #require(result.status == 0, "chatrender: \(result.standardError)")
      sizes[engine] = try sandbox.bytes(engine + ".pdf").count
    }
    let own = try #require(sizes["own"])
    let cairo = try #require(sizes["cairo"])
    #expect(own <= cairo, "own \(own) bytes, cairo \(cairo)")
  }

  @Test("pdfua check finds nothing", .enabled(if: pdfua != nil), arguments: samples)
  func pdfuaFindsNothing(sample: String) throws {
    let sandbox = try Sandbox()
    let name = try render(sandbox, sample)
    let report = try output(sandbox, Self.pdfua, ["check", name])
    #expect(report.contains("errors=0 warnings=0"), "\(report)")
  }
}
