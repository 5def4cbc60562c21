import Foundation

/// Reads the members of a theme file onto a theme that already holds its parent's values, so
/// that every key left out keeps the inherited value.
///
/// Every value is checked where it stands: a problem becomes an error naming the file, line,
/// column and the key's dotted path (`me.arrow.width`). Problems are collected, so one run
/// reports all of a file's mistakes; unknown keys are warnings with the nearest known key.
struct ThemeDecoder {
  /// Errors and warnings found so far.
  struct Log {
    var warnings: [Diagnostic] = []
    var errors: [Diagnostic] = []

    /// Runs `body`, keeping its error (if any) and going on.
    mutating func record(_ body: () throws -> Void) {
      do {
        try body()
      } catch let error as DiagnosticError {
        errors += error.diagnostics
      } catch {
        errors.append(.error("\(error)"))
      }
    }
  }

  let file: SourceFile
  /// The folder relative paths are resolved from: the theme file's folder ("" for the
  /// current one).
  let directory: String

  init(file: SourceFile) {
    self.file = file
    self.directory = ThemeDecoder.directory(of: file.path)
  }

  /// The folder part of `path` ("themes/dark.json" → "themes", "dark.json" → "").
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` relative to `directory`, unless it is absolute.
  static func resolve(_ path: String, from directory: String) -> String {
    if path.hasPrefix("/") || directory.isEmpty { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  // MARK: - Objects

  /// The members of `value`, which must be an object; warns about keys `keys` does not know.
  func members(
    of value: JSONValue, path: String, keys: ThemeKeys, log: inout Log
  ) -> [JSONValue.Member] {
    guard let members = value.members else {
      log.errors.append(
        .error(
          "expected an object for '\(path)', found \(value.typeName)",
          at: file.location(ofOffset: value.offset)))
      return []
    }
    let known = keys.keys
    for member in members where keys.children[member.key] == nil {
      let place = path.isEmpty ? "" : " in '\(path)'"
      log.warnings.append(file.unknownKeyWarning(member, known: known, place: place))
    }
    return members
  }

  /// Applies the theme keys of `root` (all but `version`, `extends` and `$schema`).
  func apply(_ root: JSONValue, to theme: inout Theme, log: inout Log) {
    for member in members(of: root, path: "", keys: .root, log: &log) {
      let value = member.value
      let key = member.key
      switch key {
      case "name":
        log.record {
          let name = try string(value, key)
          guard !name.isEmpty else { throw file.error("expected a non-empty name", at: value) }
          theme.name = name
        }
      case "canvas": theme.canvas = canvas(value, path: key, base: theme.canvas, log: &log)
      case "font": theme.font = font(value, path: key, base: theme.font, log: &log)
      case "me": theme.me = bubble(value, path: key, base: theme.me, log: &log)
      case "them": theme.them = bubble(value, path: key, base: theme.them, log: &log)
      case "system": theme.system = bubble(value, path: key, base: theme.system, log: &log)
      case "spacing": theme.spacing = spacing(value, path: key, base: theme.spacing, log: &log)
      case "names": theme.names = names(value, path: key, base: theme.names, log: &log)
      case "timestamps":
        theme.timestamps = timestamps(value, path: key, base: theme.timestamps, log: &log)
      case "daySeparators":
        theme.daySeparators = daySeparators(value, path: key, base: theme.daySeparators, log: &log)
      case "avatars": theme.avatars = avatars(value, path: key, base: theme.avatars, log: &log)
      case "replies": theme.replies = replies(value, path: key, base: theme.replies, log: &log)
      case "reactions":
        theme.reactions = reactions(value, path: key, base: theme.reactions, log: &log)
      case "page": theme.page = page(value, path: key, base: theme.page, log: &log)
      case "spotlight":
        theme.spotlight = spotlight(value, path: key, base: theme.spotlight, log: &log)
      case "note": theme.note = note(value, path: key, base: theme.note, log: &log)
      case "formatting":
        theme.formatting = formatting(value, path: key, base: theme.formatting, log: &log)
      case "encryptionNotice":
        theme.encryptionNotice =
          value.isNull
          ? nil
          : encryptionNotice(value, path: key, base: theme.encryptionNotice ?? .standard, log: &log)
      default: break  // version, extends, $schema: read by ThemeLoader; unknown keys: warned
      }
    }
  }
}
