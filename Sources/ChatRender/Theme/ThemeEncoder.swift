/// Writes a theme as theme JSON with every key, in the format `ThemeDecoder` reads back to an
/// equal theme: the keys and their order come from `ThemeSchema`; here are the values' forms.
enum ThemeEncoder {
  /// The full theme as pretty-printed JSON ending in a new line.
  static func json(for theme: Theme, schema: String? = nil) -> String {
    var root = ThemeSchema.theme.write(theme)
    if let schema, case .object(let members) = root {
      root = .object([.init("$schema", .string(schema))] + members)
    }
    return root.text(layout: .theme) + "\n"
  }

  /// Insets in the shortest CSS form: `8`, `[8, 12]` or `[top, right, bottom, left]`.
  static func insets(_ insets: EdgeInsets) -> JSONNode {
    let (top, left, bottom, right) = (insets.top, insets.left, insets.bottom, insets.right)
    if top == bottom && left == right {
      return top == left ? .number(top) : .array([.number(top), .number(left)])
    }
    return .array(insets.cssValues.map(JSONNode.number))
  }

  /// `"A4"` for a named size, else `[width, height]`.
  static func paperSize(_ sides: PageStyle.Sides) -> JSONNode {
    if let paper = PaperSize.all.first(where: { $0.width == sides.width && $0.height == sides.height }) {
      return .string(paper.name)
    }
    return .array([.number(sides.width), .number(sides.height)])
  }

  /// `#rrggbb` or `#rrggbbaa` when that is exact, else `rgba(r, g, b, a)`, so that reading the
  /// text back gives the same colour.
  static func color(_ color: Color) -> JSONNode {
    func exactByte(_ value: Double) -> Int? {
      let byte = (value * 255).rounded()
      return byte >= 0 && byte <= 255 && byte / 255 == value ? Int(byte) : nil
    }
    func hex(_ byte: Int) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16) }
    if let red = exactByte(color.red), let green = exactByte(color.green),
      let blue = exactByte(color.blue)
    {
      let rgb = "#" + hex(red) + hex(green) + hex(blue)
      if color.alpha == 1 { return .string(rgb) }
      if let alpha = exactByte(color.alpha) { return .string(rgb + hex(alpha)) }
    }
    let channels = [color.red, color.green, color.blue].map { channelValue($0).jsonText }
    return .string("rgba(\(channels.joined(separator: ", ")), \(color.alpha.jsonText))")
  }

  /// `value × 255`, nudged by an ulp where needed so that dividing it by 255 again (as
  /// `Color(parsing:)` does) gives exactly `value`.
  private static func channelValue(_ value: Double) -> Double {
    let scaled = value * 255
    for candidate in [scaled, scaled.nextUp, scaled.nextDown] where candidate / 255 == value {
      return candidate
    }
    return scaled
  }
}
