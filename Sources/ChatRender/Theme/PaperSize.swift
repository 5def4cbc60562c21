/// Paper by name (`A4`, `Letter`) or by dimensions (`210x297mm`, `8.5x11in`, `600x800pt`):
/// the one table themes and the command line read.
public struct PaperSize: Sendable, Hashable {
  /// The paper's name (`A4`), or the text it was parsed from (`210x297mm`).
  public let name: String
  /// Paper width in points (1/72 inch).
  public let width: Double
  /// Paper height in points (1/72 inch).
  public let height: Double

  /// A3, 297 × 420 mm.
  public static let a3 = PaperSize(name: "A3", width: 841.8898, height: 1190.5512)
  /// A4, 210 × 297 mm.
  public static let a4 = PaperSize(name: "A4", width: 595.2756, height: 841.8898)
  /// A5, 148 × 210 mm.
  public static let a5 = PaperSize(name: "A5", width: 419.5276, height: 595.2756)
  /// US Letter, 8.5 × 11 in.
  public static let letter = PaperSize(name: "Letter", width: 612, height: 792)
  /// US Legal, 8.5 × 14 in.
  public static let legal = PaperSize(name: "Legal", width: 612, height: 1008)

  /// Every named paper, the table `named(_:)` reads.
  package static let all = [a3, a4, a5, letter, legal]

  /// Units of `WxH` sizes, in points.
  static let units: [(suffix: String, points: Double)] = [("mm", 72 / 25.4), ("in", 72), ("pt", 1)]
  /// Sides allowed for `WxH` sizes: one inch to two hundred.
  static let sides = 72.0...14400.0

  /// The paper called `name`, in any case.
  public static func named(_ name: String) -> PaperSize? {
    all.first { $0.name.lowercased() == name.lowercased() }
  }

  /// A name, or `WxH` with a unit (points without one); nil when neither or out of range.
  package static func parse(_ text: String) -> PaperSize? {
    if let paper = named(text) { return paper }
    var body = Substring(text.lowercased())
    var scale = 1.0
    if let unit = units.first(where: { body.hasSuffix($0.suffix) }) {
      scale = unit.points
      body = body.dropLast(unit.suffix.count)
    }
    let parts = body.split(separator: "x")
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      sides.contains(width * scale), sides.contains(height * scale)
    else { return nil }
    return PaperSize(name: text, width: width * scale, height: height * scale)
  }
}
