@_spi(Pages) import ChatRender
import Foundation

/// Where `theme.schema.json` is: installed beside the binary (`PREFIX/share/chatrender`), or
/// in the source tree the binary was built from.
enum ThemeSchemaFile {
  static let name = "theme.schema.json"

  static var candidates: [String] {
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let installed = binary.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share/chatrender/\(name)").path
    // Sources/chatrender/ThemeSchemaFile.swift → the package root's Themes/.
    let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes/\(name)").path
    return [installed, sourceTree]
  }

  /// Prints the schema; a usage error says where it was looked for when it is nowhere.
  static func print() throws -> ExitStatus {
    guard let path = candidates.first(where: FileManager.default.fileExists(atPath:)),
      let data = FileManager.default.contents(atPath: path)
    else {
      throw ConfigurationError(
        error: FileError(path: name, reason: "not installed; looked in " + candidates.joined(separator: ", ")))
    }
    Terminal.output(String(decoding: data, as: UTF8.self))
    return .success
  }
}
