import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, components 0…1.
public struct Color: Sendable, Hashable, CustomStringConvertible {
  /// Red component, 0…1.
  public var red: Double
  /// Green component, 0…1.
  public var green: Double
  /// Blue component, 0…1.
  public var blue: Double
  /// Opacity, 0 (transparent) … 1 (opaque).
  public var alpha: Double

  /// A colour from components 0…1; opaque unless `alpha` is given.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from 0xRRGGBB.
  public init(rgb: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, alpha: alpha)
  }

  /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgba(r, g, b, a)` / `rgb(r, g, b)`, a CSS color
  /// keyword (`rebeccapurple`) or `transparent`.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("#") {
      let hex = Array(trimmed.dropFirst())
      guard [3, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
      let digits = hex.count == 3 ? hex.flatMap { [$0, $0] } : hex
      var values: [Double] = []
      for index in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
        values.append(Double(byte) / 255)
      }
      self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
      return
    }
    let lowered = trimmed.lowercased()
    for prefix in ["rgba(", "rgb("] where lowered.hasPrefix(prefix) && lowered.hasSuffix(")") {
      let inside = lowered.dropFirst(prefix.count).dropLast()
      let parts = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == (prefix == "rgba(" ? 4 : 3) else { return nil }
      var channels: [Double] = []
      for part in parts.prefix(3) {
        guard let value = Double(part), (0...255).contains(value) else { return nil }
        channels.append(value / 255)
      }
      var alpha = 1.0
      if parts.count == 4 {
        guard let value = Double(parts[3]), (0...1).contains(value) else { return nil }
        alpha = value
      }
      self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
      return
    }
    if lowered == "transparent" {
      self.init(red: 0, green: 0, blue: 0, alpha: 0)
      return
    }
    guard let value = CSSColorNames.values[lowered] else { return nil }
    self.init(rgb: value)
  }

  /// The WCAG contrast ratio of two opaque colours, from 1 (the same) to 21.
  package func contrastRatio(with other: Color) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  private var relativeLuminance: Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The same colour with another opacity.
  package func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Opaque white.
  public static let white = Color(rgb: 0xFFFFFF)
  /// Opaque black.
  public static let black = Color(rgb: 0x000000)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var hex: String {
    func byte(_ value: Double) -> String {
      let number = Int((min(max(value, 0), 1) * 255).rounded())
      return (number < 16 ? "0" : "") + String(number, radix: 16)
    }
    return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
  }

  /// The colour as `hex`.
  public var description: String { hex }

  /// Whether the colour is fully opaque (`alpha` 1 or more).
  package var isOpaque: Bool { alpha >= 1 }

  /// This colour painted over an opaque `background`: the same look, opaque.
  package func composited(over background: Color) -> Color {
    Color(
      red: red * alpha + background.red * (1 - alpha),
      green: green * alpha + background.green * (1 - alpha),
      blue: blue * alpha + background.blue * (1 - alpha))
  }

  /// Relative luminance (0 black … 1 white), for choosing readable text.
  package var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
}
