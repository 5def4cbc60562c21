@_spi(Pages) import ChatRender
import Foundation

/// Parses the arguments, runs the command, and maps every outcome to a message and an exit
/// status in one place.
func run(_ arguments: [String]) -> ExitStatus {
  _ = BatchRunner.processStart
  let colorChoice =
    arguments.firstIndex(of: "--color").flatMap { index in
      index + 1 < arguments.count ? arguments[index + 1] : nil
    } ?? arguments.first { $0.hasPrefix("--color=") }.map { String($0.dropFirst(8)) }
  let terminal = Terminal(colorChoice: colorChoice)
  var command: Command = .render
  do {
    let arguments = try HelpCommand.rewrite(arguments)
    let parsed = try ArgumentParser.parse(arguments)
    command = parsed.command
    if arguments.isEmpty {
      // A usage error, so stderr: stdout stays for what was asked for.
      Terminal.error(Help.text(for: .render, long: false, width: terminal.width))
      return .usage
    }
    // Help and the version never depend on the configuration file, which may be broken.
    if parsed.has("help") {
      Terminal.output(Help.text(for: parsed.command, long: arguments.contains("--help"), width: terminal.width))
      return .success
    }
    if parsed.has("version") {
      let libraries = LinkedLibraries.versions.map { "\($0.name) \($0.version)" }
      Terminal.output(Help.version + "\n" + libraries.joined(separator: ", ") + "\n")
      return .success
    }
    var configurationWarnings: [Diagnostic] = []
    var raw = try UserConfiguration.apply(
      to: parsed, environment: ProcessInfo.processInfo.environment, warnings: &configurationWarnings)
    if !raw.has("quiet") {
      for warning in configurationWarnings { Terminal.error(DiagnosticPrinter(terminal: terminal).lines(for: warning)) }
    }
    try FlagValue.check(raw)
    try ReadOptions.checkCombinations(raw)
    if raw.positional.isEmpty && (raw.command == .render || raw.command == .parse) && Terminal.standardInputIsPiped {
      raw.positional = ["-"]  // `cat chat.txt | chatrender parse`
    }
    let environment = ProcessInfo.processInfo.environment
    if let (limit, value) = Limit.invalidSettings(in: environment).first, let name = limit.environmentVariable {
      throw UsageError(
        message: "invalid value '\(value)' for \(name): expected \(limit.valueSyntax)", command: command)
    }
    Limit.adopt(environment)
    switch raw.command {
    case .render: return try RenderCommand.run(raw, terminal: terminal)
    case .parse: return try InfoCommands.parse(raw, terminal: terminal)
    case .formats: return InfoCommands.formats(raw, terminal: terminal)
    case .themes: return InfoCommands.themes(raw, terminal: terminal)
    case .theme: return try InfoCommands.theme(raw, terminal: terminal)
    case .completions: return try ShellCompletions.run(raw)
    case .fonts: return FontFlag.list(terminal: terminal)
    case .man: return ManualPage.run(raw)
    case .serve: return try ServeCommand.run(raw, terminal: terminal)
    }
  } catch let error as UsageError {
    Terminal.error(
      "chatrender: \(terminal.red("error:")) \(Terminal.escape(error.message))\n"
        + "Usage: \(Help.usage(error.command ?? command))\nSee '\(Help.helpCommand(error.command ?? command))'.\n")
    return .usage
  } catch let error as ConfigurationError {
    Terminal.error(DiagnosticPrinter(terminal: terminal).lines(for: error.error, path: nil))
    return .usage
  } catch {
    Terminal.error("chatrender: \(terminal.red("error:")) \(error)\n")
    return .failure
  }
}

signal(SIGPIPE, SIG_IGN)
exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
