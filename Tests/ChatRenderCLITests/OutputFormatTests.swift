@_spi(Pages) import ChatRender
import Foundation
import FoundationXML
import Testing

/// What the PNG, PDF and SVG files hold.
@Suite("output formats")
struct OutputFormatTests {
  static let pdfinfo = TestPaths.tool("pdfinfo")
  static let pdftotext = TestPaths.tool("pdftotext")

  // MARK: - PNG

  @Test("PNG width is --width × --scale", arguments: [1, 2, 3])
  func pngScale(_ scale: Int) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(
      [
        "render", TestPaths.sample("world.chat"), "-o", "world.png", "--width", "400", "--scale",
        "\(scale)",
      ])
    #expect(result.status == 0)
    let header = try #require(PNGHeader(try sandbox.bytes("world.png")))
    #expect(header.width == 400 * scale)
    #expect(header.height > 100 * scale)
  }

  @Test("PNG height scales with --scale too")
  func pngHeightScales() throws {
    let sandbox = try Sandbox()
    var heights: [Int] = []
    for scale in 1...3 {
      let result = try sandbox.chatrender(
        [
          "render", TestPaths.sample("world.chat"), "-o", "\(scale).png", "-w", "400", "--scale",
          "\(scale)",
        ])
      #expect(result.status == 0)
      heights.append(try #require(PNGHeader(try sandbox.bytes("\(scale).png"))).height)
    }
    // Each is ceil(points × scale): within `scale` pixels of scale × the 1x height.
    #expect(abs(heights[1] - 2 * heights[0]) <= 2)
    #expect(abs(heights[2] - 3 * heights[0]) <= 3)
  }

  @Test("a fractional scale rounds the size up")
  func fractionalScale() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(
      ["render", TestPaths.sample("world.chat"), "-o", "x.png", "-w", "401", "--scale", "1.5"])
    #expect(result.status == 0)
    #expect(try #require(PNGHeader(try sandbox.bytes("x.png"))).width == 602)  // ceil(601.5)
  }

  // MARK: - PDF

  @Test("PDF starts with %PDF- and a long chat has several pages", .enabled(if: pdfinfo != nil))
  func pdfPages() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender([
      "render", TestPaths.sample("lisbon-trip.chat"), "-o", "lisbon.pdf",
    ])
    #expect(result.status == 0)
    #expect(result.standardError == "chatrender: wrote lisbon.pdf\n")
    #expect(try sandbox.bytes("lisbon.pdf").starts(with: Array("%PDF-".utf8)))
    #expect(try pageCount(sandbox, "lisbon.pdf") > 1)

    // A4 pages: the eleven messages of world.chat take two, the 230 of lisbon-trip many more.
    let short = try sandbox.chatrender([
      "render", TestPaths.sample("world.chat"), "-o", "world.pdf",
    ])
    #expect(short.status == 0)
    #expect(try pageCount(sandbox, "world.pdf") < pageCount(sandbox, "lisbon.pdf"))
  }

  private func pageCount(_ sandbox: Sandbox, _ name: String) throws -> Int {
    try #require(Int(try pdfInfo(sandbox, name, "Pages")))
  }

  /// One field of `pdfinfo`'s output, such as `Pages` or `Title`.
  private func pdfInfo(_ sandbox: Sandbox, _ name: String, _ field: String) throws -> String {
    let info = try sandbox.run(try #require(Self.pdfinfo), [name])
    try #require(info.status == 0, "pdfinfo: \(info.standardError)")
    let line = try #require(
      info.outputText.split(separator: "\n").first { $0.hasPrefix(field + ":") })
    return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
  }

  /// Text with whitespace, bidi controls and emoji removed: pdftotext wraps lines, marks RTL
  /// runs, splits some Arabic words, and colour emoji are images without text.
  static func normalized(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let isBidiControl =
        value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      let isEmojiPart =
        value >= 0x1F000 || (0x2600...0x27BF).contains(value)
        || (0xFE00...0xFE0F).contains(value) || value == 0x200D
      if scalar.properties.isWhitespace || isBidiControl || isEmojiPart { continue }
      out.append(scalar)
    }
    return String(out)
  }

  @Test(
    "a PDF written on a second thread has the same pages and text as one written on one",
    .enabled(if: pdftotext != nil))
  func concurrentPDFWriting() throws {
    let sandbox = try Sandbox()
    var warnings: [Diagnostic] = []
    let transcript = try Importer.read(
      ImportInput.open(TestPaths.sample("lisbon-trip.chat")), format: nil, options: ImportOptions(),
      warnings: &warnings)
    var texts: [String] = []
    for concurrent in [true, false] {
      let name = concurrent ? "two-threads.pdf" : "one-thread.pdf"
      let exporter = try ChatRenderer(
        options: ExportOptions(
          format: .pdf, timeZone: TimeZone(identifier: "UTC")!, writesPDFPagesConcurrently: concurrent))
      try exporter.write(transcript, to: sandbox.url.appendingPathComponent(name).path)
      let extracted = try sandbox.run(try #require(Self.pdftotext), ["-enc", "UTF-8", name, "-"])
      try #require(extracted.status == 0, "pdftotext: \(extracted.standardError)")
      // Paragraph breaks may differ: pdftotext groups lines by position, and a page drawn
      // through a form object lands a few millionths of a point away.
      texts.append(extracted.outputText.split(whereSeparator: \.isNewline).joined(separator: "\n"))
    }
    #expect(try pageCount(sandbox, "two-threads.pdf") == pageCount(sandbox, "one-thread.pdf"))
    #expect(try pageCount(sandbox, "one-thread.pdf") > 10)
    #expect(texts[0] == texts[1])
    #expect(texts[0].contains("Lisbon"))
  }

  @Test("a quoted reply's text is in the PDF twice: the message and its quote", .enabled(if: pdftotext != nil))
  func quotedTextTwice() throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      """
      {"version": 1, "me": "sam", "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
       "messages": [
        {"id": "1", "from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Lunch at the harbour?"},
        {"id": "2", "from": "sam", "time": "2025-03-01T09:31:00Z", "text": "Yes please", "replyTo": "1"}]}
      """, to: "reply.json")
    let result = try sandbox.chatrender(["render", "reply.json", "-o", "reply.pdf"])
    #expect(result.status == 0)
    let extracted = try sandbox.run(try #require(Self.pdftotext), ["-enc", "UTF-8", "reply.pdf", "-"])
    try #require(extracted.status == 0, "pdftotext: \(extracted.standardError)")
    #expect(extracted.outputText.components(separatedBy: "Lunch at the harbour?").count - 1 == 2)
  }

  @Test("PDF text is real text: every message of world.chat", .enabled(if: pdftotext != nil))
  func pdfText() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "world.chat")
    let result = try sandbox.chatrender(["render", "world.chat", "-o", "world.pdf"])
    #expect(result.status == 0)
    let extracted = try sandbox.run(
      try #require(Self.pdftotext), ["-enc", "UTF-8", "world.pdf", "-"])
    try #require(extracted.status == 0, "pdftotext: \(extracted.standardError)")
    let text = Self.normalized(extracted.outputText)

    let expected = [
      "Great, I'll book a table for three.",  // Latin
      "你好！我很期待见到你们。",  // CJK
      "日本語も少し話せますか？",
      "مرحبا! سأصل في الساعة الواحدة إن شاء الله",  // Arabic
      "שלום! תודה על הארוחה אתמול",  // Hebrew
      "Also: <b>this</b> is not bold, & stays as typed",  // markup stays literal
    ]
    for message in expected {
      #expect(text.contains(Self.normalized(message)), "missing: \(message)")
    }

    // And every message `parse` finds.
    let parsed = try sandbox.chatrender(["parse", "world.chat"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(parsed.standardOutput)) as? [String: Any])
    let messages = try #require(object["messages"] as? [[String: Any]])
    #expect(messages.count == 11)
    for message in messages {
      let body = try #require(message["text"] as? String)
      #expect(text.contains(Self.normalized(body)), "missing: \(body)")
    }
  }

  @Test(
    "PDF metadata: title from the transcript, creator with its version, pinned date", .enabled(if: pdfinfo != nil))
  func pdfTitle() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender([
      "render", TestPaths.sample("world.chat"), "-o", "world.pdf",
    ])
    #expect(result.status == 0)
    #expect(try pdfInfo(sandbox, "world.pdf", "Title") == "Around the world")
    #expect(try pdfInfo(sandbox, "world.pdf", "Creator").hasPrefix("chatrender 0."))
    // SOURCE_DATE_EPOCH=0 pins the date.
    #expect(try pdfInfo(sandbox, "world.pdf", "CreationDate").contains("1970"))
  }

  // MARK: - SVG

  @Test("SVG root has width and height in px and holds paths", arguments: [400, 600])
  func svg(_ width: Int) throws {
    let sandbox = try Sandbox()
    let arguments = ["render", TestPaths.sample("world.chat"), "-w", "\(width)"]
    let result = try sandbox.chatrender(arguments + ["-o", "world.svg"])
    #expect(result.status == 0)
    let document = try XMLDocument(data: Data(try sandbox.bytes("world.svg")))
    let root = try #require(document.rootElement())
    #expect(root.localName == "svg")
    #expect(root.attributeValue("width") == "\(width)px")
    let heightText = try #require(root.attributeValue("height"))
    #expect(heightText.hasSuffix("px"))
    let height = try #require(Double(heightText.dropLast(2)))
    let paths = try document.nodes(forXPath: "//*[local-name()='path']")
    #expect(paths.count > 11)

    // The same page as the PNG at scale 1.
    let png = try sandbox.chatrender(arguments + ["-o", "world.png"])
    #expect(png.status == 0)
    let header = try #require(PNGHeader(try sandbox.bytes("world.png")))
    #expect(header.height == Int(height.rounded(.up)))
  }
}
