import Foundation
import Testing

/// PDFs that read as documents (headers, footers, outline, metadata, evidence, splitting)
/// and phone-screen PNGs.
@Suite("documents")
struct DocumentTests {
  static let pdfinfo = TestPaths.tool("pdfinfo")
  static let pdftotext = TestPaths.tool("pdftotext")
  static let sha256sum = TestPaths.tool("sha256sum")
  static let lisbonDays = 16

  /// Renders the Lisbon sample to `name` with `flags`; its exit must be clean.
  private func render(_ sandbox: Sandbox, _ name: String, _ flags: [String] = []) throws {
    let result = try sandbox.chatrender(["render", TestPaths.sample("lisbon-trip.chat"), "-o", name] + flags)
    try #require(result.status == 0, "chatrender: \(result.standardError)")
  }

  /// `pdftotext` of one page (1-based), or of all with nil.
  private func text(_ sandbox: Sandbox, _ name: String, page: Int? = nil) throws -> String {
    var arguments = ["-layout"]
    if let page { arguments += ["-f", "\(page)", "-l", "\(page)"] }
    let result = try sandbox.run(try #require(Self.pdftotext), arguments + [name, "-"])
    try #require(result.status == 0, "pdftotext: \(result.standardError)")
    return result.outputText
  }

  /// One field of `pdfinfo`'s output, such as `Pages` or `Title`.
  private func info(_ sandbox: Sandbox, _ name: String, _ field: String) throws -> String {
    let result = try sandbox.run(try #require(Self.pdfinfo), [name])
    try #require(result.status == 0, "pdfinfo: \(result.standardError)")
    let line = try #require(result.outputText.split(separator: "\n").first { $0.hasPrefix(field + ":") })
    return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
  }

  private func rawPDF(_ sandbox: Sandbox, _ name: String) throws -> String {
    String(decoding: try sandbox.bytes(name), as: UTF8.self)
  }

  private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test(
    "first-page header; running header and 'Page N of M' on every page",
    .enabled(if: pdftotext != nil && pdfinfo != nil))
  func headersAndFooters() throws {
    let sandbox = try Sandbox()
    try render(sandbox, "lisbon.pdf")
    let pages = try #require(Int(try info(sandbox, "lisbon.pdf", "Pages")))
    #expect(pages > 1)
    let first = try text(sandbox, "lisbon.pdf", page: 1)
    #expect(first.contains("Friday, 2 May 2025 – Saturday, 17 May 2025"))
    #expect(first.contains("messages"))
    for page in 1...pages {
      let body = try text(sandbox, "lisbon.pdf", page: page)
      #expect(body.contains("Page \(page) of \(pages)"), "page \(page)")
      #expect(body.contains("Planning the Lisbon trip"), "page \(page)")
      // The running header's date and a day label: the page never starts without its day.
      #expect(count("May 2025", in: body) >= 2, "page \(page)")
    }
  }

  @Test("outline: one entry per day; metadata: title, author, subject, keywords, creator", .enabled(if: pdfinfo != nil))
  func outlineAndMetadata() throws {
    let sandbox = try Sandbox()
    try render(sandbox, "lisbon.pdf")
    let raw = try rawPDF(sandbox, "lisbon.pdf")
    #expect(count("/Title (Friday, 2 May 2025)", in: raw) == 1)
    #expect(count("/Title (Saturday, 17 May 2025)", in: raw) == 1)
    let dayTitles = raw.components(separatedBy: "/Title (").dropFirst()
      .filter {
        $0.hasPrefix("Monday") || $0.hasPrefix("Tuesday") || $0.hasPrefix("Wednesday") || $0.hasPrefix("Thursday")
          || $0.hasPrefix("Friday") || $0.hasPrefix("Saturday") || $0.hasPrefix("Sunday")
      }
    #expect(dayTitles.count == Self.lisbonDays)
    #expect(try info(sandbox, "lisbon.pdf", "Title") == "Planning the Lisbon trip")
    #expect(try info(sandbox, "lisbon.pdf", "Author").contains("Sam"))
    #expect(try info(sandbox, "lisbon.pdf", "Subject").contains("messages"))
    #expect(try info(sandbox, "lisbon.pdf", "Keywords").hasPrefix("Chat"))  // the word "chat" in the locale's language
    #expect(try info(sandbox, "lisbon.pdf", "Creator").hasPrefix("chatrender 0."))
  }

  @Test("the conversation uses the page's text width", .enabled(if: pdftotext != nil))
  func textWidth() throws {
    let sandbox = try Sandbox()
    try render(sandbox, "lisbon.pdf")
    let result = try sandbox.run(try #require(Self.pdftotext), ["-bbox", "-f", "2", "-l", "2", "lisbon.pdf", "-"])
    var minX = Double.infinity
    var maxX = -Double.infinity
    for line in result.outputText.split(separator: "\n") where line.contains("<word ") {
      func attribute(_ name: String) -> Double? {
        guard let range = line.range(of: name + "=\"") else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != "\"" })
      }
      if let x = attribute("xMin") { minX = min(minX, x) }
      if let x = attribute("xMax") { maxX = max(maxX, x) }
    }
    // A4 (595 pt) with 1 cm margins: 539 pt of text width; the phone column used 270.
    #expect(minX < 28.35 + 20)
    #expect(maxX > 595.28 - 28.35 - 20)
    #expect(maxX - minX > 480)
  }

  @Test(
    "--evidence: hash, count, times and version in the footer, metadata and PNG text",
    .enabled(if: pdftotext != nil && sha256sum != nil))
  func evidence() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("lisbon-trip.chat", to: "lisbon.chat")
    let result = try sandbox.chatrender(["render", "lisbon.chat", "-f", "pdf,png", "-o", "out", "--evidence"])
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    let sum = try sandbox.run(try #require(Self.sha256sum), ["lisbon.chat"])
    let hash = String(sum.outputText.prefix(64))
    #expect(hash.count == 64)
    let pages = try #require(Int(try info(sandbox, "out/lisbon.pdf", "Pages")))
    for page in [1, pages] {
      let footer = try text(sandbox, "out/lisbon.pdf", page: page)
      #expect(footer.contains("SHA-256 \(hash) of lisbon.chat"))
      #expect(footer.contains("2025-05-02T08:36:00"))
      // A .chat file's times are wall clocks: no zone is claimed for them.
      #expect(footer.contains("time zone not recorded"), "\(footer)")
      #expect(!footer.contains("UTC"), "\(footer)")
      #expect(footer.contains("chatrender 0."))
    }
    #expect(try info(sandbox, "out/lisbon.pdf", "Subject").contains(hash))
    #expect(try info(sandbox, "out/lisbon.pdf", "Keywords").contains("sha256:\(hash)"))
    let png = String(decoding: try sandbox.bytes("out/lisbon.png"), as: UTF8.self)
    #expect(png.contains("tEXtSource SHA-256\u{0}\(hash)"))
    #expect(png.contains("tEXtFirst message\u{0}2025-05-02T08:36:00"))
    // Paths are relative to the manifest: checked in its folder.
    for output in ["lisbon.pdf", "lisbon.png"] {
      let check = try sandbox.run("/bin/sh", ["-c", "cd out && sha256sum -c \(output).sha256"])
      #expect(check.status == 0 && check.outputText.contains("\(output): OK"), "\(check.outputText)")
      #expect(check.outputText.contains("../lisbon.chat: OK"), "\(check.outputText)")
    }
  }

  @Test(
    "--evidence names the zone that instants are shown in (a Telegram export's times are instants)",
    .enabled(if: pdftotext != nil))
  func evidenceNamesTheZoneOfInstants() throws {
    let sandbox = try Sandbox()
    let input = TestPaths.sample("telegram-export/result.json")
    let result = try sandbox.chatrender([input, "-o", "t.pdf", "--evidence", "--timezone", "Asia/Tokyo"])
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    let footer = try text(sandbox, "t.pdf", page: 1)
    #expect(footer.contains("Asia/Tokyo"), "\(footer)")
    #expect(!footer.contains("not recorded"), "\(footer)")
  }

  @Test("--evidence of stdin hashes the bytes read", .enabled(if: pdftotext != nil && sha256sum != nil))
  func evidenceOfStandardInput() throws {
    let sandbox = try Sandbox()
    let chat = Array("> hi\n< hello\n".utf8)
    let result = try sandbox.chatrender(["render", "-", "-o", "x.pdf", "--evidence"], stdin: chat)
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    #expect(try text(sandbox, "x.pdf", page: 1).contains("of standard input"))
    let manifest = String(decoding: try sandbox.bytes("x.pdf.sha256"), as: UTF8.self)
    #expect(manifest.hasPrefix(try sha256Hex(chat) + "  -\n"))
  }

  @Test(
    "--evidence of --last 5 says how many of how many and names the filter; its manifest checks",
    .enabled(if: pdftotext != nil && sha256sum != nil))
  func evidenceOfFilteredChat() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("lisbon-trip.chat", to: "lisbon.chat")
    try #require(try sandbox.chatrender(["render", "lisbon.chat", "-o", "all.pdf", "--evidence"]).status == 0)
    let whole = try text(sandbox, "all.pdf", page: 1)
    let total = try #require(whole.firstMatch(of: /· (\d+) messages ·/)?.output.1)
    let result = try sandbox.chatrender(["render", "lisbon.chat", "-o", "last.pdf", "--evidence", "--last", "5"])
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    let footer = try text(sandbox, "last.pdf", page: 1)
    #expect(footer.contains("5 of \(total) messages · --last 5"))
    #expect(footer.contains("time zone not recorded"))
    let check = try sandbox.run(try #require(Self.sha256sum), ["-c", "last.pdf.sha256"])
    #expect(check.status == 0, "\(check.outputText)")
    #expect(check.outputText.contains("lisbon.chat: OK") && check.outputText.contains("last.pdf: OK"))
  }

  @Test(
    "--evidence of an export folder states the manifest of every file read",
    .enabled(if: pdftotext != nil && sha256sum != nil))
  func evidenceOfFolder() throws {
    let sandbox = try Sandbox()
    let folder = TestPaths.sample("google-chat-takeout")
    let result = try sandbox.chatrender(["render", folder, "-o", "space.pdf", "--evidence"])
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    let manifest = String(decoding: try sandbox.bytes("space.pdf.sha256"), as: UTF8.self)
    let sources = manifest.split(separator: "\n").dropLast()
    #expect(sources.count >= 2)
    let hash = try sha256Hex(Array(sources.map { $0 + "\n" }.joined().utf8))
    #expect(
      try text(sandbox, "space.pdf", page: 1).contains("SHA-256 \(hash) of the manifest of \(sources.count) files"))
    #expect(try sandbox.run(try #require(Self.sha256sum), ["-c", "space.pdf.sha256"]).status == 0)
  }

  @Test("--evidence with --redact says the hash names the unredacted file")
  func evidenceWithRedaction() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("lisbon-trip.chat", to: "lisbon.chat")
    let result = try sandbox.chatrender(["render", "lisbon.chat", "-o", "r.png", "--evidence", "--redact"])
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    #expect(result.standardError.contains("SHA-256 of the unredacted source"))
    let png = String(decoding: try sandbox.bytes("r.png"), as: UTF8.self)
    #expect(png.contains("tEXtFilters\u{0}--redact"))
  }

  /// The SHA-256 of `bytes` by `sha256sum`, independent of ours.
  private func sha256Hex(_ bytes: [UInt8]) throws -> String {
    let sandbox = try Sandbox()
    try Data(bytes).write(to: sandbox.url.appendingPathComponent("bytes"))
    return String(try sandbox.run(try #require(Self.sha256sum), ["bytes"]).outputText.prefix(64))
  }

  @Test("two runs with SOURCE_DATE_EPOCH give byte-identical PDFs")
  func reproducible() throws {
    let sandbox = try Sandbox()
    try render(sandbox, "a.pdf", ["--evidence"])
    try render(sandbox, "b.pdf", ["--evidence"])
    #expect(try sandbox.bytes("a.pdf") == (try sandbox.bytes("b.pdf")))
  }

  @Test("--split-by names one file per period")
  func splitBy() throws {
    let sandbox = try Sandbox()
    try render(sandbox, "trip.pdf", ["--split-by", "week"])
    // With the record that proves the series ours to the next run.
    #expect(
      sandbox.files() == [".trip.pdf.chatrender", "trip-2025-W18.pdf", "trip-2025-W19.pdf", "trip-2025-W20.pdf"])
    let byMonth = try Sandbox()
    try render(byMonth, "trip.pdf", ["--split-by", "month"])
    #expect(byMonth.files() == [".trip.pdf.chatrender", "trip-2025-05.pdf"])
    let byDay = try Sandbox()
    try render(byDay, "trip.png", ["--split-by", "day"])
    let days = byDay.files().filter { !$0.hasPrefix(".") }
    #expect(days.count == Self.lisbonDays)
    #expect(days.first == "trip-2025-05-02.png")
  }

  @Test("--page-height cuts phone screens: 1170 × 2532 at --scale 3")
  func phoneScreens() throws {
    let sandbox = try Sandbox()
    try render(sandbox, "trip.png", ["--width", "390", "--scale", "3", "--page-height", "2532"])
    let files = sandbox.files().filter { !$0.hasPrefix(".") }
    #expect(files.count > 3)
    #expect(files.first == "trip-001.png")
    for file in files {
      let header = try #require(PNGHeader(try sandbox.bytes(file)))
      #expect(header == PNGHeader(width: 1170, height: 2532), "\(file)")
    }
  }
}

extension PNGHeader {
  init(width: Int, height: Int) {
    var bytes = PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8)
    for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    self.init(bytes)!
  }
}
