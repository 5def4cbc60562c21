import Foundation

/// Where the package, the built `chatrender` and the fixtures are, and the hermetic
/// environment every run gets (docs/ARCHITECTURE.md, "Testing pictures").
enum TestPaths {
  /// The package root: the folder above `Tests/` holding `Package.swift`.
  static let packageRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  /// The `chatrender` built next to the test bundle (`.build/<triple>/debug/`), else
  /// `.build/debug/chatrender` under the package root.
  static let chatrender: String? = {
    var candidates: [URL] = []
    // Linux: the runner is `.build/…/debug/X.xctest`; macOS: `X.xctest/Contents/MacOS/X`.
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(folder.appendingPathComponent("chatrender"))
      folder = folder.deletingLastPathComponent()
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/chatrender"))
    return candidates.map(\.path).first(where: isExecutableFile)
  }()

  static let samples = packageRoot.appendingPathComponent("Samples")

  static func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }

  static let fontConfig = packageRoot.appendingPathComponent(
    "Tests/ChatRenderTests/Fixtures/fonts/fonts.conf")

  /// The child's environment: pinned fonts, locale, PDF date and zone; no colour or terminal
  /// settings from whoever runs the tests.
  static func environment(adding extra: [String: String] = [:]) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    var environment: [String: String] = [:]
    for key in ["PATH", "HOME", "TMPDIR", "XDG_CACHE_HOME", "LD_LIBRARY_PATH"] {
      environment[key] = inherited[key]
    }
    environment["FONTCONFIG_FILE"] = fontConfig.path
    environment["LC_ALL"] = "C.UTF-8"
    environment["SOURCE_DATE_EPOCH"] = "0"
    environment["TZ"] = "UTC"
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// The full path of an installed tool (`pdfinfo`, `script`), if any.
  static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: isExecutableFile)
  }

  private static func isExecutableFile(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      && !isFolder.boolValue && FileManager.default.isExecutableFile(atPath: path)
  }
}
