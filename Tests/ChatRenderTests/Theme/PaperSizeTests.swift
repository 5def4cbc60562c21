@_spi(Pages) import ChatRender
import Foundation
import Testing

/// The one paper table, read by name or as WxH with a unit.
struct PaperSizeTests {
  @Test(
    "names in any case and WxH in mm, in or pt",
    arguments: [
      ("a4", 595.2756, 841.8898), ("LETTER", 612, 792), ("210x297mm", 595.2756, 841.8898),
      ("8.5x11in", 612, 792), ("600x800", 600, 800), ("600x800pt", 600, 800),
    ])
  func parses(_ text: String, width: Double, height: Double) throws {
    let paper = try #require(PaperSize.parse(text))
    #expect(abs(paper.width - width) < 0.01)
    #expect(abs(paper.height - height) < 0.01)
  }

  @Test(
    "nonsense and sizes under an inch or over 200 inches are refused", arguments: ["B7", "10x10mm", "300x1in", "x"])
  func refuses(_ text: String) {
    #expect(PaperSize.parse(text) == nil)
  }

  @Test("time zones by name or UTC offset")
  func timeZones() {
    #expect(TimeZoneName.parse("Europe/Paris")?.identifier == "Europe/Paris")
    #expect(TimeZoneName.parse("UTC+05:30")?.secondsFromGMT() == 19800)
    #expect(TimeZoneName.parse("-0800")?.secondsFromGMT() == -28800)
    #expect(TimeZoneName.parse("Mars/Olympus") == nil)
  }
}
