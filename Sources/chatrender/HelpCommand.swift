@_spi(Pages) import ChatRender

/// `chatrender help [COMMAND]`, spelled as git and cargo spell it: the same as
/// `chatrender COMMAND --help`.
enum HelpCommand {
  /// `arguments` with a leading `help [COMMAND]` turned into `COMMAND --help`, and
  /// `version` into `--version`.
  static func rewrite(_ arguments: [String]) throws(UsageError) -> [String] {
    if arguments == ["version"] { return ["--version"] }
    guard arguments.first == "help" else { return arguments }
    let rest = arguments.dropFirst()
    guard let name = rest.first else { return ["--help"] }
    guard let command = Command(rawValue: name) else {
      let names = Command.allCases.map(\.rawValue)
      let suggestion = NearestWord.find(name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
      throw UsageError(
        message: "unknown command '\(name)'\(suggestion); commands: \(names.joined(separator: ", "))",
        command: nil)
    }
    return [command.rawValue, "--help"]
  }
}
