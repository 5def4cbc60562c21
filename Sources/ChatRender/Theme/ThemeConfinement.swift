import Foundation

/// The folder whose files a theme may use: that of the theme file named to the loader, with
/// its subfolders. Themes come from strangers as exports do, so `extends` and
/// `canvas.backgroundImage.path` may name nothing outside it, neither through `..`, an
/// absolute path nor a symbolic link (paths are compared once their links are resolved).
struct ThemeConfinement: Sendable {
  /// The folder's real path.
  let root: String

  /// The folder of the theme file at `themePath` (the current folder for a bare name).
  init(themePath: String) {
    let folder = ThemeDecoder.directory(of: themePath)
    let named = folder.isEmpty ? "." : folder
    root = Self.realPath(named) ?? named
  }

  /// Whether the existing file at `path` lies inside the folder, links resolved.
  func contains(_ path: String) -> Bool {
    guard let real = Self.realPath(path) else { return false }
    return root == "/" || real.hasPrefix(root + "/")
  }

  /// The error for `key`'s `path`, which lies outside: it names the key, never the file's content.
  func outsideMessage(_ path: String, for key: String) -> String {
    "'\(path)' for '\(key)' is outside the theme's folder '\(root)' "
      + "(a theme may use only files in its own folder, and built-in themes by name)"
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
