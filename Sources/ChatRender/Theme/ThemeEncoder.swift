/// Writes a theme as theme JSON with every key, in the format `ThemeDecoder` reads back to an
/// equal theme.
enum ThemeEncoder {
  /// A JSON value to print, with object keys in a fixed order.
  indirect enum Node {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([Node])
    case object([(String, Node)])
  }

  /// The full theme as pretty-printed JSON ending in a new line.
  static func json(for theme: Theme, schema: String? = nil) -> String {
    var root = node(for: theme)
    if let schema, case .object(let members) = root {
      root = .object([("$schema", .string(schema))] + members)
    }
    var out = ""
    write(root, indent: 0, into: &out)
    return out + "\n"
  }

  // MARK: - Theme to nodes

  static func node(for theme: Theme) -> Node {
    .object([
      ("version", .number(1)),
      ("name", .string(theme.name)),
      ("canvas", node(for: theme.canvas)),
      (
        "font",
        .object([
          ("families", .array(theme.font.families.map(Node.string))),
          ("size", .number(theme.font.size)),
          ("lineSpacing", .number(theme.font.lineSpacing)),
          ("color", color(theme.font.color)),
        ])
      ),
      ("me", node(for: theme.me)),
      ("them", node(for: theme.them)),
      ("system", node(for: theme.system)),
      (
        "spacing",
        .object([
          ("sameAuthor", .number(theme.spacing.sameAuthor)),
          ("newAuthor", .number(theme.spacing.newAuthor)),
        ])
      ),
      (
        "names",
        .object([
          ("show", .string(theme.names.show.rawValue)),
          ("placement", .string(theme.names.placement.rawValue)),
          ("size", .number(theme.names.size)),
          ("color", color(theme.names.color)),
          ("colors", .array(theme.names.colors.map(color))),
          ("bold", .bool(theme.names.bold)),
        ])
      ),
      (
        "timestamps",
        .object([
          ("placement", .string(theme.timestamps.placement.rawValue)),
          ("size", .number(theme.timestamps.size)),
          ("meColor", color(theme.timestamps.meColor)),
          ("themColor", color(theme.timestamps.themColor)),
        ])
      ),
      (
        "daySeparators",
        .object([
          ("show", .bool(theme.daySeparators.show)),
          ("size", .number(theme.daySeparators.size)),
          ("text", color(theme.daySeparators.textColor)),
          ("fill", color(theme.daySeparators.fill)),
          ("radius", .number(theme.daySeparators.radius)),
          ("padding", insets(theme.daySeparators.padding)),
          ("border", border(theme.daySeparators.border)),
          ("shadow", shadow(theme.daySeparators.shadow)),
          ("timeAfterMinutes", .number(theme.daySeparators.timeAfterMinutes)),
        ])
      ),
      (
        "avatars",
        .object([
          ("show", .string(theme.avatars.show.rawValue)),
          ("size", .number(theme.avatars.size)),
          ("roundness", .number(theme.avatars.roundness)),
          ("carrier", .string(theme.avatars.carrier.rawValue)),
        ])
      ),
      (
        "replies",
        .object([
          ("barColor", color(theme.replies.barColor)),
          ("textSize", .number(theme.replies.textSize)),
        ])
      ),
      (
        "reactions",
        .object([
          ("fill", color(theme.reactions.fill)),
          ("text", color(theme.reactions.textColor)),
          ("size", .number(theme.reactions.size)),
          ("placement", .string(theme.reactions.placement.rawValue)),
        ])
      ),
      (
        "page",
        .object([
          ("size", paperSize(theme.page)), ("margin", insets(theme.page.margin)),
          ("column", .string(theme.page.column.rawValue)),
        ])
      ),
      ("spotlight", node(for: theme.spotlight)),
      ("note", node(for: theme.note)),
      ("formatting", node(for: theme.formatting)),
      ("encryptionNotice", theme.encryptionNotice.map(node(for:)) ?? .null),
    ])
  }

  static func node(for card: NoticeCardStyle) -> Node {
    .object([
      ("fill", color(card.fill)),
      ("text", color(card.textColor)),
      ("maxWidth", .number(card.maxWidth)),
    ])
  }

  static func node(for spotlight: SpotlightStyle) -> Node {
    .object([
      ("color", color(spotlight.color)),
      ("alpha", .number(spotlight.alpha)),
      ("margin", .number(spotlight.margin)),
      ("ring", border(spotlight.ring)),
    ])
  }

  static func node(for note: NoteStyle) -> Node {
    .object([
      ("fill", color(note.fill)),
      ("text", color(note.textColor)),
      ("fontSize", .number(note.fontSize)),
      ("padding", insets(note.padding)),
      ("radius", .number(note.radius)),
      ("arrowWidth", .number(note.arrowWidth)),
      ("arrowHeight", .number(note.arrowHeight)),
      ("maxWidth", .number(note.maxWidth)),
      ("border", border(note.border)),
      ("shadow", shadow(note.shadow)),
    ])
  }

  static func node(for canvas: CanvasStyle) -> Node {
    var image = Node.null
    if let picture = canvas.backgroundImage {
      image = .object([
        ("path", .string(picture.path)),
        ("mode", .string(picture.mode.rawValue)),
        ("opacity", .number(picture.opacity)),
      ])
    }
    return .object([
      ("width", .number(canvas.width)),
      ("background", color(canvas.background)),
      ("padding", insets(canvas.padding)),
      ("backgroundImage", image),
    ])
  }

  static func node(for bubble: BubbleStyle) -> Node {
    let arrow = bubble.arrow
    return .object([
      ("fill", color(bubble.fill)),
      ("text", color(bubble.textColor)),
      ("radius", .number(bubble.radius)),
      ("padding", insets(bubble.padding)),
      ("maxWidth", .number(bubble.maxWidth)),
      ("fontSize", bubble.fontSize.map(Node.number) ?? .null),
      ("smsFill", bubble.smsFill.map(color) ?? .null),
      (
        "arrow",
        .object([
          ("side", .string(arrow.side.rawValue)),
          ("style", .string(arrow.style.rawValue)),
          ("width", .number(arrow.width)),
          ("height", .number(arrow.height)),
          ("offset", .number(arrow.offset)),
          ("anchor", .string(arrow.anchor.rawValue)),
          ("carrier", .string(arrow.carrier.rawValue)),
        ])
      ),
      ("border", border(bubble.border)),
      ("shadow", shadow(bubble.shadow)),
    ])
  }

  static func border(_ border: BorderStyle?) -> Node {
    guard let border else { return .null }
    return .object([("width", .number(border.width)), ("color", color(border.color))])
  }

  static func shadow(_ shadow: ShadowStyle?) -> Node {
    guard let shadow else { return .null }
    return .object([
      ("dx", .number(shadow.dx)), ("dy", .number(shadow.dy)), ("blur", .number(shadow.blur)),
      ("color", color(shadow.color)),
    ])
  }

  /// Insets in the shortest CSS form: `8`, `[8, 12]` or `[top, right, bottom, left]`.
  static func insets(_ insets: EdgeInsets) -> Node {
    let (top, left, bottom, right) = (insets.top, insets.left, insets.bottom, insets.right)
    if top == bottom && left == right {
      return top == left ? .number(top) : .array([.number(top), .number(left)])
    }
    return .array(insets.cssValues.map(Node.number))
  }

  /// `"A4"` for a named size, else `[width, height]`.
  static func paperSize(_ page: PageStyle) -> Node {
    if let paper = PaperSize.all.first(where: {
      $0.width == page.width && $0.height == page.height
    }) {
      return .string(paper.name)
    }
    return .array([.number(page.width), .number(page.height)])
  }

  /// `#rrggbb` or `#rrggbbaa` when that is exact, else `rgba(r, g, b, a)`, so that reading the
  /// text back gives the same colour.
  static func color(_ color: Color) -> Node {
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

  // MARK: - Printing

  /// Longest line (with its indent) an object or array is kept on.
  private static let lineLimit = 100

  /// The value on one line: `{"a": 1, "b": [1, 2]}`.
  static func compact(_ node: Node) -> String {
    switch node {
    case .number(let number): return number.jsonText
    case .string(let text): return TranscriptJSONWriter.quote(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let elements): return "[" + elements.map(compact).joined(separator: ", ") + "]"
    case .object(let members):
      let fields = members.map { TranscriptJSONWriter.quote($0.0) + ": " + compact($0.1) }
      return "{" + fields.joined(separator: ", ") + "}"
    }
  }

  /// Writes `node`, keeping nested objects on one line when they fit.
  private static func write(_ node: Node, indent: Int, into out: inout String) {
    guard case .object(let members) = node else {
      out += compact(node)
      return
    }
    let inner = String(repeating: " ", count: indent + 2)
    out += "{"
    for (index, (key, value)) in members.enumerated() {
      out += (index == 0 ? "\n" : ",\n") + inner + TranscriptJSONWriter.quote(key) + ": "
      let line = compact(value)
      if case .object = value, inner.count + key.count + 4 + line.count > lineLimit {
        write(value, indent: indent + 2, into: &out)
      } else {
        out += line
      }
    }
    out += "\n" + String(repeating: " ", count: indent) + "}"
  }
}
