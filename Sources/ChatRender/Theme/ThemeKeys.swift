/// The vocabulary of theme JSON: every object the decoder reads and the keys it knows there.
///
/// One table serves the decoder (unknown-key warnings and their suggestions), the encoder's
/// tests and the schema test, so the three cannot disagree about a key.
struct ThemeKeys: Sendable, Equatable {
  /// Each known key, with the keys of its value when that value is an object.
  var children: [String: ThemeKeys]

  /// A key whose value is not an object (a number, string, array or null).
  static let leaf = ThemeKeys(children: [:])

  init(children: [String: ThemeKeys]) { self.children = children }

  /// An object with `leaves` (plain values) and `objects` (nested objects).
  init(_ leaves: [String], objects: [String: ThemeKeys] = [:]) {
    var children = objects
    for leaf in leaves { children[leaf] = .leaf }
    self.children = children
  }

  /// The known keys, sorted (the candidates of "did you mean").
  var keys: [String] { children.keys.sorted() }

  // MARK: - The format

  static let backgroundImage = ThemeKeys(["path", "mode", "opacity"])
  static let canvas = ThemeKeys(
    ["width", "background", "padding"], objects: ["backgroundImage": backgroundImage])
  static let font = ThemeKeys(["families", "size", "lineSpacing", "color"])
  static let arrow = ThemeKeys(["side", "style", "width", "height", "offset", "anchor", "carrier"])
  static let border = ThemeKeys(["width", "color"])
  static let shadow = ThemeKeys(["dx", "dy", "blur", "color"])
  static let bubble = ThemeKeys(
    ["fill", "text", "radius", "padding", "maxWidth", "fontSize", "smsFill"],
    objects: ["arrow": arrow, "border": border, "shadow": shadow])
  static let spacing = ThemeKeys(["sameAuthor", "newAuthor"])
  static let names = ThemeKeys(["show", "placement", "size", "color", "colors", "bold"])
  static let timestamps = ThemeKeys(["placement", "size", "meColor", "themColor"])
  static let daySeparators = ThemeKeys(
    ["show", "size", "text", "fill", "radius", "padding", "timeAfterMinutes"],
    objects: ["border": border, "shadow": shadow])
  static let avatars = ThemeKeys(["show", "size", "roundness", "carrier"])
  static let replies = ThemeKeys(["barColor", "textSize"])
  static let reactions = ThemeKeys(["fill", "text", "size", "placement"])
  static let page = ThemeKeys(["size", "margin", "column"])
  static let spotlight = ThemeKeys(["color", "alpha", "margin"], objects: ["ring": border])
  static let note = ThemeKeys(
    ["fill", "text", "fontSize", "padding", "radius", "arrowWidth", "arrowHeight", "maxWidth"],
    objects: ["border": border, "shadow": shadow])
  static let encryptionNotice = ThemeKeys(["fill", "text", "maxWidth"])
  static let formatting = ThemeKeys(
    ["codeFont", "codeBackground", "link", "mention", "quoteBar", "tableBorder", "spoilers", "spoilerFill"])

  /// Keys read from a theme file but not part of a theme's value (so `json(for:)` omits them).
  static let inputOnly: Set<String> = ["$schema", "extends"]

  /// The whole file.
  static let root = ThemeKeys(
    ["$schema", "version", "extends", "name"],
    objects: [
      "canvas": canvas, "font": font, "me": bubble, "them": bubble, "system": bubble,
      "spacing": spacing, "names": names, "timestamps": timestamps,
      "daySeparators": daySeparators, "avatars": avatars, "replies": replies,
      "reactions": reactions, "page": page,
      "spotlight": spotlight, "note": note, "formatting": formatting,
      "encryptionNotice": encryptionNotice,
    ])
}
