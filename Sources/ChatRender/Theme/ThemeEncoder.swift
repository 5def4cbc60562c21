/// Writes a theme as theme JSON (as `JSONNode`s) with every key, in the format `ThemeDecoder` reads back to an
/// equal theme.
enum ThemeEncoder {
  /// The full theme as pretty-printed JSON ending in a new line.
  static func json(for theme: Theme, schema: String? = nil) -> String {
    var root = node(for: theme)
    if let schema, case .object(let members) = root {
      root = .object([.init("$schema", .string(schema))] + members)
    }
    return root.text(layout: .theme) + "\n"
  }

  // MARK: - Theme to nodes

  static func node(for theme: Theme) -> JSONNode {
    .object([
      .init("version", .number(1)),
      .init("name", .string(theme.name)),
      .init("canvas", node(for: theme.canvas)),
      .init(
        "font",
        .object([
          .init("families", .array(theme.font.families.map(JSONNode.string))),
          .init("size", .number(theme.font.size)),
          .init("lineSpacing", .number(theme.font.lineSpacing)),
          .init("color", color(theme.font.color)),
        ])
      ),
      .init("me", node(for: theme.me)),
      .init("them", node(for: theme.them)),
      .init("system", node(for: theme.system)),
      .init(
        "spacing",
        .object([
          .init("sameAuthor", .number(theme.spacing.sameAuthor)),
          .init("newAuthor", .number(theme.spacing.newAuthor)),
        ])
      ),
      .init(
        "names",
        .object([
          .init("show", .string(theme.names.show.rawValue)),
          .init("placement", .string(theme.names.placement.rawValue)),
          .init("size", .number(theme.names.size)),
          .init("color", color(theme.names.color)),
          .init("colors", .array(theme.names.colors.map(color))),
          .init("bold", .bool(theme.names.bold)),
        ])
      ),
      .init(
        "timestamps",
        .object([
          .init("placement", .string(theme.timestamps.placement.rawValue)),
          .init("size", .number(theme.timestamps.size)),
          .init("meColor", color(theme.timestamps.meColor)),
          .init("themColor", color(theme.timestamps.themColor)),
        ])
      ),
      .init(
        "daySeparators",
        .object([
          .init("show", .bool(theme.daySeparators.show)),
          .init("size", .number(theme.daySeparators.size)),
          .init("text", color(theme.daySeparators.textColor)),
          .init("fill", color(theme.daySeparators.fill)),
          .init("radius", .number(theme.daySeparators.radius)),
          .init("padding", insets(theme.daySeparators.padding)),
          .init("border", border(theme.daySeparators.border)),
          .init("shadow", shadow(theme.daySeparators.shadow)),
          .init("timeAfterMinutes", .number(theme.daySeparators.timeAfterMinutes)),
        ])
      ),
      .init(
        "avatars",
        .object([
          .init("show", .string(theme.avatars.show.rawValue)),
          .init("size", .number(theme.avatars.size)),
          .init("roundness", .number(theme.avatars.roundness)),
          .init("carrier", .string(theme.avatars.carrier.rawValue)),
        ])
      ),
      .init(
        "replies",
        .object([
          .init("barColor", color(theme.replies.barColor)),
          .init("textSize", .number(theme.replies.textSize)),
        ])
      ),
      .init(
        "reactions",
        .object([
          .init("fill", color(theme.reactions.fill)),
          .init("text", color(theme.reactions.textColor)),
          .init("size", .number(theme.reactions.size)),
          .init("placement", .string(theme.reactions.placement.rawValue)),
        ])
      ),
      .init(
        "page",
        .object([
          .init("size", paperSize(theme.page)), .init("margin", insets(theme.page.margin)),
          .init("column", .string(theme.page.column.rawValue)),
        ])
      ),
      .init("spotlight", node(for: theme.spotlight)),
      .init("note", node(for: theme.note)),
      .init("formatting", node(for: theme.formatting)),
      .init("encryptionNotice", theme.encryptionNotice.map(node(for:)) ?? .null),
    ])
  }

  static func node(for card: NoticeCardStyle) -> JSONNode {
    .object([
      .init("fill", color(card.fill)),
      .init("text", color(card.textColor)),
      .init("maxWidth", .number(card.maxWidth)),
    ])
  }

  static func node(for spotlight: SpotlightStyle) -> JSONNode {
    .object([
      .init("color", color(spotlight.color)),
      .init("alpha", .number(spotlight.alpha)),
      .init("margin", .number(spotlight.margin)),
      .init("ring", border(spotlight.ring)),
    ])
  }

  static func node(for note: NoteStyle) -> JSONNode {
    .object([
      .init("fill", color(note.fill)),
      .init("text", color(note.textColor)),
      .init("fontSize", .number(note.fontSize)),
      .init("padding", insets(note.padding)),
      .init("radius", .number(note.radius)),
      .init("arrowWidth", .number(note.arrowWidth)),
      .init("arrowHeight", .number(note.arrowHeight)),
      .init("maxWidth", .number(note.maxWidth)),
      .init("border", border(note.border)),
      .init("shadow", shadow(note.shadow)),
    ])
  }

  static func node(for canvas: CanvasStyle) -> JSONNode {
    var image = JSONNode.null
    if let picture = canvas.backgroundImage {
      image = .object([
        .init("path", .string(picture.path)),
        .init("mode", .string(picture.mode.rawValue)),
        .init("opacity", .number(picture.opacity)),
      ])
    }
    return .object([
      .init("width", .number(canvas.width)),
      .init("background", color(canvas.background)),
      .init("padding", insets(canvas.padding)),
      .init("backgroundImage", image),
    ])
  }

  static func node(for bubble: BubbleStyle) -> JSONNode {
    let arrow = bubble.arrow
    return .object([
      .init("fill", color(bubble.fill)),
      .init("text", color(bubble.textColor)),
      .init("radius", .number(bubble.radius)),
      .init("padding", insets(bubble.padding)),
      .init("maxWidth", .number(bubble.maxWidth)),
      .init("fontSize", bubble.fontSize.map(JSONNode.number) ?? .null),
      .init("smsFill", bubble.smsFill.map(color) ?? .null),
      .init(
        "arrow",
        .object([
          .init("side", .string(arrow.side.rawValue)),
          .init("style", .string(arrow.style.rawValue)),
          .init("width", .number(arrow.width)),
          .init("height", .number(arrow.height)),
          .init("offset", .number(arrow.offset)),
          .init("anchor", .string(arrow.anchor.rawValue)),
          .init("carrier", .string(arrow.carrier.rawValue)),
        ])
      ),
      .init("border", border(bubble.border)),
      .init("shadow", shadow(bubble.shadow)),
    ])
  }

  static func border(_ border: BorderStyle?) -> JSONNode {
    guard let border else { return .null }
    return .object([.init("width", .number(border.width)), .init("color", color(border.color))])
  }

  static func shadow(_ shadow: ShadowStyle?) -> JSONNode {
    guard let shadow else { return .null }
    return .object([
      .init("dx", .number(shadow.dx)), .init("dy", .number(shadow.dy)), .init("blur", .number(shadow.blur)),
      .init("color", color(shadow.color)),
    ])
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
  static func paperSize(_ page: PageStyle) -> JSONNode {
    if let paper = PaperSize.all.first(where: {
      $0.width == page.width && $0.height == page.height
    }) {
      return .string(paper.name)
    }
    return .array([.number(page.width), .number(page.height)])
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
