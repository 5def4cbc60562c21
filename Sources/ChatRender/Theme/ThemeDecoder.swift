import Foundation

/// Reads the members of a theme file onto a theme that already holds its parent's values, so
/// that every key left out keeps the inherited value.
///
/// Every value is checked where it stands: a problem becomes an error naming the file, line,
/// column and the key's dotted path (`me.arrow.width`). Problems are collected, so one run
/// reports all of a file's mistakes; unknown keys are warnings with the nearest known key.
struct ThemeDecoder {
  /// Errors and warnings found so far.
  struct Log {
    var warnings: [Diagnostic] = []
    var errors: [Diagnostic] = []

    /// Runs `body`, keeping its error (if any) and going on.
    mutating func record(_ body: () throws -> Void) {
      do {
        try body()
      } catch let error as DiagnosticError {
        errors += error.diagnostics
      } catch {
        errors.append(.error("\(error)"))
      }
    }
  }

  let file: SourceFile
  /// The folder relative paths are resolved from: the theme file's folder ("" for the
  /// current one).
  let directory: String

  init(file: SourceFile) {
    self.file = file
    self.directory = ThemeDecoder.directory(of: file.path)
  }

  /// The folder part of `path` ("themes/dark.json" → "themes", "dark.json" → "").
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` relative to `directory`, unless it is absolute.
  static func resolve(_ path: String, from directory: String) -> String {
    if path.hasPrefix("/") || directory.isEmpty { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  // MARK: - Objects

  /// The members of `value`, which must be an object; warns about keys `keys` does not know.
  func members(
    of value: JSONValue, path: String, keys: ThemeKeys, log: inout Log
  ) -> [JSONValue.Member] {
    guard let members = value.members else {
      log.errors.append(
        .error(
          "expected an object for '\(path)', found \(value.typeName)",
          at: file.location(ofOffset: value.offset)))
      return []
    }
    let known = keys.keys
    for member in members where keys.children[member.key] == nil {
      let place = path.isEmpty ? "" : " in '\(path)'"
      log.warnings.append(file.unknownKeyWarning(member, known: known, place: place))
    }
    return members
  }

  /// Applies the theme keys of `root` (all but `version`, `extends` and `$schema`).
  func apply(_ root: JSONValue, to theme: inout Theme, log: inout Log) {
    for member in members(of: root, path: "", keys: .root, log: &log) {
      let value = member.value
      let key = member.key
      switch key {
      case "name":
        log.record {
          let name = try string(value, key)
          guard !name.isEmpty else { throw file.error("expected a non-empty name", at: value) }
          theme.name = name
        }
      case "canvas": theme.canvas = canvas(value, path: key, base: theme.canvas, log: &log)
      case "font": theme.font = font(value, path: key, base: theme.font, log: &log)
      case "me": theme.me = bubble(value, path: key, base: theme.me, log: &log)
      case "them": theme.them = bubble(value, path: key, base: theme.them, log: &log)
      case "system": theme.system = bubble(value, path: key, base: theme.system, log: &log)
      case "spacing": theme.spacing = spacing(value, path: key, base: theme.spacing, log: &log)
      case "names": theme.names = names(value, path: key, base: theme.names, log: &log)
      case "timestamps":
        theme.timestamps = timestamps(value, path: key, base: theme.timestamps, log: &log)
      case "daySeparators":
        theme.daySeparators = daySeparators(value, path: key, base: theme.daySeparators, log: &log)
      case "avatars": theme.avatars = avatars(value, path: key, base: theme.avatars, log: &log)
      case "replies": theme.replies = replies(value, path: key, base: theme.replies, log: &log)
      case "reactions":
        theme.reactions = reactions(value, path: key, base: theme.reactions, log: &log)
      case "page": theme.page = page(value, path: key, base: theme.page, log: &log)
      case "spotlight":
        theme.spotlight = spotlight(value, path: key, base: theme.spotlight, log: &log)
      case "note": theme.note = note(value, path: key, base: theme.note, log: &log)
      case "formatting":
        theme.formatting = formatting(value, path: key, base: theme.formatting, log: &log)
      case "encryptionNotice":
        theme.encryptionNotice =
          value.isNull
          ? nil
          : encryptionNotice(value, path: key, base: theme.encryptionNotice ?? .standard, log: &log)
      default: break  // version, extends, $schema: read by ThemeLoader; unknown keys: warned
      }
    }
  }

  func canvas(_ value: JSONValue, path: String, base: CanvasStyle, log: inout Log) -> CanvasStyle {
    var style = base
    for member in members(of: value, path: path, keys: .canvas, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "width": log.record { style.width = try number(value, key, .canvasWidth) }
      case "background": log.record { style.background = try color(value, key) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "backgroundImage":
        style.backgroundImage =
          value.isNull
          ? nil : backgroundImage(value, path: key, base: style.backgroundImage, log: &log)
      default: break
      }
    }
    return style
  }

  func backgroundImage(
    _ value: JSONValue, path: String, base: BackgroundImage?, log: inout Log
  ) -> BackgroundImage? {
    let members = members(of: value, path: path, keys: .backgroundImage, log: &log)
    var image = base ?? BackgroundImage(path: "", mode: .tile)
    for member in members {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "path": log.record { image.path = try existingFile(value, key) }
      case "mode": log.record { image.mode = try choice(value, key, of: BackgroundImage.Mode.self) }
      case "opacity": log.record { image.opacity = try number(value, key, .fraction) }
      default: break
      }
    }
    if image.path.isEmpty {
      if value.members != nil, value["path"] == nil {
        log.errors.append(
          .error("missing key 'path' in '\(path)'", at: file.location(ofOffset: value.offset)))
      }
      return base
    }
    return image
  }

  func font(_ value: JSONValue, path: String, base: FontStyle, log: inout Log) -> FontStyle {
    var style = base
    for member in members(of: value, path: path, keys: .font, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "families": log.record { style.families = try families(value, key) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "lineSpacing":
        log.record { style.lineSpacing = try number(value, key, .lineSpacing) }
      case "color": log.record { style.color = try color(value, key) }
      default: break
      }
    }
    return style
  }

  func bubble(_ value: JSONValue, path: String, base: BubbleStyle, log: inout Log) -> BubbleStyle {
    var style = base
    for member in members(of: value, path: path, keys: .bubble, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.text = try color(value, key) }
      case "radius": log.record { style.radius = try number(value, key, .nonNegative) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "maxWidth": log.record { style.maxWidth = try number(value, key, .positiveFraction) }
      case "fontSize":
        log.record { style.fontSize = value.isNull ? nil : try number(value, key, .textSize) }
      case "smsFill": log.record { style.smsFill = value.isNull ? nil : try color(value, key) }
      case "arrow": style.arrow = arrow(value, path: key, base: style.arrow, log: &log)
      case "border":
        style.border =
          value.isNull
          ? nil : border(value, path: key, base: style.border ?? Self.newBorder, log: &log)
      case "shadow":
        style.shadow =
          value.isNull
          ? nil : shadow(value, path: key, base: style.shadow ?? Self.newShadow, log: &log)
      default: break
      }
    }
    return style
  }

  /// What a `border` object adds to when the parent has no border.
  static let newBorder = BorderStyle(width: 1, color: Color(rgb: 0x000000, alpha: 0.15))
  /// What a `shadow` object adds to when the parent has no shadow.
  static let newShadow = ShadowStyle(dx: 0, dy: 1, blur: 2, color: Color(rgb: 0x000000, alpha: 0.2))

  func arrow(_ value: JSONValue, path: String, base: ArrowStyle, log: inout Log) -> ArrowStyle {
    var style = base
    for member in members(of: value, path: path, keys: .arrow, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "side": log.record { style.side = try choice(value, key, of: ArrowStyle.Side.self) }
      case "style": log.record { style.style = try choice(value, key, of: ArrowStyle.Style.self) }
      case "width": log.record { style.width = try number(value, key, .nonNegative) }
      case "height": log.record { style.height = try number(value, key, .nonNegative) }
      case "offset": log.record { style.offset = try number(value, key) }
      case "anchor":
        log.record { style.anchor = try choice(value, key, of: BubbleShape.Anchor.self) }
      case "carrier":
        log.record { style.carrier = try choice(value, key, of: ArrowStyle.Carrier.self) }
      default: break
      }
    }
    return style
  }

  func border(_ value: JSONValue, path: String, base: BorderStyle, log: inout Log) -> BorderStyle {
    var style = base
    for member in members(of: value, path: path, keys: .border, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "width": log.record { style.width = try number(value, key, .nonNegative) }
      case "color": log.record { style.color = try color(value, key) }
      default: break
      }
    }
    return style
  }

  func shadow(_ value: JSONValue, path: String, base: ShadowStyle, log: inout Log) -> ShadowStyle {
    var style = base
    for member in members(of: value, path: path, keys: .shadow, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "dx": log.record { style.dx = try number(value, key) }
      case "dy": log.record { style.dy = try number(value, key) }
      case "blur": log.record { style.blur = try number(value, key, .nonNegative) }
      case "color": log.record { style.color = try color(value, key) }
      default: break
      }
    }
    return style
  }

  func spacing(_ value: JSONValue, path: String, base: SpacingStyle, log: inout Log) -> SpacingStyle {
    var style = base
    for member in members(of: value, path: path, keys: .spacing, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "sameAuthor": log.record { style.sameAuthor = try number(value, key, .nonNegative) }
      case "newAuthor": log.record { style.newAuthor = try number(value, key, .nonNegative) }
      default: break
      }
    }
    return style
  }

  func names(_ value: JSONValue, path: String, base: LabelStyle, log: inout Log) -> LabelStyle {
    var style = base
    for member in members(of: value, path: path, keys: .names, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "show":
        log.record { style.show = try choice(value, key, of: LabelStyle.Visibility.self) }
      case "placement":
        log.record { style.placement = try choice(value, key, of: LabelStyle.Placement.self) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "color": log.record { style.color = try color(value, key) }
      case "colors": log.record { style.colors = try colors(value, key) }
      case "bold": log.record { style.bold = try bool(value, key) }
      default: break
      }
    }
    return style
  }

  func timestamps(
    _ value: JSONValue, path: String, base: TimestampStyle, log: inout Log
  ) -> TimestampStyle {
    var style = base
    for member in members(of: value, path: path, keys: .timestamps, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "placement":
        log.record { style.placement = try choice(value, key, of: TimestampStyle.Placement.self) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "meColor": log.record { style.meColor = try color(value, key) }
      case "themColor": log.record { style.themColor = try color(value, key) }
      default: break
      }
    }
    return style
  }

  func daySeparators(
    _ value: JSONValue, path: String, base: DaySeparatorStyle, log: inout Log
  ) -> DaySeparatorStyle {
    var style = base
    for member in members(of: value, path: path, keys: .daySeparators, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "show": log.record { style.show = try bool(value, key) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "text": log.record { style.text = try color(value, key) }
      case "fill": log.record { style.fill = try color(value, key) }
      case "radius": log.record { style.radius = try number(value, key, .nonNegative) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "timeAfterMinutes":
        log.record { style.timeAfterMinutes = try number(value, key, NumberRule(0...100_000)) }
      case "border":
        style.border =
          value.isNull
          ? nil : border(value, path: key, base: style.border ?? Self.newBorder, log: &log)
      case "shadow":
        style.shadow =
          value.isNull
          ? nil : shadow(value, path: key, base: style.shadow ?? Self.newShadow, log: &log)
      default: break
      }
    }
    return style
  }

  func encryptionNotice(
    _ value: JSONValue, path: String, base: NoticeCardStyle, log: inout Log
  ) -> NoticeCardStyle {
    var style = base
    for member in members(of: value, path: path, keys: .encryptionNotice, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.text = try color(value, key) }
      case "maxWidth": log.record { style.maxWidth = try number(value, key, .positiveFraction) }
      default: break
      }
    }
    return style
  }

  func avatars(_ value: JSONValue, path: String, base: AvatarStyle, log: inout Log) -> AvatarStyle {
    var style = base
    for member in members(of: value, path: path, keys: .avatars, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "show":
        log.record { style.show = try choice(value, key, of: AvatarStyle.Visibility.self) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "roundness":
        log.record { style.roundness = try number(value, key, NumberRule(0...0.5)) }
      case "carrier":
        log.record { style.carrier = try choice(value, key, of: AvatarStyle.Carrier.self) }
      default: break
      }
    }
    return style
  }

  func replies(_ value: JSONValue, path: String, base: ReplyStyle, log: inout Log) -> ReplyStyle {
    var style = base
    for member in members(of: value, path: path, keys: .replies, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "barColor": log.record { style.barColor = try color(value, key) }
      case "textSize": log.record { style.textSize = try number(value, key, .textSize) }
      default: break
      }
    }
    return style
  }

  func reactions(
    _ value: JSONValue, path: String, base: ReactionStyle, log: inout Log
  ) -> ReactionStyle {
    var style = base
    for member in members(of: value, path: path, keys: .reactions, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.text = try color(value, key) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "placement":
        log.record { style.placement = try choice(value, key, of: ReactionStyle.Placement.self) }
      default: break
      }
    }
    return style
  }

  func page(_ value: JSONValue, path: String, base: PageStyle, log: inout Log) -> PageStyle {
    var style = base
    for member in members(of: value, path: path, keys: .page, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "size": log.record { (style.width, style.height) = try paperSize(value, key) }
      case "margin": log.record { style.margin = try insets(value, key) }
      case "column": log.record { style.column = try choice(value, key, of: PageStyle.Column.self) }
      default: break
      }
    }
    return style
  }

  func spotlight(
    _ value: JSONValue, path: String, base: SpotlightStyle, log: inout Log
  ) -> SpotlightStyle {
    var style = base
    for member in members(of: value, path: path, keys: .spotlight, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "color": log.record { style.color = try color(value, key) }
      case "alpha": log.record { style.alpha = try number(value, key, .fraction) }
      case "margin": log.record { style.margin = try number(value, key, NumberRule(0...200)) }
      case "ring":
        style.ring =
          value.isNull ? nil : border(value, path: key, base: style.ring ?? Self.newBorder, log: &log)
      default: break
      }
    }
    return style
  }

  func note(_ value: JSONValue, path: String, base: NoteStyle, log: inout Log) -> NoteStyle {
    var style = base
    for member in members(of: value, path: path, keys: .note, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.text = try color(value, key) }
      case "fontSize": log.record { style.fontSize = try number(value, key, .textSize) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "radius": log.record { style.radius = try number(value, key, .nonNegative) }
      case "arrowWidth": log.record { style.arrowWidth = try number(value, key, NumberRule(0...200)) }
      case "arrowHeight": log.record { style.arrowHeight = try number(value, key, NumberRule(0...200)) }
      case "maxWidth": log.record { style.maxWidth = try number(value, key, .positiveFraction) }
      case "border":
        style.border =
          value.isNull
          ? nil : border(value, path: key, base: style.border ?? Self.newBorder, log: &log)
      case "shadow":
        style.shadow =
          value.isNull
          ? nil : shadow(value, path: key, base: style.shadow ?? Self.newShadow, log: &log)
      default: break
      }
    }
    return style
  }

  // MARK: - Values

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

  /// A path relative to the theme file, which must name an existing file.
  func existingFile(_ value: JSONValue, _ key: String) throws -> String {
    let text = try string(value, key)
    guard !text.isEmpty else { throw file.error("expected a file path for '\(key)'", at: value) }
    let resolved = Self.resolve(text, from: directory)
    guard FileManager.default.fileExists(atPath: resolved) else {
      throw file.error("file '\(resolved)' not found for '\(key)'", at: value)
    }
    // A FIFO would block the drawing forever, a device never end.
    if let problem = RegularFile.problem(at: resolved) {
      throw file.error("cannot use '\(resolved)' for '\(key)': \(problem)", at: value)
    }
    return resolved
  }
}
