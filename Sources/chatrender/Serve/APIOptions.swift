@_spi(Pages) import ChatRender

/// A request's options: the query's and the form's fields, named as the command line's flags
/// (`me`, `theme`, `format`, `highlight`, …) and parsed by the same table (`CommandSettings`),
/// so the API says what the command line says. Flags that name a path on the server or run a
/// batch are refused.
enum APIOptions {
  /// Flags of `render` and `parse` a request may not give: they name files or folders of the
  /// server, or steer a batch or the terminal.
  static let refused: Set<String> = [
    "output", "attachments", "names", "all-chats", "name", "list", "numbered", "recursive", "skip-unknown",
    "include", "jobs", "shard", "no-clobber", "fail-fast", "split-by", "quiet", "verbose", "color", "help",
    "version", "long", "strict",
  ]
  /// The API's own fields: the page of a cut PNG or SVG, the uploaded body's file name, the
  /// form's file and the page's token.
  static let own: Set<String> = ["page", "filename", "file", "files"]

  /// The fields as the settings of `render`, parsed as the command line's.
  static func settings(_ fields: [(name: String, value: String)]) throws -> CommandSettings {
    var raw = RawArguments()
    raw.command = .render
    for (name, value) in fields where !own.contains(name) {
      guard let flag = Flag.named(name), !flag.commands.isDisjoint(with: [.render, .parse]) else {
        let known = Flag.flags(of: .render).map(\.name).filter { !refused.contains($0) }
        let suggestion = NearestWord.find(name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError(message: "unknown option '\(name)'\(suggestion)", command: .render)
      }
      guard !refused.contains(name) else {
        throw UsageError(
          message: "option '\(name)' is the command line's only; the server does not take it", command: .render)
      }
      if flag.takesValue {
        raw.values[name, default: []].append(value)
      } else if ["", "1", "true", "yes", "on"].contains(value.lowercased()) {
        raw.switches.insert(name)
      } else if !["0", "false", "no", "off"].contains(value.lowercased()) {
        throw UsageError(message: "option '\(name)' is a switch: give it no value, or true or false", command: .render)
      }
    }
    var settings = try CommandSettings(parsing: raw)
    // The server prints nothing for a request: warnings travel in the answer.
    settings.quiet = true
    try ReadOptions.checkCombinations(settings)
    if let formats = settings.formats, formats.count > 1 {
      throw UsageError(message: "a request renders one format; give format=png, pdf or svg", command: .render)
    }
    if let theme = settings.theme, ThemeLoader.builtin(named: theme) == nil {
      throw UsageError(
        message:
          "unknown theme '\(theme)': the server draws built-in themes only (\(FlagValue.list(ThemeLoader.builtinNames)))",
        command: .render)
    }
    return settings
  }
}

extension FlagParser where Value == Int {
  /// `--max-upload`: a size such as 512MB.
  static let byteCount = FlagParser(expected: "a size such as 512MB, 2GB or 100KB") { ByteCount.parse($0) }
}

extension FlagParser where Value == Listener.Address {
  /// `--bind`: a numeric IPv4 or IPv6 address, or localhost.
  static let listenAddress = FlagParser(expected: "an IPv4 or IPv6 address, e.g. 127.0.0.1, 0.0.0.0 or ::1") {
    Listener.Address(parsing: $0)
  }
}
