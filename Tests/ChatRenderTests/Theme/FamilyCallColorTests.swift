import Testing

@_spi(Pages) @testable import ChatRender

/// Each family's theme draws a missed call in its app's own red (`calls.failed`, issue 37),
/// not the neutral red of `default`.
@Suite struct FamilyCallColorTests {
  @Test(
    arguments: AppThemeReadabilityTests.appThemes + ["whatsapp", "whatsapp-dark", "telegram", "imessage", "wechat"])
  func familyRedIsTheApps(name: String) throws {
    let theme = try #require(ThemeLoader.builtin(named: name))
    let neutral = try #require(ThemeLoader.builtin(named: "default")).calls.failedColor
    #expect(theme.calls.failedColor != neutral, "\(name)")
    #expect(theme.calls.failedColor.red > 0.6, "\(name): a red")
  }

  @Test func knownApps() throws {
    let reds = ["imessage": 0xFF3B30, "discord": 0xDA373C, "slack": 0xE01E5A, "whatsapp": 0xEA0038, "x": 0xF4212E]
    for (name, red) in reds {
      #expect(ThemeLoader.builtin(named: name)?.calls.failedColor == Color(rgb: UInt32(red)), "\(name)")
    }
  }
}
