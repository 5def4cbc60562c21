import CPango
import Foundation

/// The font families fontconfig offers, and font files added for one run (`--font
/// ./MyFont.ttf`): what the command line checks a `--font` against before anything is drawn.
package enum InstalledFonts {
  /// fontconfig's generic names, which always resolve to some installed family.
  package static let genericFamilies = ["sans-serif", "sans", "serif", "monospace", "mono", "emoji", "system-ui"]

  /// Every installed family, sorted, each once; not the generic names (Pango lists them
  /// even when no font is installed).
  package static func families() -> [String] {
    FontLoading.run(listFamilies)
  }

  private static func listFamilies() -> [String] {
    let fontMap = pango_cairo_font_map_new()
    defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
    var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
    var count: Int32 = 0
    pango_font_map_list_families(fontMap, &list, &count)
    defer { g_free(list) }
    var names = Set<String>()
    for index in 0..<Int(count) {
      if let family = list?[index], let name = pango_font_family_get_name(family).map({ String(cString: $0) }),
        !genericFamilies.contains(name.lowercased())
      {
        names.insert(name)
      }
    }
    return names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
  }

  /// Whether `family` is installed (in any case) or a generic name.
  package static func isAvailable(_ family: String, among families: [String]) -> Bool {
    let key = family.lowercased()
    return genericFamilies.contains(key) || families.contains { $0.lowercased() == key }
  }

  /// Makes the font file at `path` usable by every text engine made after this call, and
  /// returns its family names.
  ///
  /// - Throws: `FileError` when the file is not a font fontconfig reads.
  package static func addFile(_ path: String) throws -> [String] {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    if let problem = RegularFile.problem(at: absolute) { throw FileError(path: path, reason: problem) }
    guard FcConfigAppFontAddFile(FcConfigGetCurrent(), absolute) == FcTrue else {
      throw FileError(path: path, reason: "not a font file fontconfig can read (TrueType, OpenType or Type 1)")
    }
    return familyNames(ofFile: absolute)
  }

  /// The families of the fonts fontconfig knows in the file at `path`.
  private static func familyNames(ofFile path: String) -> [String] {
    guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
    defer {
      FcPatternDestroy(pattern)
      FcObjectSetDestroy(objects)
    }
    _ = path.withCString {
      FcPatternAddString(pattern, FC_FILE, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
    }
    FcObjectSetAdd(objects, FC_FAMILY)
    guard let found = FcFontList(FcConfigGetCurrent(), pattern, objects) else { return [] }
    defer { FcFontSetDestroy(found) }
    var names: [String] = []
    for index in 0..<Int(found.pointee.nfont) {
      var value: UnsafeMutablePointer<FcChar8>?
      if let font = found.pointee.fonts[index], FcPatternGetString(font, FC_FAMILY, 0, &value) == FcResultMatch,
        let value
      {
        let name = String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
        if !names.contains(name) { names.append(name) }
      }
    }
    return names
  }
}
