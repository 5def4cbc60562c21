@_spi(Pages) import ChatRender
import Foundation

/// `--font`: each family must be installed, or be a font file to use for this run;
/// `chatrender fonts` lists what can be named.
enum FontFlag {
  /// The families `text` names, a font file's own families in its place; a family that is
  /// not installed is warned about with the nearest installed ones (it falls back).
  ///
  /// - Throws: `ConfigurationError` for a font file that cannot be read.
  static func families(_ text: String, installed: [String], warn: (String) -> Void) throws -> [String] {
    var families: [String] = []
    for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
      if isFontFile(name) {
        do {
          families += try InstalledFonts.addFile(name)
        } catch {
          throw ConfigurationError(error: error)
        }
        continue
      }
      if !InstalledFonts.isAvailable(name, among: installed) {
        let nearest = NearestWord.find(name, in: installed).map { "did you mean '\($0)'? " } ?? ""
        warn(
          "no installed font family '\(name)'; text falls back to the next family or Noto Sans "
            + "(\(nearest)'chatrender fonts' lists them, or give a font file: --font ./MyFont.ttf)")
      }
      families.append(name)
    }
    return families
  }

  /// A path rather than a family name: it has a folder or a font file's extension.
  private static func isFontFile(_ name: String) -> Bool {
    name.contains("/")
      || ["ttf", "otf", "ttc", "otc", "pfb", "woff", "woff2"].contains(
        (name as NSString).pathExtension.lowercased())
  }

  /// Text is drawn with fontconfig's fonts: with none, say which package to install rather
  /// than fail later on an image of impossible size.
  static func checkSomeInstalled(_ installed: [String]) throws {
    guard installed.isEmpty else { return }
    throw ConfigurationError(
      error: FileError(
        path: "fontconfig",
        reason: "no font is installed; install one, e.g. sudo apt-get install fonts-noto-core fonts-noto-color-emoji"))
  }

  /// `chatrender fonts`: the families `--font` and themes can name, one a line.
  static func list(terminal: Terminal) -> Outcome {
    let families = InstalledFonts.families()
    do {
      try Terminal.result(families.map { $0 + "\n" }.joined())
      return .done
    } catch {
      Terminal.error(DiagnosticPrinter(terminal: terminal).lines(for: error, path: nil))
      return .failed
    }
  }
}
