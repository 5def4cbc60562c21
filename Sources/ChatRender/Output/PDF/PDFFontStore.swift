import CHarfBuzz
import CPango

/// The document's fonts, one for each font file whatever the size or the text engine that
/// loaded it, so the document holds one copy of each.
final class PDFFontStore {
  private let file: PDFFile
  private var fonts: [String: PDFFont] = [:]
  /// Fonts whose glyphs are pictures (colour emoji): drawn as images, never embedded.
  private var pictureFonts: Set<String> = []
  private var order: [PDFFont] = []

  init(file: PDFFile) { self.file = file }

  /// What drawing `font` takes: a font of the document, or nil for a font of pictures.
  func font(for font: UnsafeMutablePointer<PangoFont>) -> PDFFont? {
    let key = Self.key(of: font)
    if let known = fonts[key] { return known }
    if pictureFonts.contains(key) { return nil }
    guard let face = Self.face(of: font) else { return nil }
    if ["CBDT", "sbix", "COLR"].contains(where: { PDFFont.hasTable(face, $0) })
      || !(["glyf", "CFF ", "CFF2"].contains { PDFFont.hasTable(face, $0) })
    {
      pictureFonts.insert(key)
      return nil
    }
    let made = PDFFont(face: face, resourceName: "F\(order.count + 1)", object: file.reserve())
    fonts[key] = made
    order.append(made)
    return made
  }

  /// Whether `font` draws its glyphs as pictures.
  func isPictureFont(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
    self.font(for: font) == nil
  }

  /// Writes every font, in the order they were first used.
  func writeAll() {
    for font in order { font.write(to: file) }
  }

  /// The font's file and face index: the same font from two font maps is one font.
  static func key(of font: UnsafeMutablePointer<PangoFont>) -> String {
    let raw = UnsafeMutableRawPointer(font)
    guard g_type_check_instance_is_a(raw.assumingMemoryBound(to: GTypeInstance.self), pango_fc_font_get_type()) != 0,
      let pattern = pango_fc_font_get_pattern(raw.assumingMemoryBound(to: PangoFcFont.self))
    else { return "font@\(UInt(bitPattern: raw))" }
    var path: UnsafeMutablePointer<FcChar8>?
    var index: Int32 = 0
    _ = FcPatternGetString(pattern, "file", 0, &path)
    _ = FcPatternGetInteger(pattern, "index", 0, &index)
    let name = path.map { String(cString: $0) } ?? "font@\(UInt(bitPattern: raw))"
    return "\(name)#\(index)"
  }

  private static func face(of font: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
    guard let hbFont = pango_font_get_hb_font(font) else { return nil }
    return hb_font_get_face(hbFont)
  }
}
