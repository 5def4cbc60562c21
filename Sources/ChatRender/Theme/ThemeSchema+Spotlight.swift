/// The `spotlight` and `note` objects of theme JSON: `--highlight` and `--note`.
extension ThemeSchema {
  static let spotlight = ThemeObject<SpotlightStyle>(
    "The translucent layer over everything but the messages chosen with --highlight.",
    [
      .value("color", \.color, .color, "the layer's color"),
      .value(
        "alpha", \.alpha, .number(.fraction), "how much the layer hides, 0 to 1 (multiplies the color's own alpha)"),
      .value(
        "margin", \.margin, .number(ThemeDecoder.NumberRule(0...200)),
        "room left undimmed around each highlighted bubble"),
      .objectOrNull(
        "ring", \.ring, border, adding: newBorder,
        "a line around each cut-out, on the layer just outside it; `null` for none"),
    ])

  static let note = ThemeObject<NoteStyle>(
    "The note bubbles of --note, pointing at highlighted messages.",
    [
      .value("fill", \.fill, .color, "note color"),
      .value("text", \.textColor, .color, "text color"),
      .value("fontSize", \.fontSize, .number(.textSize), "text size"),
      .value("padding", \.padding, .insets, "between the note's edge and its text"),
      .value("radius", \.radius, .number(.nonNegative), "corner radius"),
      .value("arrowWidth", \.arrowWidth, .number(ThemeDecoder.NumberRule(0...200)), "width of the arrow's base"),
      .value(
        "arrowHeight", \.arrowHeight, .number(ThemeDecoder.NumberRule(0...200)),
        "how far the arrow's tip stands out of the note"),
      .value("maxWidth", \.maxWidth, .number(.positiveFraction), "widest note as a fraction of the content width"),
      .objectOrNull(
        "border", \.border, border, adding: newBorder,
        "a line inside the note's outline, its arrow included; `null` for none"),
      .objectOrNull("shadow", \.shadow, shadow, adding: newShadow, "a shadow under the note; `null` for none"),
    ])
}
