import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A fresh folder of theme files for one test, removed afterwards.
struct ThemeFolder: ~Copyable {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "chatrender-themes-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `name` (which may include folders) and returns the full path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let full = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: ThemeDecoder.directory(of: full), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    return full
  }
}

@Suite struct ThemeLoaderTests {
  private func decode(_ text: String, path: String = "t.json") throws -> (Theme, [Diagnostic]) {
    var warnings: [Diagnostic] = []
    let theme = try ThemeLoader.decode(
      SourceFile(path: path, bytes: Array(text.utf8)), warnings: &warnings)
    return (theme, warnings)
  }

  // MARK: - Inheritance and precedence

  @Test func partialFileTakesEverythingElseFromTheDefault() throws {
    let (theme, warnings) = try decode(
      """
      {"version": 1,
       "me": {"fill": "#ff0000"}}
      """)
    var expected = Theme.default
    expected.name = "t"
    expected.me.fill = Color(rgb: 0xFF0000)
    #expect(theme == expected)
    #expect(warnings.isEmpty)
  }

  @Test func threeLineFileExtendsABuiltinTheme() throws {
    let (theme, warnings) = try decode(
      """
      {"version": 1, "extends": "whatsapp",
       "name": "pink whatsapp",
       "me": {"fill": "#ffd6e7"}}
      """)
    var expected = Theme.whatsapp
    expected.name = "pink whatsapp"
    expected.me.fill = Color(rgb: 0xFFD6E7)
    #expect(theme == expected)
    #expect(warnings.isEmpty)
  }

  @Test func nestedObjectsChangeOnlyTheKeysTheyName() throws {
    let (theme, _) = try decode(
      """
      {"version": 1, "extends": "qq-popover",
       "me": {"arrow": {"offset": 40}, "border": {"width": 2}, "shadow": null},
       "them": {"padding": [4, 6, 8, 10]},
       "system": {"border": {"color": "#123456"}, "fontSize": null}}
      """)
    var expected = Theme.qqPopover
    expected.name = "t"
    expected.me.arrow.offset = 40
    expected.me.border?.width = 2
    expected.me.shadow = nil
    expected.them.padding = EdgeInsets(top: 4, left: 10, bottom: 8, right: 6)
    // A border where the parent had none starts from a thin translucent line.
    expected.system.border = BorderStyle(width: 1, color: Color(rgb: 0x123456))
    expected.system.fontSize = nil
    #expect(theme == expected)
  }

  @Test func lookKeysInheritAndOverride() throws {
    let (theme, warnings) = try decode(
      """
      {"version": 1, "extends": "whatsapp",
       "names": {"colors": [], "placement": "above"},
       "avatars": {"carrier": "every"},
       "me": {"arrow": {"anchor": "endCorner"}},
       "daySeparators": {"shadow": null, "border": {"color": "#123456"}}}
      """)
    #expect(warnings.isEmpty)
    var expected = Theme.whatsapp
    expected.name = "t"
    expected.names.colors = []
    expected.names.placement = .above
    expected.avatars.carrier = .every
    expected.me.arrow.anchor = .endCorner
    expected.daySeparators.shadow = nil
    expected.daySeparators.border = BorderStyle(width: 1, color: Color(rgb: 0x123456))
    #expect(theme == expected)
    #expect(Theme.whatsapp.names.colors.count == 20)
    #expect(Theme.whatsapp.daySeparators.shadow != nil)
  }

  @Test func extendsChainAppliesFarthestParentFirst() throws {
    let folder = try ThemeFolder()
    try folder.write(
      "base.json",
      ##"{"version": 1, "extends": "telegram", "canvas": {"width": 300}, "me": {"radius": 3}, "them": {"fill": "#111111"}}"##
    )
    try folder.write(
      "sub/mid.json",
      #"{"version": 1, "extends": "../base.json", "me": {"radius": 5}, "font": {"size": 20}}"#)
    let child = try folder.write(
      "child.json", #"{"version": 1, "extends": "sub/mid.json", "me": {"radius": 7}}"#)
    var warnings: [Diagnostic] = []
    let theme = try ThemeLoader.load(child, warnings: &warnings)
    var expected = Theme.telegram
    expected.name = "child"
    expected.canvas.width = 300  // base
    expected.them.fill = Color(rgb: 0x111111)  // base
    expected.font.size = 20  // mid
    expected.me.radius = 7  // child wins over mid and base
    #expect(theme == expected)
    #expect(warnings.isEmpty)
  }

  @Test func builtinNamesIgnoreCaseAndPathsLoadFiles() throws {
    var warnings: [Diagnostic] = []
    #expect(try ThemeLoader.load("WhatsApp-Dark", warnings: &warnings) == .whatsappDark)
    let folder = try ThemeFolder()
    let path = try folder.write("mine.json", #"{"version": 1, "font": {"families": "A, B ,C"}}"#)
    let theme = try ThemeLoader.load(path, warnings: &warnings)
    #expect(theme.name == "mine")
    #expect(theme.font.families == ["A", "B", "C"])
  }

  @Test func unknownBuiltinNameSuggestsTheNearest() throws {
    var warnings: [Diagnostic] = []
    let error = try #require(throws: DiagnosticError.self) {
      try ThemeLoader.load("whatsap", warnings: &warnings)
    }
    #expect(error.diagnostics.first?.message == "unknown theme 'whatsap'")
    #expect(error.diagnostics.first?.notes.first == "did you mean 'whatsapp'?")
  }

  @Test func backgroundImagePathIsRelativeToTheThemeFile() throws {
    let folder = try ThemeFolder()
    let image = try folder.write("art/paper.png", "not really a png")
    let path = try folder.write(
      "art/theme.json",
      #"{"version": 1, "canvas": {"backgroundImage": {"path": "paper.png", "mode": "cover", "opacity": 0.5}}}"#
    )
    var warnings: [Diagnostic] = []
    let theme = try ThemeLoader.load(path, warnings: &warnings)
    #expect(
      theme.canvas.backgroundImage == BackgroundImage(path: image, mode: .cover, opacity: 0.5))
  }

  // MARK: - Errors, each with its line and column

  @Test(arguments: [
    (
      "{\n  \"version\": 1,\n  \"me\": {\"fill\": \"#fff\",}\n}", 3, 25,
      "trailing comma before '}'"
    ),
    (
      "{\n  \"version\": 1,\n  \"me\": {\n    \"radius\": \"big\"\n  }\n}", 4, 15,
      "expected a number for 'me.radius', found a string"
    ),
    (
      "{\n  \"version\": 1,\n  \"me\": {\n    \"fill\": \"#zzz\"\n  }\n}", 4, 13,
      "invalid color '#zzz' for 'me.fill' (expected #RGB, #RRGGBB, #RRGGBBAA, rgba(r, g, b, a) or a CSS color name)"
    ),
    (
      "{\n  \"version\": 1,\n  \"me\": {\n    \"radius\": -4\n  }\n}", 4, 15,
      "expected 0 or more for 'me.radius', found -4"
    ),
    (
      "{\"version\": 1,\n \"canvas\": {\"width\": -480}}", 2, 22,
      "expected a number from 120 to 10000 for 'canvas.width', found -480"
    ),
    (
      "{\"version\": 1,\n \"them\": {\"border\": {\"width\": -1}}}", 2, 31,
      "expected 0 or more for 'them.border.width', found -1"
    ),
    (
      "{\"version\": 1,\n \"them\": {\"arrow\": {\"side\": \"up\"}}}", 2, 29,
      "expected auto, top, left, bottom or right for 'them.arrow.side', found 'up'"
    ),
    (
      "{\"version\": 1,\n \"canvas\": {\"padding\": [1, 2, 3]}}", 2, 24,
      "expected 1, 2 or 4 numbers for 'canvas.padding', found 3"
    ),
    (
      "{\n  \"version\": 1,\n  \"extends\": \"whatsap\"\n}", 3, 14,
      "unknown theme 'whatsap' for 'extends'"
    ),
    (
      "{\n  \"version\": 2,\n  \"me\": {}\n}", 2, 14,
      "unsupported theme version 2 (this chatrender reads version 1)"
    ),
    (
      "[1, 2]", 1, 1,
      "expected an object for the theme, found an array"
    ),
    (
      "{\"version\": 1,\n \"names\": {\"colors\": [\"#fff\", \"#zz\"]}}", 2, 31,
      "invalid color '#zz' for 'names.colors[1]' (expected #RGB, #RRGGBB, #RRGGBBAA, rgba(r, g, b, a) or a CSS color name)"
    ),
    (
      "{\"version\": 1,\n \"names\": {\"colors\": \"#fff\"}}", 2, 22,
      "expected an array of colors for 'names.colors', found a string"
    ),
    (
      "{\"version\": 1,\n \"names\": {\"placement\": \"below\"}}", 2, 25,
      "expected above or inside for 'names.placement', found 'below'"
    ),
    (
      "{\"version\": 1,\n \"avatars\": {\"carrier\": \"all\"}}", 2, 25,
      "expected first, last or every for 'avatars.carrier', found 'all'"
    ),
    (
      "{\"version\": 1,\n \"them\": {\"arrow\": {\"anchor\": \"corner\"}}}", 2, 31,
      "expected start, end, center, startCorner or endCorner for 'them.arrow.anchor', found 'corner'"
    ),
    (
      "{\"version\": 1,\n \"daySeparators\": {\"shadow\": {\"blur\": -2}}}", 2, 39,
      "expected a number from 0 to 40 for 'daySeparators.shadow.blur', found -2"
    ),
    // Numbers too large to draw were crashes (Int32 conversions, cairo assertions).
    (
      "{\"version\": 1,\n \"canvas\": {\"padding\": 1e300}}", 2, 24,
      "expected at most 20000 for 'canvas.padding', found 1e+300"
    ),
    (
      "{\"version\": 1,\n \"them\": {\"arrow\": {\"offset\": -1e9}}}", 2, 31,
      "expected a number from -20000 to 20000 for 'them.arrow.offset', found -1000000000"
    ),
    (
      "{\"version\": 1,\n \"names\": {\"size\": 15000}}", 2, 20,
      "expected a number from 4 to 1000 for 'names.size', found 15000"
    ),
    (
      "{\"version\": 1,\n \"font\": {\"lineSpacing\": 1e6}}", 2, 26,
      "expected a number above 0 and at most 10 for 'font.lineSpacing', found 1000000"
    ),
    (
      "{\"version\": 1,\n \"page\": {\"size\": [595, 1e5]}}", 2, 25,
      "expected a number above 0 and at most 14400 for 'page.size', found 100000"
    ),
  ])
  func reportsErrorAtLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
    let error = try #require(throws: DiagnosticError.self) { try decode(text) }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message == message)
    #expect(diagnostic.location?.file == "t.json")
    #expect(diagnostic.location?.line == line)
    #expect(diagnostic.location?.column == column)
    #expect(error.diagnostics.count == 1)
  }

  @Test func collectsEveryBadValueOfAFile() throws {
    let error = try #require(throws: DiagnosticError.self) {
      try decode(
        """
        {"version": 1,
         "me": {"fill": "#zzz", "radius": -1},
         "font": {"size": 0}}
        """)
    }
    let places = error.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
    #expect(places == ["2:17", "2:35", "3:19"])
  }

  @Test func unknownExtendsFileIsAnErrorAtTheValue() throws {
    let folder = try ThemeFolder()
    let path = try folder.write("a.json", "{\"version\": 1,\n \"extends\": \"missing.json\"}")
    var warnings: [Diagnostic] = []
    let error = try #require(throws: DiagnosticError.self) {
      try ThemeLoader.load(path, warnings: &warnings)
    }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(
      diagnostic.message == "theme file '\(folder.path)/missing.json' not found for 'extends'")
    #expect(diagnostic.location == SourceLocation(file: path, line: 2, column: 13, offset: 27))
  }

  @Test func extendsCycleIsAnErrorWhereItCloses() throws {
    let folder = try ThemeFolder()
    let a = try folder.write("a.json", "{\"version\": 1, \"extends\": \"b.json\"}")
    let b = try folder.write("b.json", "{\"version\": 1,\n  \"extends\": \"./a.json\"}")
    var warnings: [Diagnostic] = []
    let error = try #require(throws: DiagnosticError.self) {
      try ThemeLoader.load(a, warnings: &warnings)
    }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message == "'extends' makes a cycle: \(a) → \(b) → \(folder.path)/./a.json")
    #expect(diagnostic.location?.file == b)
    #expect(diagnostic.location?.line == 2)
    #expect(diagnostic.location?.column == 14)
    #expect(diagnostic.notes == ["in the theme extended at \(a):1:27"])
  }

  @Test func themeExtendingItselfIsACycle() throws {
    let folder = try ThemeFolder()
    let a = try folder.write("self.json", "{\"version\": 1, \"extends\": \"self.json\"}")
    var warnings: [Diagnostic] = []
    let error = try #require(throws: DiagnosticError.self) {
      try ThemeLoader.load(a, warnings: &warnings)
    }
    #expect(error.diagnostics.first?.location?.column == 27)
    #expect(error.diagnostics.first?.message.hasPrefix("'extends' makes a cycle") == true)
  }

  @Test func errorInAParentNamesTheParentFile() throws {
    let folder = try ThemeFolder()
    let parent = try folder.write("parent.json", "{\"version\": 1,\n \"me\": {\"fill\": 3}}")
    let child = try folder.write("child.json", "{\"version\": 1, \"extends\": \"parent.json\"}")
    var warnings: [Diagnostic] = []
    let error = try #require(throws: DiagnosticError.self) {
      try ThemeLoader.load(child, warnings: &warnings)
    }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message == "expected a string for 'me.fill', found a number")
    #expect(diagnostic.location == SourceLocation(file: parent, line: 2, column: 17, offset: 31))
    #expect(diagnostic.notes == ["in the theme extended at \(child):1:27"])
  }

  // MARK: - Warnings

  @Test func unknownKeysWarnWithTheNearestKnownKey() throws {
    let (theme, warnings) = try decode(
      """
      {"version": 1,
       "canvs": {"width": 100},
       "me": {"radius": 4, "fil": "#ffffff", "zzzzzzzz": 1}}
      """)
    #expect(theme.me.radius == 4)
    #expect(warnings.count == 3)
    #expect(warnings[0].severity == .warning)
    #expect(warnings[0].message == "unknown key 'canvs'")
    #expect(warnings[0].location?.line == 2)
    #expect(warnings[0].location?.column == 2)
    #expect(warnings[0].notes == ["did you mean 'canvas'?"])
    #expect(warnings[1].message == "unknown key 'fil' in 'me'")
    #expect(warnings[1].location?.line == 3)
    #expect(warnings[1].location?.column == 22)
    #expect(warnings[1].notes == ["did you mean 'fill'?"])
    #expect(warnings[2].message == "unknown key 'zzzzzzzz' in 'me'")
    #expect(warnings[2].notes.isEmpty)
  }

  @Test func missingVersionIsAWarning() throws {
    let (theme, warnings) = try decode("{\"me\": {\"radius\": 2}}")
    #expect(theme.me.radius == 2)
    #expect(warnings.map(\.message) == ["missing 'version' (assuming 1)"])
    #expect(warnings.first?.location?.column == 1)
  }

  @Test func misspeltChoiceSuggestsTheNearest() throws {
    let error = try #require(throws: DiagnosticError.self) {
      try decode(#"{"version": 1, "me": {"arrow": {"style": "curvd"}}}"#)
    }
    #expect(error.diagnostics.first?.notes == ["did you mean 'curved'?"])
  }

  // MARK: - Round trip

  /// Every optional part set, and values the hex form cannot hold exactly.
  static func fullTheme(imagePath: String) -> Theme {
    var theme = Theme.note
    theme.name = "everything"
    theme.canvas.backgroundImage = BackgroundImage(path: imagePath, mode: .cover, opacity: 0.35)
    theme.canvas.padding = EdgeInsets(top: 1, left: 4, bottom: 3, right: 2)
    theme.me.border = BorderStyle(
      width: 1.5, color: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.78))
    theme.me.fontSize = 13.5
    theme.them.border = BorderStyle(width: 0.5, color: Color(rgb: 0xABCDEF))
    theme.system.border = BorderStyle(width: 2, color: Color(rgb: 0x111111))
    theme.system.shadow = ShadowStyle(
      dx: -1, dy: 2.5, blur: 0, color: Color(rgb: 0x000000, alpha: 0.5))
    theme.them.arrow = ArrowStyle(
      side: .bottom, style: .curved, width: 9, height: 4, offset: -3, anchor: .center,
      carrier: .every)
    theme.timestamps.meColor = Color(rgb: 0xFFFFFF, alpha: 0.78)
    theme.page = PageStyle(
      width: 500, height: 700.5, margin: EdgeInsets(top: 10, left: 20, bottom: 10, right: 20))
    theme.names.bold = false
    theme.names.placement = .inside
    theme.names.colors = [Color(rgb: 0x1F7AEC), Color(red: 0.1, green: 0.5, blue: 0.3, alpha: 0.9)]
    theme.avatars.carrier = .last
    theme.daySeparators.border = BorderStyle(width: 0.5, color: Color(rgb: 0x222222))
    theme.daySeparators.shadow = ShadowStyle(
      dx: 0, dy: 1, blur: 0.5, color: Color(rgb: 0x0B141A, alpha: 0.13))
    theme.me.arrow.anchor = .endCorner
    theme.daySeparators.timeAfterMinutes = 45
    theme.encryptionNotice = NoticeCardStyle(
      fill: Color(rgb: 0xFFEECD), textColor: Color(rgb: 0x5E5336), maxWidth: 0.75)
    return theme
  }

  @Test func jsonReadsBackToAnEqualTheme() throws {
    let folder = try ThemeFolder()
    let image = try folder.write("bg.png", "x")
    for theme in ThemeLoader.builtins + [Self.fullTheme(imagePath: image)] {
      let json = ThemeLoader.json(for: theme)
      let (decoded, warnings) = try decode(json, path: folder.path + "/" + theme.name + ".json")
      #expect(decoded == theme, "\(theme.name)")
      #expect(warnings.isEmpty, "\(theme.name): \(warnings)")
      #expect(ThemeLoader.json(for: decoded) == json)
    }
  }

  @Test func jsonWritesColorsExactly() {
    #expect(ThemeEncoder.color(Color(rgb: 0x0B84FE)).compactText == "\"#0b84fe\"")
    #expect(
      ThemeEncoder.color(Color(rgb: 0x000000, alpha: 0.2)).compactText == "\"#00000033\"")
    #expect(
      ThemeEncoder.color(Color(rgb: 0xFFFFFF, alpha: 0.78)).compactText
        == "\"rgba(255, 255, 255, 0.78)\"")
    #expect(ThemeEncoder.insets(EdgeInsets(all: 4)).compactText == "4")
    #expect(
      ThemeEncoder.insets(EdgeInsets(top: 6, left: 9, bottom: 6, right: 9)).compactText
        == "[6, 9]")
  }
}
