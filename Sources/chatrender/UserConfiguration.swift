@_spi(Pages) import ChatRender
import Foundation

/// Defaults from the user's configuration file, under the command line's flags:
/// `$CHATRENDER_CONFIG`, else `$XDG_CONFIG_HOME/chatrender/config.json` (else
/// `~/.config/…`). For example `{"theme": "whatsapp", "me": ["Sam", "+1 415 555 0142"],
/// "locale": "de_DE", "timezone": "Europe/Berlin", "clock": 24, "font": "Noto Serif",
/// "prefers": "dark"}` (`prefers`: `dark` stands for `--dark`, `light` for nothing).
enum UserConfiguration {
  /// Keys and the flags they stand for; `me` is handled apart (names that are me when present).
  static let flagsByKey: [String: String] = [
    "theme": "theme", "locale": "locale", "timezone": "timezone", "clock": "clock", "font": "font",
  ]
  static let meKey = "me"
  static let prefersKey = "prefers"

  /// The file to read, and whether it was asked for by name (then it must exist).
  static func location(_ environment: [String: String]) -> (path: String, required: Bool)? {
    if let path = environment["CHATRENDER_CONFIG"], !path.isEmpty { return (path, true) }
    let home =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["HOME"].map { $0 + "/.config" }
    return home.map { ($0 + "/chatrender/config.json", false) }
  }

  /// `raw` with the file's settings added where its flags are absent; warnings (unknown keys)
  /// are appended.
  ///
  /// - Throws: `ConfigurationError` for a file that cannot be read or a value of a wrong type.
  static func apply(
    to raw: RawArguments, environment: [String: String], warnings: inout [Diagnostic]
  ) throws -> RawArguments {
    guard raw.command == .render || raw.command == .parse, let (path, required) = location(environment)
    else { return raw }
    guard required || FileManager.default.fileExists(atPath: path) else { return raw }
    var result = raw
    do {
      let file = try SourceFile(contentsOf: path)
      let root = try file.json()
      for member in try file.object(root, what: "the configuration") {
        if member.key == meKey {
          result.configuredMe = try strings(member.value, key: member.key, in: file)
          continue
        }
        if member.key == prefersKey {
          try applyPreference(member.value, in: file, to: &result)
          continue
        }
        guard let flag = flagsByKey[member.key] else {
          var warning = Diagnostic.warning(
            "unknown key '\(member.key)'", at: file.location(ofOffset: member.keyOffset))
          if let note = NearestWord.suggestion(for: member.key, in: Array(flagsByKey.keys) + [meKey, prefersKey]) {
            warning.notes = [note]
          }
          warnings.append(warning)
          continue
        }
        let values = try strings(member.value, key: member.key, in: file)
        let applies = Flag.named(flag)?.commands.contains(raw.command) == true
        if applies && raw.values[flag] == nil {
          result.values[flag] = [values.joined(separator: ", ")]
          result.configured[flag] = (member.key, file.location(ofOffset: member.value.offset))
        }
      }
    } catch {
      throw ConfigurationError(error: error)
    }
    return result
  }

  /// `"prefers": "dark"`: `--dark` for `render`; `"light"` keeps the light looks.
  private static func applyPreference(_ value: JSONValue, in file: SourceFile, to raw: inout RawArguments) throws {
    switch value.stringValue?.lowercased() {
    case "dark": if raw.command == .render { raw.switches.insert("dark") }
    case "light": break
    default: throw file.error("expected \"dark\" or \"light\" for 'prefers'", at: value)
    }
  }

  /// A string, a number (`"clock": 12`) or an array of strings.
  private static func strings(_ value: JSONValue, key: String, in file: SourceFile) throws -> [String] {
    if let text = value.stringValue { return [text] }
    if let number = value.intValue { return [String(number)] }
    if let items = value.arrayValue {
      return try items.map { item in
        guard let text = item.stringValue else {
          throw file.error("expected a string in '\(key)', found \(item.typeName)", at: item)
        }
        return text
      }
    }
    throw file.error("expected a string or a list of strings for '\(key)', found \(value.typeName)", at: value)
  }
}
