/// Finds themes by built-in name or reads them from JSON files.
///
/// Minimal version: built-in names only. (Replaced by the JSON theme loader.)
public enum ThemeLoader {
  /// Built-in themes, in the order `chatrender themes` lists them.
  public static let builtins: [Theme] = [.default]

  public static var builtinNames: [String] { builtins.map(\.name) }

  public static func builtin(named name: String) -> Theme? {
    builtins.first { $0.name == name.lowercased() }
  }

  /// The theme called `nameOrPath`: a built-in name, or a JSON file.
  ///
  /// - Parameter warnings: receives unknown keys and other problems that do not stop loading.
  /// - Throws: `DiagnosticError` with the file, line and column of what is wrong.
  public static func load(_ nameOrPath: String, warnings: inout [Diagnostic]) throws -> Theme {
    if let theme = builtin(named: nameOrPath) { return theme }
    throw DiagnosticError(
      Diagnostic(
        severity: .error, message: "unknown theme '\(nameOrPath)'",
        notes: ["built-in themes: " + builtinNames.joined(separator: ", ")]))
  }

  /// The full effective JSON of `theme`, for `chatrender theme show`.
  public static func json(for theme: Theme) -> String {
    "{\"version\": 1, \"name\": \(TranscriptJSONWriter.quote(theme.name))}\n"
  }
}
