import Testing

@_spi(Pages) @testable import ChatRender

/// Every built-in theme (issue 37, point 3) keeps every text 4.5:1 against what it is drawn on.
@Suite struct AppThemeReadabilityTests {
  static let appThemes = [
    "imessage-dark", "telegram-dark", "discord", "discord-dark", "slack", "slack-dark", "chatgpt", "chatgpt-dark",
    "claude", "claude-dark",
    "kakaotalk", "kakaotalk-dark", "line", "line-dark", "messenger", "messenger-dark", "instagram",
    "instagram-dark", "signal", "signal-dark", "googlechat", "googlechat-dark", "element", "element-dark", "skype",
    "skype-dark", "teams", "teams-dark", "x", "x-dark", "snapchat", "snapchat-dark", "linkedin", "linkedin-dark",
    "googlevoice", "googlevoice-dark", "threema", "threema-dark", "viber", "viber-dark",
  ]

  func expectReadable(
    _ text: Color, on ground: Color, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let shown = text.isOpaque ? text : text.composited(over: ground)
    let ratio = shown.contrastRatio(with: ground)
    #expect(ratio >= 4.5, "\(what): \(shown.hex) on \(ground.hex) is \(ratio)", sourceLocation: sourceLocation)
  }

  @Test(arguments: ThemeLoader.builtinNames)
  func everyTextStandsOutFromWhatItIsDrawnOn(name: String) throws {
    let theme = try #require(ThemeLoader.builtin(named: name))
    let wall = theme.canvas.background
    for (bubble, times, side) in [
      (theme.me, theme.timestamps.meColor, "me"), (theme.them, theme.timestamps.themColor, "them"),
    ] {
      let fill = bubble.fill.composited(over: wall)
      expectReadable(bubble.textColor, on: fill, "\(name) \(side) text")
      // Links and mentions as a body and a link preview's site line draw them on this bubble.
      let body = RichBodyStyle(theme: theme, side: side == "me" ? .sent : .received)
      expectReadable(body.formatting.link, on: fill, "\(name) \(side) links")
      expectReadable(body.formatting.mention, on: fill, "\(name) \(side) mentions")
      if theme.timestamps.placement != .none {
        expectReadable(times, on: theme.timestamps.placement == .inside ? fill : wall, "\(name) \(side) time")
      }
    }
    let nameGround = theme.names.placement == .inside ? theme.them.fill.composited(over: wall) : wall
    expectReadable(theme.names.color, on: nameGround, "\(name) names")
    if let mine = theme.names.meColor { expectReadable(mine, on: nameGround, "\(name) my name") }
    expectReadable(theme.reactions.textColor, on: theme.reactions.fill.composited(over: wall), "\(name) reactions")
    expectReadable(theme.daySeparators.textColor, on: theme.daySeparators.fill.composited(over: wall), "\(name) dates")
    expectReadable(theme.system.textColor, on: theme.system.fill.composited(over: wall), "\(name) notices")
  }

  @Test func eachAppThemeHasItsFormatOrADarkTwin() {
    for name in Self.appThemes where !name.hasSuffix("-dark") {
      #expect(ThemeLoader.builtin(named: name + "-dark") != nil, "\(name)")
    }
    #expect(ThemeLoader.builtin(forFormat: "kakaotalk").name == "kakaotalk")
    #expect(ThemeLoader.builtin(forFormat: "line", dark: true).name == "line-dark")
    #expect(ThemeLoader.builtin(forFormat: "messenger").name == "messenger")
    #expect(ThemeLoader.builtin(forFormat: "signal", dark: true).name == "signal-dark")
    #expect(ThemeLoader.builtin(forFormat: "chat", dark: true).name == "default")
    #expect(ThemeLoader.builtin(forFormat: "matrix").name == "element")
    #expect(ThemeLoader.builtin(forFormat: "googlevoice", dark: true).name == "googlevoice-dark")
    #expect(ThemeLoader.builtin(forFormat: "hangouts", dark: true).name == "hangouts")
    #expect(ThemeLoader.builtin(forFormat: "viber", dark: true).name == "viber-dark")
  }
}
