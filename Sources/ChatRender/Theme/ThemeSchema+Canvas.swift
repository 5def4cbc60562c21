/// The `canvas`, `font`, `spacing` and `page` objects of theme JSON: the picture and the paper
/// as a whole.
extension ThemeSchema {
  static let canvas = ThemeObject<CanvasStyle>(
    "The picture as a whole.",
    [
      .value("width", \.width, .number(.canvasWidth), "width of the picture (the same range as `--width`)"),
      .value("background", \.background, .color, "background color"),
      .value("padding", \.padding, .insets, "between the picture's edges and the bubbles"),
      .objectOrNull(
        "backgroundImage", \.backgroundImage, backgroundImage, adding: BackgroundImage(path: "", mode: .tile),
        required: "path", "a PNG behind the conversation; `null` for none"),
      .value(
        "layout", \.layout, .choice,
        "`bubbles`: \"me\" on the right, others on the left; `rows`: every message on the left in `them`'s style, with the avatar, name and time over each run (Discord, Slack)"
      ),
    ])

  static let backgroundImage = ThemeObject<BackgroundImage>(
    "A PNG behind the conversation.", definition: "backgroundImage",
    [
      .value("path", \.path, .existingFile, "PNG file (required when the parent has no background image)"),
      .value("mode", \.mode, .choice, "`tile`: repeated at its size; `cover`: scaled to cover the canvas, cropped"),
      .value("opacity", \.opacity, .number(.fraction), "0 (invisible) to 1"),
    ])

  static let font = ThemeObject<FontStyle>(
    "The message text's font.",
    [
      .value(
        "families", \.families, .families,
        "an array, or one string of comma-separated names; emoji come from fontconfig's fallback"),
      .value("size", \.size, .number(.textSize), "text size"),
      .value("lineSpacing", \.lineSpacing, .number(.lineSpacing), "line height as a multiple of the font's own"),
      .value("color", \.color, .color, "color of text that has no color of its own (bubbles set their own)"),
    ])

  static let spacing = ThemeObject<SpacingStyle>(
    "Vertical gaps between bubbles.",
    [
      .value("sameAuthor", \.sameAuthor, .number(.nonNegative), "gap between two messages of one author"),
      .value("newAuthor", \.newAuthor, .number(.nonNegative), "gap where the author changes, and around notices"),
    ])

  static let page = ThemeObject<PageStyle>(
    "Paper for PDF output.",
    [
      .value("size", \.sides, .paperSize, "paper size for PDF, `[width, height]` in points (1/72 inch)"),
      .value("margin", \.margin, .insets, "margins of the paper"),
      .value(
        "column", \.column, .choice,
        "`text-width`: the conversation fills the width between the margins at the theme's sizes; `phone`: the canvas as on a phone, at 0.75, centred"
      ),
    ])
}
