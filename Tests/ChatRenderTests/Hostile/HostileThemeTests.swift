import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Themes from the internet: long `extends` chains, huge files, FIFOs, thousands of fonts.
@Suite struct HostileThemeTests {
  /// The first error message of loading `path`.
  func loadError(_ path: String) -> String? {
    var warnings: [Diagnostic] = []
    do {
      _ = try ThemeLoader.load(path, warnings: &warnings)
      return nil
    } catch let error as DiagnosticError {
      return error.diagnostics.first?.message
    } catch let error as FileError {
      return error.reason
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test func aLongExtendsChainStopsAtTheLimit() throws {
    // About 500 files once overflowed the stack.
    let folder = try ThemeFolder()
    let length = Limit.themeChainLength.value + 8
    for index in 0..<length {
      let parent = index + 1 < length ? "\"extends\": \"t\(index + 1).json\", " : ""
      try folder.write("t\(index).json", "{\"version\": 1, \(parent)\"name\": \"t\(index)\"}")
    }
    #expect(loadError(folder.path + "/t0.json") == "theme 'extends' chain length over the 32 limit")
    #expect(loadError(folder.path + "/t9.json") == nil)
  }

  @Test func aHugeThemeFileIsRefusedUnread() throws {
    let folder = try ThemeFolder()
    let big = try folder.write("big.json", "{}")
    // Sparse: 5 GB announced, nothing written.
    #expect(truncate(big, 5_000_000_000) == 0)
    try folder.write("child.json", "{\"version\": 1, \"extends\": \"big.json\"}")
    #expect(
      loadError(folder.path + "/child.json")
        == "cannot read theme '\(big)': theme file size over the 1 MiB limit")
    #expect(loadError(big) == "theme file size over the 1 MiB limit")
  }

  @Test func aFIFOOrADeviceIsNamedForWhatItIs() throws {
    let folder = try ThemeFolder()
    let fifo = folder.path + "/pipe.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    try folder.write("child.json", "{\"version\": 1, \"extends\": \"pipe.json\"}")
    #expect(
      loadError(folder.path + "/child.json")
        == "cannot read theme '\(fifo)': expected a regular file, found a named pipe (FIFO)")
    try folder.write("device.json", "{\"version\": 1, \"extends\": \"device\"}")
    #expect(symlink("/dev/null", folder.path + "/device") == 0)
    #expect(
      loadError(folder.path + "/device.json")
        == "'\(folder.path)/device' for 'extends' is outside the theme's folder '\(folder.path)' "
        + "(a theme may use only files in its own folder, and built-in themes by name)")
    try folder.write(
      "image.json", "{\"version\": 1, \"canvas\": {\"backgroundImage\": {\"path\": \"pipe.json\"}}}")
    #expect(
      loadError(folder.path + "/image.json")
        == "cannot use '\(fifo)' for 'canvas.backgroundImage.path': expected a regular file, found a named pipe (FIFO)"
    )
  }

  /// The error of loading `theme`, whose `key` names `reference` to a file outside its folder.
  func expectRefusedAsOutside(_ theme: String, _ reference: String, key: String) {
    let message = loadError(theme) ?? ""
    #expect(message.hasPrefix("'\(reference)' for '\(key)' is outside the theme's folder"), "\(message)")
    #expect(!message.contains("'l'") && !message.contains("leaked"), "\(message)")
  }

  @Test("a theme extends only files in its own folder: not '../', an absolute path or a link out")
  func extendsStaysInTheThemesFolder() throws {
    let outside = try ThemeFolder()
    let secret = try outside.write("secret.json", "leaked: not a theme")
    let folder = try ThemeFolder()
    let folderName = outside.path.split(separator: "/").last.map(String.init) ?? ""
    try folder.write("up.json", "{\"version\": 1, \"extends\": \"../\(folderName)/secret.json\"}")
    expectRefusedAsOutside(folder.path + "/up.json", folder.path + "/../\(folderName)/secret.json", key: "extends")
    try folder.write("absolute.json", "{\"version\": 1, \"extends\": \"\(secret)\"}")
    expectRefusedAsOutside(folder.path + "/absolute.json", secret, key: "extends")
    #expect(symlink(secret, folder.path + "/link.json") == 0)
    try folder.write("linked.json", "{\"version\": 1, \"extends\": \"link.json\"}")
    expectRefusedAsOutside(folder.path + "/linked.json", folder.path + "/link.json", key: "extends")
    // A parent in a subfolder may extend a file beside the theme named.
    try folder.write("base.json", "{\"version\": 1, \"extends\": \"whatsapp\"}")
    try folder.write("sub/mid.json", "{\"version\": 1, \"extends\": \"../base.json\"}")
    try folder.write("child.json", "{\"version\": 1, \"extends\": \"sub/mid.json\"}")
    #expect(loadError(folder.path + "/child.json") == nil)
  }

  @Test("a theme's background picture lies in its own folder: not '../', an absolute path or a link out")
  func backgroundImageStaysInTheThemesFolder() throws {
    let outside = try ThemeFolder()
    let picture = try outside.write("secret.png", "leaked")
    let folder = try ThemeFolder()
    let key = "canvas.backgroundImage.path"
    func theme(_ name: String, _ path: String) throws -> String {
      try folder.write(name, "{\"version\": 1, \"canvas\": {\"backgroundImage\": {\"path\": \"\(path)\"}}}")
    }
    let folderName = outside.path.split(separator: "/").last.map(String.init) ?? ""
    expectRefusedAsOutside(
      try theme("up.json", "../\(folderName)/secret.png"), folder.path + "/../\(folderName)/secret.png", key: key)
    expectRefusedAsOutside(try theme("absolute.json", picture), picture, key: key)
    #expect(symlink(picture, folder.path + "/link.png") == 0)
    expectRefusedAsOutside(try theme("linked.json", "link.png"), folder.path + "/link.png", key: key)
    // A parent's picture is confined to the folder of the theme named, the child's.
    try folder.write("sub/inside.png", "not read while loading")
    try folder.write(
      "sub/parent.json", "{\"version\": 1, \"canvas\": {\"backgroundImage\": {\"path\": \"inside.png\"}}}")
    try folder.write("child.json", "{\"version\": 1, \"extends\": \"sub/parent.json\"}")
    #expect(loadError(folder.path + "/child.json") == nil)
  }

  /// The first error decoding `text` as a theme gives; nil when it decodes.
  func decodingError(_ text: String) -> String? {
    var warnings: [Diagnostic] = []
    do {
      _ = try ThemeLoader.decode(SourceFile(path: "t.json", bytes: Array(text.utf8)), warnings: &warnings)
      return nil
    } catch let error as DiagnosticError {
      return error.diagnostics.first?.message
    } catch {
      return "\(error)"
    }
  }

  @Test("a shadow blur past 40 points is refused: 20,000 once drew for minutes")
  func wideShadowBlursAreRefused() throws {
    for (blur, accepted) in [("0", true), ("40", true), ("40.5", false), ("100", false), ("20000", false)] {
      let message = decodingError("{\"version\": 1, \"me\": {\"shadow\": {\"blur\": \(blur)}}}")
      #expect((message == nil) == accepted, "blur \(blur)")
      if let message { #expect(message == "expected a number from 0 to 40 for 'me.shadow.blur', found \(blur)") }
    }
  }

  @Test func thousandsOfFontFamiliesAreRefused() throws {
    let names = (0..<100_000).map { "\"F\($0)\"" }.joined(separator: ",")
    let text = "{\"version\": 1, \"font\": {\"families\": [\(names)]}}"
    var warnings: [Diagnostic] = []
    #expect {
      try ThemeLoader.decode(SourceFile(path: "t.json", bytes: Array(text.utf8)), warnings: &warnings)
    } throws: { error in
      (error as? DiagnosticError)?.diagnostics.first?.message
        == "100000 families for 'font.families': font families in a theme over the 64 limit"
    }
  }

  @Test func canvasWidthHasTheLimitsOfTheWidthFlag() throws {
    for (width, accepted) in [("1e-300", false), ("119", false), ("120", true), ("10000", true), ("10001", false)] {
      let text = "{\"version\": 1, \"canvas\": {\"width\": \(width)}}"
      var warnings: [Diagnostic] = []
      let theme = try? ThemeLoader.decode(
        SourceFile(path: "t.json", bytes: Array(text.utf8)), warnings: &warnings)
      #expect((theme != nil) == accepted, "width \(width)")
    }
  }

  @Test("a text size no one can read (font.size 0.001) is refused, naming the smallest allowed")
  func unreadableTextSizesAreRefused() throws {
    for (size, accepted) in [
      ("0.001", false), ("3.9", false), ("4", true), ("15", true), ("1000", true), ("1001", false),
    ] {
      for key in [
        "\"font\": {\"size\": \(size)}", "\"names\": {\"size\": \(size)}", "\"replies\": {\"textSize\": \(size)}",
      ] {
        let message = decodingError("{\"version\": 1, \(key)}")
        #expect((message == nil) == accepted, "\(key)")
        if let message { #expect(message.contains("4 to 1000"), "\(message)") }
      }
    }
  }
}
