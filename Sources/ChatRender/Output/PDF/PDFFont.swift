import CHarfBuzz

/// One font of the document: a Type0 font over a CID font whose CIDs are the font's own glyph
/// ids, subset once, when the document ends, to the glyphs its pages used.
final class PDFFont {
  /// The resource name pages use, e.g. F3.
  let resourceName: String
  /// The Type0 font's object, named by pages before it is written.
  let object: Int
  private let face: OpaquePointer
  /// The face at its design units, for advances.
  private let unscaled: OpaquePointer
  let unitsPerEm: Double
  /// CFF outlines (CIDFontType0) rather than TrueType ones (CIDFontType2).
  let isCFF: Bool
  /// The text each used glyph stands for (its ToUnicode entry): the first that drew it.
  private var texts: [UInt32: String] = [:]
  private var widths: [UInt32: Double] = [:]

  /// Takes its own reference to `face`.
  init(face: OpaquePointer, resourceName: String, object: Int) {
    self.face = hb_face_reference(face)
    unscaled = hb_font_create(face)
    let upem = hb_face_get_upem(face)
    hb_font_set_scale(unscaled, Int32(upem), Int32(upem))
    unitsPerEm = Double(max(upem, 1))
    isCFF = Self.hasTable(face, "CFF ") || Self.hasTable(face, "CFF2")
    self.resourceName = resourceName
    self.object = object
  }

  deinit {
    hb_font_destroy(unscaled)
    hb_face_destroy(face)
  }

  /// Whether `face` has the table `tag`.
  static func hasTable(_ face: OpaquePointer, _ tag: String) -> Bool {
    let blob = hb_face_reference_table(face, Self.tag(tag))
    defer { hb_blob_destroy(blob) }
    return hb_blob_get_length(blob) > 0
  }

  static func tag(_ text: String) -> hb_tag_t {
    text.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) }
  }

  /// The glyph's advance in thousandths of an em, as PDF widths are.
  func width(of glyph: UInt32) -> Double {
    if let known = widths[glyph] { return known }
    let width = Double(hb_font_get_glyph_h_advance(unscaled, glyph)) * 1000 / unitsPerEm
    widths[glyph] = width
    return width
  }

  /// The text `glyph` maps to, when known.
  func text(of glyph: UInt32) -> String? { texts[glyph] }

  /// Notes that `glyph` was drawn for `text`; the first text a glyph is drawn for is its
  /// ToUnicode entry. Whether `text` is what the glyph maps to.
  @discardableResult
  func use(_ glyph: UInt32, for text: String) -> Bool {
    _ = width(of: glyph)
    if let known = texts[glyph] { return known == text }
    texts[glyph] = text.isEmpty ? nil : text
    return !text.isEmpty
  }

  /// The glyph of `scalar`, if the font has one.
  func glyph(for scalar: Unicode.Scalar) -> UInt32? {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(unscaled, scalar.value, &glyph) != 0 ? glyph : nil
  }

  /// Writes the font's objects; nothing when no glyph was used (its object still gets a
  /// font, so pages stay valid).
  func write(to file: PDFFile) {
    let glyphs = widths.keys.sorted()
    let baseName = subsetTag(glyphs) + "+" + postScriptName()
    let program = FontLoading.run { subset(glyphs) }
    let programObject = file.addStream(
      dictionary: !isCFF ? "/Length1 \(program.count)" : keepsGlyphIDs ? "/Subtype/OpenType" : "/Subtype/CIDFontType0C",
      data: program)
    let descriptor = file.add(descriptorDictionary(name: baseName, program: programObject))
    let cidFont = file.add(
      "<</Type/Font/Subtype/\(isCFF ? "CIDFontType0" : "CIDFontType2")/BaseFont/\(PDFText.name(baseName))"
        + "/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor \(descriptor) 0 R"
        + "/DW 1000/W[\(widthArray(glyphs))]\(isCFF ? "" : "/CIDToGIDMap/Identity")>>")
    let toUnicode = file.addStream(dictionary: "", data: Array(toUnicodeMap(glyphs).utf8))
    file.write(
      object: object,
      "<</Type/Font/Subtype/Type0/BaseFont/\(PDFText.name(baseName))/Encoding/Identity-H"
        + "/DescendantFonts[\(cidFont) 0 R]/ToUnicode \(toUnicode) 0 R>>")
  }

  /// A CID-keyed CFF finds each glyph by its CID, which is the original glyph id: its subset
  /// (the bare CFF table) may renumber glyphs and be far smaller. Other fonts keep the ids.
  private var keepsGlyphIDs: Bool {
    guard isCFF else { return true }
    let cff = bytes(of: hb_face_reference_table(face, Self.tag("CFF ")))
    return !CFFTopDictionary.isCIDKeyed(cff)
  }

  /// The font program cut to `glyphs`, with CIDs that stay glyph ids (see `keepsGlyphIDs`).
  private func subset(_ glyphs: [UInt32]) -> [UInt8] {
    guard let input = hb_subset_input_create_or_fail() else { return wholeFont() }
    defer { hb_subset_input_destroy(input) }
    let set = hb_subset_input_glyph_set(input)
    hb_set_add(set, 0)
    for glyph in glyphs { hb_set_add(set, glyph) }
    hb_set_clear(hb_subset_input_set(input, HB_SUBSET_SETS_UNICODE))
    let keepsIDs = keepsGlyphIDs
    // No hinting: PDF readers draw outlines unhinted (poppler and MuPDF by default), and
    // instructions are a third of a small subset.
    let flags = HB_SUBSET_FLAGS_NO_HINTING.rawValue | (keepsIDs ? HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue : 0)
    hb_subset_input_set_flags(input, flags)
    let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
    for table in Self.tablesAPDFNeverReads { hb_set_add(dropped, Self.tag(table)) }
    guard let subset = hb_subset_or_fail(face, input) else { return wholeFont() }
    defer { hb_face_destroy(subset) }
    return bytes(of: keepsIDs ? hb_face_reference_blob(subset) : hb_face_reference_table(subset, Self.tag("CFF ")))
  }

  /// Tables a PDF reader never reads: glyphs come shaped, by id. Without the layout tables
  /// the subset also keeps no glyph they could reach (alternates, ligatures not drawn).
  private static let tablesAPDFNeverReads = [
    "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "name", "gasp", "hdmx", "VDMX", "LTSH", "DSIG", "STAT",
    "meta",
  ]

  /// The font unsubset, in the form `keepsGlyphIDs` chose.
  private func wholeFont() -> [UInt8] {
    bytes(of: keepsGlyphIDs ? hb_face_reference_blob(face) : hb_face_reference_table(face, Self.tag("CFF ")))
  }

  /// The blob's bytes; releases it.
  private func bytes(of blob: OpaquePointer?) -> [UInt8] {
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }

  /// Six capitals from the glyph set: a subset's name differs from the whole font's.
  private func subsetTag(_ glyphs: [UInt32]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for glyph in glyphs {
      hash = (hash ^ UInt64(glyph)) &* 0x100_0000_01b3
    }
    return String((0..<6).map { index in Character(Unicode.Scalar(UInt8(65 + (hash >> (index * 5)) % 26))) })
  }

  private func postScriptName() -> String {
    var length: UInt32 = 128
    var buffer = [CChar](repeating: 0, count: 129)
    let found = hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME), nil, &length, &buffer)
    let name = found > 0 ? String(cString: buffer) : ""
    let cleaned = name.filter { $0.isASCII && !$0.isWhitespace && !"()<>[]{}/%#".contains($0) }
    return cleaned.isEmpty ? "Font" : cleaned
  }

  private func descriptorDictionary(name: String, program: Int) -> String {
    var ascender: hb_position_t = 0
    var descender: hb_position_t = 0
    var capHeight: hb_position_t = 0
    _ = hb_ot_metrics_get_position(unscaled, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &ascender)
    _ = hb_ot_metrics_get_position(unscaled, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &descender)
    if hb_ot_metrics_get_position(unscaled, HB_OT_METRICS_TAG_CAP_HEIGHT, &capHeight) == 0 { capHeight = ascender }
    let scale = 1000 / unitsPerEm
    func value(_ units: hb_position_t) -> Int { Int((Double(units) * scale).rounded()) }
    var extents = hb_glyph_extents_t()
    let box =
      hb_font_get_glyph_extents(unscaled, 0, &extents) != 0 && extents.width > 0
      ? "[\(value(extents.x_bearing)) \(value(extents.y_bearing + extents.height)) \(value(extents.x_bearing + extents.width)) \(value(extents.y_bearing))]"
      : "[-1000 \(value(descender)) 2000 \(value(ascender))]"
    return "<</Type/FontDescriptor/FontName/\(PDFText.name(name))/Flags 4/FontBBox\(boundingBox() ?? box)"
      + "/ItalicAngle 0/Ascent \(value(ascender))/Descent \(value(descender))/CapHeight \(value(capHeight))"
      + "/StemV 80/\(isCFF ? "FontFile3" : "FontFile2") \(program) 0 R>>"
  }

  /// The head table's box of all glyphs, in thousandths of an em.
  private func boundingBox() -> String? {
    let blob = hb_face_reference_table(face, Self.tag("head"))
    let bytes = bytes(of: blob)
    guard bytes.count >= 44 else { return nil }
    func signed(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))) }
    let scale = 1000 / unitsPerEm
    let values = [36, 38, 40, 42].map { Int((Double(signed($0)) * scale).rounded()) }
    return "[\(values.map(String.init).joined(separator: " "))]"
  }

  /// Widths of `glyphs` (sorted), consecutive ids grouped: `g [w w w] g [w]`.
  private func widthArray(_ glyphs: [UInt32]) -> String {
    var buffer = PDFBuffer()
    var index = 0
    while index < glyphs.count {
      buffer.integer(Int(glyphs[index]))
      buffer.append("[")
      var next = index
      repeat {
        buffer.number(width(of: glyphs[next]))
        next += 1
      } while next < glyphs.count && glyphs[next] == glyphs[next - 1] + 1
      buffer.append("]")
      index = next
    }
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  /// A CMap from every used glyph to its text, a hundred entries a block as CMaps allow.
  private func toUnicodeMap(_ glyphs: [UInt32]) -> String {
    var map = """
      /CIDInit/ProcSet findresource begin
      12 dict begin
      begincmap
      /CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def
      /CMapName/Adobe-Identity-UCS def
      /CMapType 2 def
      1 begincodespacerange
      <0000><FFFF>
      endcodespacerange

      """
    let mapped = glyphs.map { ($0, texts[$0] ?? "\u{FFFD}") }
    for start in stride(from: 0, to: mapped.count, by: 100) {
      let block = mapped[start..<min(start + 100, mapped.count)]
      map += "\(block.count) beginbfchar\n"
      for (glyph, text) in block {
        var code = PDFBuffer()
        code.hex16(glyph)
        map += "<\(String(decoding: code.bytes, as: UTF8.self))><\(PDFText.utf16Hex(text))>\n"
      }
      map += "endbfchar\n"
    }
    return map + "endcmap\nCMapName currentdict/CMap defineresource pop\nend\nend\n"
  }
}
