import Foundation

/// Pins fonts before the first Pango call, also when the tests run without
/// `make test` (docs/ARCHITECTURE.md, "Testing pictures").
enum TestEnvironment {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  static let prepared: Bool = {
    let fonts = fixtures.appendingPathComponent("fonts/fonts.conf").path
    setenv("FONTCONFIG_FILE", fonts, 0)
    return true
  }()

  static func prepare() { _ = prepared }
}
