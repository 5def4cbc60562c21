import Foundation

/// The single values of theme JSON, each checked where it stands: numbers within their rules,
/// strings, colours, insets, font families, paper sizes and files.
extension ThemeDecoder {
  /// The allowed range of a number, and how to say it in a message.
  struct NumberRule {
    var range: ClosedRange<Double>
    /// Whether the lower bound itself is out (sizes must be above 0).
    var excludesLowerBound = false

    init(_ range: ClosedRange<Double>, excludesLowerBound: Bool = false) {
      self.range = range
      self.excludesLowerBound = excludesLowerBound
    }

    static let any = NumberRule(-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    static let nonNegative = NumberRule(0...Double.greatestFiniteMagnitude)
    static let positive = NumberRule(0...Double.greatestFiniteMagnitude, excludesLowerBound: true)
    static let fraction = NumberRule(0...1)
    static let positiveFraction = NumberRule(0...1, excludesLowerBound: true)
    /// Text and avatar sizes: below 4 points no one reads them (and Pango fails on tiny
    /// ones); cairo's SVG replay asserts on glyphs of about 15000 points.
    static let textSize = NumberRule(4...1000)
    /// A multiple of the font's line height.
    static let lineSpacing = NumberRule(0...10, excludesLowerBound: true)
    /// A side of the paper: PDF allows at most 200 inches.
    static let paperSide = NumberRule(0...14_400, excludesLowerBound: true)
    static let canvasWidth = NumberRule(CanvasStyle.widthRange)
    /// A shadow's blur: wider is no longer a shadow, and its mask is drawn over every pixel
    /// it spreads to, for each bubble (at 40, about three times a usual shadow's area).
    static let shadowBlur = NumberRule(0...40)

    func allows(_ number: Double) -> Bool {
      range.contains(number) && !(excludesLowerBound && number == range.lowerBound)
    }

    /// "0 or more", "a number above 0", "a number from 0 to 1".
    var expectation: String {
      let low = range.lowerBound.jsonText
      let high = range.upperBound.jsonText
      switch (range.upperBound == .greatestFiniteMagnitude, excludesLowerBound) {
      case (true, false): return "0 or more"
      case (true, true): return "a number above \(low)"
      case (false, false): return "a number from \(low) to \(high)"
      case (false, true): return "a number above \(low) and at most \(high)"
      }
    }
  }

  /// The largest length or offset a theme may give, in points (text sizes, line spacing and
  /// paper have smaller limits): past it, cairo's and Pango's 32-bit units overflow.
  static let largestNumber = 20_000.0

  func number(_ value: JSONValue, _ key: String, _ rule: NumberRule = .any) throws -> Double {
    guard let number = value.numberValue else {
      throw file.error("expected a number for '\(key)', found \(value.typeName)", at: value)
    }
    guard rule.allows(number) else {
      throw file.error(
        "expected \(rule.expectation) for '\(key)', found \(number.jsonText)",
        at: value)
    }
    let largest = Self.largestNumber.jsonText
    guard abs(number) <= Self.largestNumber else {
      let expectation =
        rule.range.lowerBound < 0 ? "a number from -\(largest) to \(largest)" : "at most \(largest)"
      throw file.error("expected \(expectation) for '\(key)', found \(number.jsonText)", at: value)
    }
    return number
  }

  func string(_ value: JSONValue, _ key: String) throws -> String {
    guard let text = value.stringValue else {
      throw file.error("expected a string for '\(key)', found \(value.typeName)", at: value)
    }
    return text
  }

  func bool(_ value: JSONValue, _ key: String) throws -> Bool {
    guard let flag = value.boolValue else {
      throw file.error("expected true or false for '\(key)', found \(value.typeName)", at: value)
    }
    return flag
  }

  func color(_ value: JSONValue, _ key: String) throws -> Color {
    let text = try string(value, key)
    guard let color = Color(parsing: text) else {
      throw file.error(
        "invalid color '\(text)' for '\(key)' (expected #RGB, #RRGGBB, #RRGGBBAA, rgba(r, g, b, a) or a CSS color name)",
        at: value)
    }
    return color
  }

  /// An array of colours (each error names its index: `names.colors[2]`).
  func colors(_ value: JSONValue, _ key: String) throws -> [Color] {
    guard let array = value.arrayValue else {
      throw file.error(
        "expected an array of colors for '\(key)', found \(value.typeName)", at: value)
    }
    return try array.enumerated().map { index, element in
      try color(element, "\(key)[\(index)]")
    }
  }

  /// One of an enumeration's raw values.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: JSONValue, _ key: String, of type: Choice.Type
  ) throws -> Choice where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue)
    let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    guard let text = value.stringValue else {
      throw file.error("expected \(list) for '\(key)', found \(value.typeName)", at: value)
    }
    guard let choice = Choice(rawValue: text) else {
      var diagnostic = Diagnostic.error(
        "expected \(list) for '\(key)', found '\(text)'", at: file.location(ofOffset: value.offset))
      if let note = NearestWord.suggestion(for: text, in: names) {
        diagnostic.notes = [note]
      }
      throw DiagnosticError(diagnostic)
    }
    return choice
  }

  /// Padding or margins: one number, or an array of 1, 2 or 4 (CSS order), none negative.
  func insets(_ value: JSONValue, _ key: String) throws -> EdgeInsets {
    let elements: [JSONValue]
    if value.numberValue != nil {
      elements = [value]
    } else if let array = value.arrayValue {
      elements = array
    } else {
      throw file.error(
        "expected a number or an array of 1, 2 or 4 numbers for '\(key)', found \(value.typeName)",
        at: value)
    }
    let numbers = try elements.map { try number($0, key, .nonNegative) }
    guard let insets = EdgeInsets(css: numbers) else {
      throw file.error("expected 1, 2 or 4 numbers for '\(key)', found \(numbers.count)", at: value)
    }
    return insets
  }

  /// Font families: an array of names, or one string of comma-separated names.
  func families(_ value: JSONValue, _ key: String) throws -> [String] {
    var names: [String]
    if let text = value.stringValue {
      names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    } else if let array = value.arrayValue {
      names = try array.map { try string($0, key).trimmingCharacters(in: .whitespaces) }
    } else {
      throw file.error(
        "expected an array of family names or a string for '\(key)', found \(value.typeName)",
        at: value)
    }
    names.removeAll { $0.isEmpty }
    guard !names.isEmpty else {
      throw file.error("expected at least one family for '\(key)'", at: value)
    }
    // Every piece of text looks each family up: thousands made drawing quadratic.
    guard names.count <= Limit.fontFamilies.value else {
      throw file.error(
        "\(names.count) families for '\(key)': \(Limit.fontFamilies.exceededMessage())", at: value)
    }
    return names
  }

  /// `"A4"`, `"Letter"`… or `[width, height]` in points.
  func paperSize(_ value: JSONValue, _ key: String) throws -> (Double, Double) {
    let names = PaperSize.all.map(\.name)
    if let text = value.stringValue {
      guard let paper = PaperSize.named(text) else {
        var diagnostic = Diagnostic.error(
          "unknown paper size '\(text)' for '\(key)' (expected \(names.joined(separator: ", ")) or [width, height])",
          at: file.location(ofOffset: value.offset))
        if let note = NearestWord.suggestion(for: text, in: names) {
          diagnostic.notes = [note]
        }
        throw DiagnosticError(diagnostic)
      }
      return (paper.width, paper.height)
    }
    guard let array = value.arrayValue, array.count == 2 else {
      throw file.error(
        "expected a paper name or [width, height] for '\(key)', found \(value.typeName)", at: value)
    }
    return (try number(array[0], key, .paperSide), try number(array[1], key, .paperSide))
  }

  /// A path relative to the theme file, which must name an existing file in the theme's folder.
  func existingFile(_ value: JSONValue, _ key: String) throws -> String {
    let text = try string(value, key)
    guard !text.isEmpty else { throw file.error("expected a file path for '\(key)'", at: value) }
    let resolved = Self.resolve(text, from: directory)
    guard FileManager.default.fileExists(atPath: resolved) else {
      throw file.error("file '\(resolved)' not found for '\(key)'", at: value)
    }
    guard confinement.contains(resolved) else {
      throw file.error(confinement.outsideMessage(resolved, for: key), at: value)
    }
    // A FIFO would block the drawing forever, a device never end.
    if let problem = RegularFile.problem(at: resolved) {
      throw file.error("cannot use '\(resolved)' for '\(key)': \(problem)", at: value)
    }
    return resolved
  }
}
