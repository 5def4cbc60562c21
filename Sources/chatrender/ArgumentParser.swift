@_spi(Pages) import ChatRender

/// Arguments split into a command, flags with values, and positional arguments. Syntax only:
/// nothing is validated here beyond the flag table.
struct RawArguments {
  var command: Command = .render
  var values: [String: [String]] = [:]
  var switches: Set<String> = []
  var positional: [String] = []
  /// Names that are "me" when present, from the configuration file.
  var configuredMe: [String] = []
  /// The flags whose value came from the configuration file: its key and where it stands.
  var configured: [String: (key: String, location: SourceLocation)] = [:]
}

/// A problem with how the command was called (exit status 2).
struct UsageError: Error {
  var message: String
  var command: Command?
}

enum ArgumentParser {
  /// Parses `arguments` (without the program name). Handles `--opt=value`, `--opt value`,
  /// `-o value`, `-ovalue`, bundled switches (`-qr`), repeated flags and `--`.
  static func parse(_ arguments: [String]) throws(UsageError) -> RawArguments {
    var raw = RawArguments()
    var tokens = arguments[...]
    if let first = tokens.first, let command = Command(rawValue: first) {
      raw.command = command
      tokens = tokens.dropFirst()
    }
    var onlyPositional = false
    while let token = tokens.popFirst() {
      if onlyPositional || token == "-" || !token.hasPrefix("-") {
        raw.positional.append(token)
        continue
      }
      if token == "--" {
        onlyPositional = true
        continue
      }
      if token.hasPrefix("--") {
        var name = String(token.dropFirst(2))
        var inlineValue: String?
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        guard let flag = Flag.named(name) else {
          let suggestion = nearest(name, for: raw.command).map { " (did you mean '--\($0)'?)" } ?? ""
          throw UsageError(message: "unknown option '--\(name)'\(suggestion)", command: raw.command)
        }
        try accept(flag, spelled: "--\(name)", inlineValue: inlineValue, tokens: &tokens, into: &raw)
        continue
      }
      // Short flags: -q, -qr, -o out.png, -oout.png
      var letters = token.dropFirst()
      while let letter = letters.popFirst() {
        guard let flag = Flag.short(letter) else {
          throw UsageError(message: "unknown option '-\(letter)'", command: raw.command)
        }
        if flag.takesValue {
          let rest = letters.isEmpty ? nil : String(letters)
          try accept(flag, spelled: "-\(letter)", inlineValue: rest, tokens: &tokens, into: &raw)
          break
        }
        try accept(flag, spelled: "-\(letter)", inlineValue: nil, tokens: &tokens, into: &raw)
      }
    }
    return raw
  }

  private static func accept(
    _ flag: Flag, spelled: String, inlineValue: String?, tokens: inout ArraySlice<String>,
    into raw: inout RawArguments
  ) throws(UsageError) {
    guard flag.commands.contains(raw.command) else {
      throw UsageError(message: "option '\(spelled)' does not apply to '\(raw.command.rawValue)'", command: raw.command)
    }
    guard flag.takesValue else {
      if inlineValue != nil {
        throw UsageError(message: "option '\(spelled)' takes no value", command: raw.command)
      }
      raw.switches.insert(flag.name)
      return
    }
    guard let value = inlineValue ?? tokens.popFirst() else {
      throw UsageError(message: "option '\(spelled)' needs a value (\(flag.value ?? "VALUE"))", command: raw.command)
    }
    raw.values[flag.name, default: []].append(value)
  }

  /// The nearest flag that `command` accepts: `formats --long` is not `--font`.
  private static func nearest(_ name: String, for command: Command) -> String? {
    NearestWord.find(name, in: Flag.flags(of: command).map(\.name))
  }
}
