import Foundation
import Testing

/// Our own PDF writer draws the pages cairo's PDF surface draws: rasterised by two readers
/// (poppler's `pdftoppm`, MuPDF's `mutool draw`), in three themes, the pages of both engines
/// agree within a tolerance (anti-aliasing and glyph rasterising, no shape or text moved).
@Suite("own PDF engine, pixels")
struct PDFEnginePixelTests {
  static let pdftoppm = TestPaths.tool("pdftoppm")
  static let mutool = TestPaths.tool("mutool")
  /// Emoji, CJK, Arabic and Hebrew (world) in a light, a dark and a flat theme; pictures,
  /// quotes, reactions and links (Telegram).
  static let cases = [
    ("world.chat", "whatsapp"), ("world.chat", "telegram-dark"), ("world.chat", "discord"),
    ("telegram-export", "telegram"),
  ]
  /// A pixel is apart when a channel differs by more than this (of 255).
  static let threshold = 40
  /// At most this share of a page's pixels apart, and this mean difference (of 255).
  static let largestShare = 0.0005
  static let largestMean = 1.5

  private enum Reader: String, CaseIterable {
    case poppler, mupdf
  }

  private func pages(of pdf: String, by reader: Reader, in sandbox: Sandbox) throws -> [PortablePixmap] {
    let prefix = pdf + "-" + reader.rawValue
    let result =
      switch reader {
      case .poppler: try sandbox.run(try #require(Self.pdftoppm), ["-r", "72", pdf, prefix])
      case .mupdf:
        try sandbox.run(try #require(Self.mutool), ["draw", "-q", "-r", "72", "-o", prefix + "-%d.ppm", pdf])
      }
    try #require(result.status == 0, "\(reader): \(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path)
      .filter { $0.hasPrefix(prefix + "-") && $0.hasSuffix(".ppm") }
      .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    return try names.map { try #require(PortablePixmap(try sandbox.bytes($0)), "\($0) is no P6 pixmap") }
  }

  @Test(
    "both engines' pages agree in poppler and MuPDF", .enabled(if: pdftoppm != nil && mutool != nil),
    arguments: cases)
  func pagesAgree(sample: String, theme: String) throws {
    let sandbox = try Sandbox()
    for engine in ["own", "cairo"] {
      let result = try sandbox.chatrender(
        ["render", TestPaths.sample(sample), "-o", engine + ".pdf", "--theme", theme, "--pdf-engine", engine])
      try #require(result.status == 0, "chatrender: \(result.standardError)")
    }
    for reader in Reader.allCases {
      let own = try pages(of: "own.pdf", by: reader, in: sandbox)
      let cairo = try pages(of: "cairo.pdf", by: reader, in: sandbox)
      try #require(!own.isEmpty && own.count == cairo.count, "\(reader): \(own.count) pages, cairo \(cairo.count)")
      for (number, (ours, theirs)) in zip(own, cairo).enumerated() {
        try #require(ours.width == theirs.width && ours.height == theirs.height, "\(reader) page \(number + 1) size")
        let apart = ours.difference(from: theirs, threshold: Self.threshold)
        #expect(apart.share <= Self.largestShare, "\(reader) page \(number + 1): \(apart.share * 100)% apart")
        #expect(apart.mean <= Self.largestMean, "\(reader) page \(number + 1): mean \(apart.mean)")
      }
    }
  }
}
