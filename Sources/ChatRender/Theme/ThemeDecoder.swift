import Foundation

/// Reads the members of a theme file onto a theme that already holds its parent's values, so
/// that every key left out keeps the inherited value. Which keys there are and what each holds
/// is `ThemeSchema`'s table; this type reads and checks the values.
///
/// Every value is checked where it stands: a problem becomes an error naming the file, line,
/// column and the key's dotted path (`me.arrow.width`). Problems are collected, so one run
/// reports all of a file's mistakes; unknown keys are warnings with the nearest known key.
struct ThemeDecoder: Sendable {
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
  /// The folder the files the theme names must lie in.
  let confinement: ThemeConfinement

  init(file: SourceFile, confinement: ThemeConfinement) {
    self.file = file
    self.directory = ThemeDecoder.directory(of: file.path)
    self.confinement = confinement
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

  /// The members of `value`, which must be an object; warns about keys not in `known`
  /// (sorted: the candidates of "did you mean").
  func members(
    of value: JSONValue, path: String, known: [String], log: inout Log
  ) -> [JSONValue.Member] {
    guard let members = value.members else {
      log.errors.append(
        .error(
          "expected an object for '\(path)', found \(value.typeName)",
          at: file.location(ofOffset: value.offset)))
      return []
    }
    for member in members where !known.contains(member.key) {
      let place = path.isEmpty ? "" : " in '\(path)'"
      log.warnings.append(file.unknownKeyWarning(member, known: known, place: place))
    }
    return members
  }

  /// Applies the theme keys of `root` by `ThemeSchema`'s table (`version`, `extends` and
  /// `$schema` are `ThemeLoader`'s).
  func apply(_ root: JSONValue, to theme: inout Theme, log: inout Log) {
    ThemeSchema.theme.read(root, path: "", onto: &theme, decoder: self, log: &log)
  }
}
