import Foundation

/// Paths of media files: resolved beside the transcript that names them, and written
/// relative to the JSON file that will name them.
enum MediaPath {
  /// The folder holding `filePath` ("" for a file in the current folder or for stdin).
  static func folder(of filePath: String) -> String {
    guard filePath != "<stdin>", let slash = filePath.lastIndex(of: "/") else { return "" }
    return filePath == "/" ? "/" : String(filePath[...slash])
  }

  /// `path` as the export wrote it (with `/` or Windows `\`), joined to `folder` unless it is
  /// absolute.
  static func join(_ folder: String, _ path: String) -> String {
    let path = path.replacingOccurrences(of: "\\", with: "/")
    if path.hasPrefix("/") || folder.isEmpty { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }

  /// `path` (absolute or relative to the current folder) relative to `directory`, or
  /// absolute when they share nothing but the root.
  static func relative(_ path: String, to directory: String) -> String {
    let target = absoluteComponents(path)
    let base = absoluteComponents(directory.isEmpty ? "." : directory)
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    if common == 0 { return "/" + target.joined(separator: "/") }
    let up = Array(repeating: "..", count: base.count - common)
    return (up + target[common...]).joined(separator: "/")
  }

  private static func absoluteComponents(_ path: String) -> [String] {
    URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/").map(String.init)
  }

  /// The size of the file at `path`, or nil when there is no such file.
  static func byteCount(ofFile path: String) -> Int? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    else { return nil }
    return (attributes[.size] as? NSNumber)?.intValue
  }
}
