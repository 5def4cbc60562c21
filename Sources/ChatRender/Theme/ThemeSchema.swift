/// The theme format, written once: every key of theme JSON, object by object, with its value
/// kind, documentation and the `Theme` property it sets.
///
/// Decoding (`ThemeDecoder`), encoding (`ThemeEncoder`), unknown-key warnings, the JSON schema
/// (`ThemeSchemaDocument`) and the key reference in docs/THEMES.md (`ThemeKeyReference`) all
/// come from these tables, so they cannot disagree about a key. Rows are in the order
/// `chatrender theme show` writes them.
enum ThemeSchema {
  /// The whole file.
  static let theme = ThemeObject<Theme>(
    "A theme for chatrender (version 1). Every key is optional: what a file leaves out comes from the theme it extends, and finally from the built-in default. Lengths are points (pixels at scale 1).",
    [
      .readByLoader(
        "$schema", schema: .object([.init("type", .string("string"))]), summary: "a string", written: nil,
        "this schema, for editors; ignored"),
      .readByLoader(
        "version", schema: .object([.init("const", .integer(ThemeLoader.formatVersion))]),
        summary: "`\(ThemeLoader.formatVersion)`", written: .integer(ThemeLoader.formatVersion),
        "version of the theme format; this chatrender reads \(ThemeLoader.formatVersion)"),
      .readByLoader(
        "extends", schema: ThemeSchemaDocument.themeReference, summary: "a built-in name or a path", written: nil,
        "the theme this one starts from: a built-in name, or a path to a JSON theme in this theme's folder, relative to this file"
      ),
      .value("name", \.name, .name, "name of the theme; defaults to the file's name"),
      .object("canvas", \.canvas, canvas, "the picture as a whole"),
      .object("font", \.font, font, "the message text's font"),
      .object("me", \.me, bubble, "bubbles of messages sent by \"me\" (right side)"),
      .object("them", \.them, bubble, "bubbles of everyone else's messages (left side)"),
      .object("system", \.system, bubble, "system notices (centred)"),
      .object("spacing", \.spacing, spacing, "vertical gaps between bubbles"),
      .object("names", \.names, names, "author names"),
      .object("timestamps", \.timestamps, timestamps, "message times"),
      .object("daySeparators", \.daySeparators, daySeparators, "date labels where the day changes"),
      .object("avatars", \.avatars, avatars, "pictures with initials beside bubbles"),
      .object("replies", \.replies, replies, "the quoted message above a reply"),
      .object("reactions", \.reactions, reactions, "reaction pills"),
      .object("calls", \.calls, calls, "the chip of a message that records a call"),
      .object("page", \.page, page, "paper for PDF output"),
      .object("spotlight", \.spotlight, spotlight, "the layer of `--highlight`"),
      .object("note", \.note, note, "the notes of `--note`"),
      .object("formatting", \.formatting, formatting, "code, links, mentions, quotes, tables and spoilers"),
      .objectOrNull(
        "encryptionNotice", \.encryptionNotice, encryptionNotice, adding: .standard,
        "WhatsApp's end-to-end encryption notice as a card; `null` draws it as a `system` pill"),
    ])
}
