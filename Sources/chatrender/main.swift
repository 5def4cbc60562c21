@_spi(Pages) import ChatRender
import Foundation

/// Parses the arguments, runs the command, and maps every outcome to a message and an exit
/// status in one place.
func run(_ arguments: [String]) -> Outcome {
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
    let switches = CommandSettings(switchesOf: parsed)
    if arguments.isEmpty {
      // A usage error, so stderr: stdout stays for what was asked for.
      Terminal.error(Help.text(for: .render, long: false, width: terminal.width))
      return .usageError
    }
    // Help and the version never depend on the configuration file, which may be broken.
    if switches.help {
      Terminal.output(Help.text(for: parsed.command, long: arguments.contains("--help"), width: terminal.width))
      return .done
    }
    if switches.version {
      let libraries = LinkedLibraries.versions.map { "\($0.name) \($0.version)" }
      Terminal.output(Help.version + "\n" + libraries.joined(separator: ", ") + "\n")
      return .done
    }
    var configurationWarnings: [Diagnostic] = []
    let raw = try UserConfiguration.apply(
      to: parsed, environment: ProcessInfo.processInfo.environment, warnings: &configurationWarnings)
    if !switches.quiet {
      for warning in configurationWarnings { Terminal.error(DiagnosticPrinter(terminal: terminal).lines(for: warning)) }
    }
    var settings = try CommandSettings(parsing: raw)
    try ReadOptions.checkCombinations(settings)
    if settings.inputs.isEmpty && (command == .render || command == .parse) && Terminal.standardInputIsPiped {
      settings.inputs = ["-"]  // `cat chat.txt | chatrender parse`
    }
    let environment = ProcessInfo.processInfo.environment
    if let (limit, value) = Limit.invalidSettings(in: environment).first, let name = limit.environmentVariable {
      throw UsageError(
        message: "invalid value '\(value)' for \(name): expected \(limit.valueSyntax)", command: command)
    }
    Limit.adopt(environment)
    switch command {
    case .render: return try RenderCommand.run(settings, terminal: terminal)
    case .parse: return try InfoCommands.parse(settings, terminal: terminal)
    case .formats: return InfoCommands.formats(settings, terminal: terminal)
    case .themes: return InfoCommands.themes(settings, terminal: terminal)
    case .theme: return try InfoCommands.theme(settings, terminal: terminal)
    case .completions: return try ShellCompletions.run(settings)
    case .fonts: return FontFlag.list(terminal: terminal)
    case .man: return ManualPage.run(settings)
    case .serve: return try ServeCommand.run(settings, terminal: terminal)
    }
  } catch let error as UsageError {
    Terminal.error(
      "chatrender: \(terminal.red("error:")) \(Terminal.escape(error.message))\n"
        + "Usage: \(Help.usage(error.command ?? command))\nSee '\(Help.helpCommand(error.command ?? command))'.\n")
    return .usageError
  } catch let error as ConfigurationError {
    Terminal.error(DiagnosticPrinter(terminal: terminal).lines(for: error.error, path: nil))
    return .usageError
  } catch {
    Terminal.error("chatrender: \(terminal.red("error:")) \(error)\n")
    return .failed
  }
}

signal(SIGPIPE, SIG_IGN)
exit(run(Array(CommandLine.arguments.dropFirst())).exitStatus)
