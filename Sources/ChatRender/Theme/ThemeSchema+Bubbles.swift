/// The bubble objects of theme JSON (`me`, `them`, `system`) with their arrow, and the border
/// and shadow that bubbles, date labels and notes share.
extension ThemeSchema {
  static let bubble = ThemeObject<BubbleStyle>(
    "A bubble: its colors, shape, arrow, border and shadow.", definition: "bubble",
    [
      .value("fill", \.fill, .color, "bubble color"),
      .value("text", \.textColor, .color, "text color"),
      .value("radius", \.radius, .number(.nonNegative), "corner radius (clamped to half the shorter side)"),
      .value("padding", \.padding, .insets, "between the bubble's edge and its text"),
      .value(
        "maxWidth", \.maxWidth, .number(.positiveFraction), "widest bubble as a fraction of the content width"),
      .value("fontSize", \.fontSize, .orNull(.number(.textSize)), "text size; `null` uses `font.size`"),
      .value(
        "smsFill", \.smsFill, .orNull(.color),
        "color of a message sent as SMS or RCS (an iMessage database says which); `null` fills it as the others"),
      .value(
        "groupedRadius", \.groupedRadius, .orNull(.number(.nonNegative)),
        "radius of the corners on the author's side between two bubbles of one run (Messenger's tight inner corners); `null`: `radius`"
      ),
      .object("arrow", \.arrow, arrow, "the bubble's arrow (tail)"),
      .objectOrNull("border", \.border, border, adding: newBorder, "a line drawn inside the outline; `null` for none"),
      .objectOrNull("shadow", \.shadow, shadow, adding: newShadow, "a blurred shadow under the shape; `null` for none"),
    ])

  static let arrow = ThemeObject<ArrowStyle>(
    "The bubble's arrow (tail).", definition: "arrow",
    [
      .value(
        "side", \.side, .choice,
        "the side it stands out of; `auto`: the author's side (right for `me`, left for others)"),
      .value(
        "style", \.style, .choice,
        "`triangle`: straight sides; `curved`: a tail that sweeps away, towards its anchor's end of the side; `none`: no arrow"
      ),
      .value("width", \.width, .number(.nonNegative), "width of its base along the side"),
      .value("height", \.height, .number(.nonNegative), "how far its tip stands out"),
      .value("offset", \.offset, .number(), "distance of its centre from the anchor (unused by the corner anchors)"),
      .value(
        "anchor", \.anchor, .choice,
        "`start`: offset from the top (left/right sides) or the left (top/bottom sides); `end`: from the bottom or the right; `center`: from the middle; `startCorner`, `endCorner`: at that end of the side, whose corner is drawn square (offset unused)"
      ),
      .value("carrier", \.carrier, .choice, "which bubble of a run of one author's messages has the arrow"),
    ])

  static let border = ThemeObject<BorderStyle>(
    "A line drawn inside the outline.", definition: "border",
    [
      .value("width", \.width, .number(.nonNegative), "line width"),
      .value("color", \.color, .color, "line color"),
    ])

  static let shadow = ThemeObject<ShadowStyle>(
    "A blurred shadow under the shape.", definition: "shadow",
    [
      .value("dx", \.dx, .number(), "horizontal offset"),
      .value("dy", \.dy, .number(), "vertical offset"),
      .value("blur", \.blur, .number(.shadowBlur), "blur radius; 0 gives a hard shadow"),
      .value("color", \.color, .color, "shadow color, usually translucent"),
    ])

  /// What a `border` object adds to when the parent has no border.
  static let newBorder = BorderStyle(width: 1, color: Color(rgb: 0x000000, alpha: 0.15))
  /// What a `shadow` object adds to when the parent has no shadow.
  static let newShadow = ShadowStyle(dx: 0, dy: 1, blur: 2, color: Color(rgb: 0x000000, alpha: 0.2))
}
