/// The folder part of a path as typed: `a/b` → `a`, `/b` → `/`, `b` → "". Foundation's
/// `NSString.deletingLastPathComponent` traps on a one-character name (`-o x`).
enum PathFolder {
  static func of(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    var folder = trimmed[..<slash]
    while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
    return String(folder)
  }
}
