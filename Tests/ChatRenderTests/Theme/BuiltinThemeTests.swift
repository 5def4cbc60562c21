import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct BuiltinThemeTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  static func filePath(_ name: String) -> String { repository + "/Sources/ChatRender/Themes/\(name).json" }

  @Test func listsTheBuiltinThemesInOrder() {
    #expect(
      ThemeLoader.builtinNames == [
        "default", "whatsapp", "whatsapp-dark", "imessage", "imessage-dark", "telegram", "telegram-dark", "kakaotalk",
        "kakaotalk-dark", "line",
        "line-dark", "messenger", "messenger-dark", "instagram", "instagram-dark", "signal", "signal-dark", "discord",
        "discord-dark", "slack", "slack-dark", "chatgpt", "chatgpt-dark", "claude", "claude-dark",
        "googlechat", "googlechat-dark", "element", "element-dark", "skype", "skype-dark", "teams", "teams-dark", "x",
        "x-dark", "snapchat", "snapchat-dark", "linkedin", "linkedin-dark", "hangouts", "googlevoice",
        "googlevoice-dark", "threema", "threema-dark", "viber", "viber-dark",
        "wechat", "qq-popover", "note", "print",
      ])
    for theme in ThemeLoader.builtins {
      #expect(ThemeLoader.builtin(named: theme.name) == theme)
    }
  }

  /// A built-in file names every key `theme show` writes, so nothing of the look comes from
  /// `Theme.blank` and a copy of the file is the whole theme.
  @Test(arguments: ThemeLoader.builtinNames)
  func everyFileNamesEveryKey(name: String) throws {
    var warnings: [Diagnostic] = []
    let path = Self.filePath(name)
    let theme = try ThemeLoader.load(path, warnings: &warnings)
    #expect(warnings.isEmpty, "\(warnings)")
    let file = try JSONReader.parse(SourceFile(contentsOf: path))
    let written = try JSONReader.parse(SourceFile(path: "shown", bytes: Array(ThemeLoader.json(for: theme).utf8)))
    #expect(file["extends"] == nil)
    #expect(Self.keyPaths(of: written).subtracting(Self.keyPaths(of: file)) == [])
    #expect(theme == ThemeLoader.builtin(named: name))
  }

  /// Every "a.b.c" key path of an object, through nested objects.
  static func keyPaths(of value: JSONValue, prefix: String = "") -> Set<String> {
    var paths: Set<String> = []
    for member in value.members ?? [] {
      let path = prefix + member.key
      paths.insert(path)
      paths.formUnion(keyPaths(of: member.value, prefix: path + "."))
    }
    return paths
  }

  @Test(arguments: ThemeLoader.builtinNames)
  func colorsAreReadable(name: String) throws {
    let theme = try #require(ThemeLoader.builtin(named: name))
    // Text must stand out from its bubble (a clear one shows the canvas): a luminance gap
    // keeps edits of the files honest.
    for bubble in [theme.me, theme.them] {
      let fill = bubble.fill.composited(over: theme.canvas.background)
      #expect(abs(fill.luminance - bubble.textColor.luminance) > 0.45, "\(theme.name)")
    }
  }

  @Test func printThemeIsGreyscale() {
    let theme = Theme.print
    let json = ThemeLoader.json(for: theme)
    // Every colour in the theme has equal red, green and blue.
    let colors = json.split(separator: "\"").filter { $0.hasPrefix("#") }
    #expect(!colors.isEmpty)
    for text in colors {
      let color = Color(parsing: String(text))
      #expect(color?.red == color?.green && color?.green == color?.blue, "\(text)")
    }
  }
}

@Suite(.serialized) struct BuiltinThemeRenderTests {
  static let sample = BuiltinThemeTests.repository + "/Samples/world.chat"

  static func transcript() throws -> Transcript {
    var warnings: [Diagnostic] = []
    return try Importer.read(ImportInput.open(sample), warnings: &warnings)
  }

  /// The body of the first bubble of `role` ("sent" or "received") and its style.
  static func firstBody(_ role: BubbleRole, in page: LaidOutPage) -> Rect? {
    for item in page.items {
      if case .bubble(let bubble) = item, bubble.role == role { return bubble.shape.body }
    }
    return nil
  }

  /// Rows (`discord`, `slack`) have no sides and no fills: `AppLookVocabularyTests.rows`.
  @Test(arguments: ThemeLoader.builtins.filter { $0.canvas.layout == .bubbles }.map(\.name))
  func rendersTheSampleWithFillsOnTheirSides(name: String) throws {
    let theme = try #require(ThemeLoader.builtin(named: name))
    let transcript = try Self.transcript()
    let utc = try #require(TimeZone(identifier: "UTC"))
    let scale = 2.0
    let exporter = try ChatRenderer(
      theme: theme, options: ExportOptions(format: .png, scale: scale, timeZone: utc))
    let images = try exporter.render(transcript)
    #expect(images.count == 1)
    let image = try PixelBuffer(png: try #require(images.first))

    // The same layout the exporter made, to know where the bubbles are.
    let layout = ConversationLayout(
      theme: theme, measurer: TextEngine(keepsLayouts: false),
      options: LayoutOptions(timeZone: utc)
    ).layout(transcript)
    let page = try #require(layout.pages.first)
    #expect(image.width == Int((page.size.width * scale).rounded(.up)))
    #expect(image.height == Int((page.size.height * scale).rounded(.up)))
    #expect(image.matches(theme.canvas.background, x: 1, y: 1))

    let half = Double(image.width) / 2
    let sides: [(role: BubbleRole, style: BubbleStyle, onRight: Bool)] = [
      (.sent, theme.me, true), (.received, theme.them, false),
    ]
    for side in sides {
      let body = try #require(Self.firstBody(side.role, in: page), "\(theme.name) \(side.role)")
      // Inside the padding on the author's side, half-way down: only the fill is there.
      let inset = side.style.padding.left / 2
      let x = side.onRight ? body.maxX - side.style.padding.right / 2 : body.minX + inset
      let probe = (x: Int((x * scale).rounded(.down)), y: Int((body.midY * scale).rounded(.down)))
      #expect(
        image.matches(side.style.fill, over: theme.canvas.background, x: probe.x, y: probe.y),
        "\(theme.name) \(side.role) at \(probe): \(image.hex(x: probe.x, y: probe.y)), expected \(side.style.fill.hex)"
      )
      #expect(
        (Double(probe.x) > half) == side.onRight, "\(theme.name) \(side.role) on the wrong half")
    }

    // Received bubbles' colour never reaches the right edge, nor sent ones the left edge.
    let row = Int((try #require(Self.firstBody(.sent, in: page)).midY * scale).rounded(.down))
    let edge = Int((theme.canvas.padding.left * scale).rounded(.down)) + 2
    if theme.me.fill != theme.canvas.background {
      #expect(
        !image.matches(theme.me.fill, over: theme.canvas.background, x: edge, y: row, tolerance: 1))
    }
  }
}
