import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Issue 22, point 6: enough colours for a big group, readable where they are drawn, telling
/// people apart, and given so that no two people of a chat share one while colours remain.
@Suite struct PersonColorsTests {
  /// A name's colour against what it is drawn on: the received bubble, or the page above it.
  static func background(of theme: Theme) -> Color {
    theme.names.placement == .inside
      ? theme.them.fill.composited(over: theme.canvas.background) : theme.canvas.background
  }

  static let coloured = ThemeLoader.builtins.filter { !$0.names.colors.isEmpty }

  @Test func whatsAppAndTelegramColourNames() {
    #expect(
      Self.coloured.map(\.name) == [
        "whatsapp", "whatsapp-dark", "telegram", "telegram-dark", "element", "element-dark",
      ])
  }

  @Test("every name colour reads on its theme's received bubble (WCAG 3:1)", arguments: coloured)
  func namesAreReadable(theme: Theme) {
    let background = Self.background(of: theme)
    for color in theme.names.colors {
      #expect(color.contrastRatio(with: background) >= 3, "\(theme.name) \(color.hex) on \(background.hex)")
    }
  }

  @Test("avatar colours keep their white initials readable (WCAG 3:1)")
  func avatarsAreReadable() {
    for color in PersonColors.avatars {
      #expect(color.contrastRatio(with: .white) >= 3, "\(color.hex)")
    }
  }

  /// The smallest CIEDE2000 difference between two colours of `colors`, and which.
  static func closest(_ colors: [Color]) -> (Double, String) {
    var closest = (Double.infinity, "")
    for (index, first) in colors.enumerated() {
      for second in colors[(index + 1)...] {
        let difference = ColorDifference.deltaE2000(first, second)
        if difference < closest.0 { closest = (difference, "\(first.hex) \(second.hex)") }
      }
    }
    return closest
  }

  @Test(
    "every list has 20 colours, each two at least 12 ΔE2000 apart",
    arguments: coloured.map { ($0.name, $0.names.colors) } + [("avatars", PersonColors.avatars)])
  func colorsAreDistinct(name: String, colors: [Color]) {
    #expect(colors.count == 20, "\(name)")
    let (difference, pair) = Self.closest(colors)
    #expect(difference >= 12, "\(name): \(pair) differ by \(difference)")
  }

  @Test func theDifferenceIsCIEDE2000() {
    // Pair 1 of Sharma, Wu and Dalal's test data.
    let one = ColorDifference.Lab(l: 50, a: 2.6772, b: -79.7751)
    let two = ColorDifference.Lab(l: 50, a: 0, b: -82.7485)
    #expect(abs(ColorDifference.deltaE2000(one, two) - 2.0425) < 0.0001)
    // WhatsApp's two pinks of before.
    #expect(ColorDifference.deltaE2000(Color(rgb: 0xD3396D), Color(rgb: 0xE542A3)) < 12)
  }

  /// A group of `count` people, each saying one thing, me first.
  static func group(of count: Int) throws -> Transcript {
    let lines = (1...count).map { "[2025-05-12 09:\(String(format: "%02d", $0))] Person \($0) Name: Hello from \($0)" }
    return try TestTranscripts.chat("me: Person 1 Name\n\n" + lines.joined(separator: "\n") + "\n")
  }

  @Test("no two people of a 21-person chat share a colour while colours remain", arguments: ThemeLoader.builtins)
  func bigGroupsGetDistinctColours(theme: Theme) throws {
    let page = try TestTranscripts.firstPage(of: Self.group(of: 21), theme: theme)
    let names = Set((2...21).map { "Person \($0) Name" })
    var nameColors: [String: String] = [:]
    // Each of the 20 others writes one bubble, so their avatars are the received ones in order.
    var avatarColors: [String] = []
    for item in page.items {
      switch item {
      case .text(let text) where names.contains(text.text.text): nameColors[text.text.text] = text.color.hex
      case .avatar(let avatar) where avatar.shape.frame.midX < theme.canvas.width / 2:
        avatarColors.append(avatar.fill.hex)
      default: break
      }
    }
    if !theme.names.colors.isEmpty, theme.names.show != .never {
      #expect(nameColors.count == 20, "\(theme.name)")
      #expect(Set(nameColors.values).count == 20, "\(theme.name): \(nameColors)")
    }
    // In rows "me" (Person 1, who writes first) has an avatar on the left too.
    if theme.canvas.layout == .rows, !avatarColors.isEmpty { avatarColors.removeFirst() }
    if theme.avatars.show != .never {
      #expect(avatarColors.count == 20, "\(theme.name)")
      #expect(Set(avatarColors).count == 20, "\(theme.name): \(avatarColors)")
    }
  }
}
