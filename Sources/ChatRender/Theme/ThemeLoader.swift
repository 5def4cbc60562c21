import Foundation

/// Finds themes by built-in name or reads them from JSON files.
///
/// A theme file is versioned JSON (`"version": 1`) that may start from another theme with
/// `"extends": "<built-in name or path>"` (a relative path is relative to the extending file;
/// every file of the chain and every picture it names lies in the folder of the file loaded,
/// `ThemeConfinement`).
/// Every key it leaves out comes from that parent, and in the end from `Theme.default`, so a
/// file that changes one colour is a whole theme:
///
/// ```json
/// {"version": 1, "extends": "whatsapp",
///  "me": {"fill": "#ffd6e7"}}
/// ```
///
/// Precedence, weakest first: the default theme, the `extends` chain (farthest parent
/// first), the file itself. The keys are listed in `Themes/theme.schema.json`.
public enum ThemeLoader {
  /// Built-in themes, in the order `chatrender themes` lists them.
  package static var builtins: [Theme] { BuiltinThemes.all }

  /// The names of the built-in themes, in order.
  public static var builtinNames: [String] { BuiltinThemes.files.map(\.name) }

  /// The built-in theme called `name` (any case), if there is one.
  public static func builtin(named name: String) -> Theme? {
    builtins.first { $0.name == name.lowercased() }
  }

  /// The theme called `nameOrPath`: a built-in name, a JSON file, or `-` for standard input.
  ///
  /// - Parameters:
  ///   - nameOrPath: a built-in theme's name (any case) or the path of a theme file.
  ///   - warnings: receives unknown keys and other problems that do not stop loading.
  /// - Throws: `DiagnosticError` with the file, line and column of what is wrong;
  ///   `FileError` when the file cannot be read.
  public static func load(_ nameOrPath: String, warnings: inout [Diagnostic]) throws -> Theme {
    if let theme = builtin(named: nameOrPath) { return theme }
    if nameOrPath == "-" {  // `theme check -`: stdin, with `extends` resolved from here
      let file = try SourceFile(path: "<stdin>", bytes: RegularFile.readStandardInput(limit: .themeSize))
      return try decode(file, warnings: &warnings)
    }
    if !looksLikePath(nameOrPath) && !FileManager.default.fileExists(atPath: nameOrPath) {
      throw DiagnosticError(unknownTheme(nameOrPath, at: nil))
    }
    let file = try SourceFile(contentsOf: nameOrPath, limit: .themeSize)
    return try decode(file, chain: [link(for: file.path)], warnings: &warnings)
  }

  /// Reads a theme from a file already in memory; `extends` paths are resolved relative to
  /// `file.path`.
  ///
  /// - Throws: `DiagnosticError` with the file, line and column of what is wrong.
  public static func decode(_ file: SourceFile, warnings: inout [Diagnostic]) throws -> Theme {
    try decode(file, chain: [link(for: file.path)], warnings: &warnings)
  }

  /// Reads a built-in theme's file onto `base` rather than onto the default theme (which is
  /// itself such a file); the file may not use `extends`.
  static func decode(_ file: SourceFile, onto base: Theme, warnings: inout [Diagnostic]) throws -> Theme {
    try decode(file, chain: [link(for: file.path)], base: base, warnings: &warnings)
  }

  /// The full effective JSON of `theme`, for `chatrender theme show`; `load` reads it back to
  /// an equal theme.
  ///
  /// - Parameters:
  ///   - theme: the theme to write.
  ///   - schema: a `$schema` reference to write first, as the theme file had it.
  public static func json(for theme: Theme, schema: String? = nil) -> String {
    ThemeEncoder.json(for: theme, schema: schema)
  }

  /// The `$schema` a theme file names, if it is one and names one.
  package static func schemaReference(of nameOrPath: String) -> String? {
    guard builtin(named: nameOrPath) == nil, let file = try? SourceFile(contentsOf: nameOrPath),
      let root = try? JSONReader.parse(file)
    else { return nil }
    return root["$schema"]?.stringValue
  }

  // MARK: - Files and inheritance

  /// The version of the theme format this build reads.
  package static let formatVersion = 1

  /// One file of an `extends` chain: how to recognise it again, and how to name it.
  private struct Link {
    var identity: String
    var displayPath: String
  }

  private static func link(for path: String) -> Link {
    let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    return Link(identity: url.path, displayPath: path)
  }

  /// The folder of the chain's first file, the one the user named: every file of the chain
  /// and every picture they name lies in it.
  private static func confinement(of chain: [Link]) -> ThemeConfinement {
    ThemeConfinement(themePath: chain.first?.displayPath ?? "")
  }

  /// Whether `text` names a file rather than a built-in theme.
  private static func looksLikePath(_ text: String) -> Bool {
    text.contains("/") || text.lowercased().hasSuffix(".json")
  }

  private static func decode(
    _ file: SourceFile, chain: [Link], base: Theme? = nil, warnings: inout [Diagnostic]
  ) throws -> Theme {
    let root = try JSONReader.parse(file)
    guard root.members != nil else {
      throw file.error("expected an object for the theme, found \(root.typeName)", at: root)
    }
    try checkVersion(of: root, in: file, warnings: &warnings)
    if let schema = root["$schema"], schema.stringValue == nil {
      throw file.error("expected a string for '$schema', found \(schema.typeName)", at: schema)
    }
    var theme = try base ?? parent(of: root, in: file, chain: chain, warnings: &warnings)
    theme.name = baseName(of: file.path)
    let decoder = ThemeDecoder(file: file, confinement: confinement(of: chain))
    var log = ThemeDecoder.Log()
    decoder.apply(root, to: &theme, log: &log)
    warnings += log.warnings
    if !log.errors.isEmpty { throw DiagnosticError(log.errors) }
    return theme
  }

  private static func checkVersion(
    of root: JSONValue, in file: SourceFile, warnings: inout [Diagnostic]
  ) throws {
    guard let version = root["version"] else {
      warnings.append(
        .warning(
          "missing 'version' (assuming \(formatVersion))",
          at: file.location(ofOffset: root.offset)))
      return
    }
    guard let number = version.numberValue else {
      throw file.error("expected a number for 'version', found \(version.typeName)", at: version)
    }
    guard number == Double(formatVersion) else {
      throw file.error(
        "unsupported theme version \(number.jsonText) (this chatrender reads version \(formatVersion))",
        at: version)
    }
  }

  /// The theme `root` extends: the default when it names none.
  private static func parent(
    of root: JSONValue, in file: SourceFile, chain: [Link], warnings: inout [Diagnostic]
  ) throws -> Theme {
    guard let value = root["extends"] else { return .default }
    guard let reference = value.stringValue else {
      throw file.error(
        "expected a theme name or path for 'extends', found \(value.typeName)", at: value)
    }
    let location = file.location(ofOffset: value.offset)
    if let theme = builtin(named: reference) { return theme }
    let path = ThemeDecoder.resolve(reference, from: ThemeDecoder.directory(of: file.path))
    guard FileManager.default.fileExists(atPath: path) else {
      if looksLikePath(reference) {
        throw file.error("theme file '\(path)' not found for 'extends'", at: value)
      }
      throw DiagnosticError(unknownTheme(reference, at: location))
    }
    guard confinement(of: chain).contains(path) else {
      throw file.error(confinement(of: chain).outsideMessage(path, for: "extends"), at: value)
    }
    let link = link(for: path)
    if chain.contains(where: { $0.identity == link.identity }) {
      let cycle = (chain.map(\.displayPath) + [path]).joined(separator: " → ")
      throw file.error("'extends' makes a cycle: \(cycle)", at: value)
    }
    guard chain.count < Limit.themeChainLength.value else {
      throw file.error(Limit.themeChainLength.exceededMessage(), at: value)
    }
    let parentFile: SourceFile
    do {
      parentFile = try SourceFile(contentsOf: path, limit: .themeSize)
    } catch let error as FileError {
      throw file.error("cannot read theme '\(path)': \(error.reason)", at: value)
    }
    do {
      return try decode(parentFile, chain: chain + [link], warnings: &warnings)
    } catch var error as DiagnosticError {
      for index in error.diagnostics.indices {
        error.diagnostics[index].notes.append("in the theme extended at \(location)")
      }
      throw error
    }
  }

  private static func unknownTheme(_ name: String, at location: SourceLocation?) -> Diagnostic {
    var diagnostic = Diagnostic.error(
      location == nil ? "unknown theme '\(name)'" : "unknown theme '\(name)' for 'extends'",
      at: location)
    if let note = NearestWord.suggestion(for: name, in: builtinNames) {
      diagnostic.notes.append(note)
    }
    diagnostic.notes.append("built-in themes: " + builtinNames.joined(separator: ", "))
    return diagnostic
  }

  /// "themes/My Theme.json" → "My Theme": the name of a theme file without a `name` key.
  private static func baseName(of path: String) -> String {
    var name = path.split(separator: "/").last.map(String.init) ?? path
    if name.lowercased().hasSuffix(".json") { name.removeLast(5) }
    return name.isEmpty ? "theme" : name
  }
}
