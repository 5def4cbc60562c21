@_spi(Pages) import ChatRender
import Foundation

/// `parse`, `formats`, `themes` and `theme show|check`.
enum InfoCommands {
  /// Prints the transcript in our JSON format (or, with `--list`, the chats of an export).
  static func parse(_ settings: CommandSettings, terminal: Terminal) throws -> Outcome {
    guard settings.inputs.count == 1 else {
      throw UsageError(message: settings.inputs.isEmpty ? "no input given" : "parse takes one input", command: .parse)
    }
    let path = settings.inputs[0]
    let read = ReadOptions(settings)
    let printer = DiagnosticPrinter(terminal: terminal)
    do {
      if settings.list {
        let input = try ImportInput.open(path)
        guard let format = read.format ?? Importer.detect(input) else {
          throw DiagnosticError(UnrecognisedInput.diagnostic(for: input))
        }
        if let chats = try ChatListing.lines(of: input, format: format, timeZone: read.timeZone) {
          try Terminal.result(chats.map { $0 + "\n" }.joined())
        } else {
          Terminal.error("chatrender: \(Terminal.escape(path)): this \(format.name) input holds one chat\n")
        }
        return .done
      }
      var warnings: [Diagnostic] = []
      let transcript = try read.read(path, warnings: &warnings)
      if !settings.quiet { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
      if settings.verbose, let format = try read.format ?? Importer.detect(ImportInput.open(path)) {
        Terminal.error("chatrender: \(Terminal.escape(path)): note: read as \(format.name)\n")
      }
      // Attachment paths are written relative to where the JSON goes.
      let output = settings.output.flatMap { $0 == "-" ? nil : $0 }
      let folder = output.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
      let json =
        settings.numbered
        ? NumberedListing.text(for: transcript, timeZone: read.timeZone)
        : TranscriptJSONWriter.write(transcript, relativeTo: folder)
      if let output {
        try OutputSink.write(Array(json.utf8), to: output)
      } else {
        try Terminal.result(json)
      }
      return .done
    } catch let error as UsageError {
      throw error
    } catch {
      Terminal.error(printer.lines(for: error, path: path == "-" ? "<stdin>" : path))
      return error is UndatedChatError ? .usageError : .failed
    }
  }

  /// Names one a line in a pipe; with `--long` or on a terminal, what to give each and what
  /// it reads.
  static func formats(_ settings: CommandSettings, terminal: Terminal) -> Outcome {
    let width = Importer.formats.map(\.accepts.count).max() ?? 0
    let rows = Importer.listedFormats.map { format in
      (format.name, format.accepts.padding(toLength: width + 2, withPad: " ", startingAt: 0) + format.summary)
    }
    return printResult(list(rows, described: settings.long || terminal.stdoutIsTTY), terminal: terminal)
  }

  /// Names one a line in a pipe; with `--long` or on a terminal, light or dark and a look.
  static func themes(_ settings: CommandSettings, terminal: Terminal) -> Outcome {
    let rows = ThemeLoader.builtins.map { theme in
      let look = ThemeLoader.builtinDescriptions[theme.name].map { ": " + $0 } ?? ""
      return (theme.name, ThemeLoader.tone(of: theme) + look)
    }
    return printResult(list(rows, described: settings.long || terminal.stdoutIsTTY), terminal: terminal)
  }

  /// Prints a command's result; a failed write is reported and makes the command fail.
  private static func printResult(_ text: String, terminal: Terminal) -> Outcome {
    do {
      try Terminal.result(text)
      return .done
    } catch {
      Terminal.error(DiagnosticPrinter(terminal: terminal).lines(for: error, path: nil))
      return .failed
    }
  }

  /// Names in a column, then their descriptions when `described`.
  private static func list(_ rows: [(name: String, description: String)], described: Bool) -> String {
    guard described else { return rows.map { $0.name + "\n" }.joined() }
    let width = rows.map(\.name.count).max() ?? 0
    return rows.map { $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.description + "\n" }
      .joined()
  }

  /// `theme show NAME|PATH` prints the full effective JSON; `theme check FILE` validates
  /// (`--strict`: warnings fail it too); `theme schema` prints the JSON schema, made from the
  /// theme table (`Sources/ChatRender/Themes/theme.schema.json` is a copy of it, for installing).
  static func theme(_ settings: CommandSettings, terminal: Terminal) throws -> Outcome {
    if settings.inputs == ["schema"] {
      Terminal.output(ThemeSchemaDocument.text)
      return .done
    }
    guard settings.inputs.count == 2, ["show", "check"].contains(settings.inputs[0]) else {
      throw UsageError(
        message: "expected 'theme show NAME', 'theme check FILE' or 'theme schema'", command: .theme)
    }
    let target = settings.inputs[1]
    let printer = DiagnosticPrinter(terminal: terminal)
    var warnings: [Diagnostic] = []
    do {
      let theme = try ThemeLoader.load(target, warnings: &warnings)
      if !settings.quiet { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
      if settings.inputs[0] == "show" {
        try Terminal.result(ThemeLoader.json(for: theme, schema: ThemeLoader.schemaReference(of: target)))
      } else if settings.strict && !warnings.isEmpty {
        if settings.quiet { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
        Terminal.error(
          "chatrender: \(Terminal.escape(target)): \(terminal.red("error:")) --strict: the theme has warnings\n")
        return .failed
      } else if !settings.quiet {
        Terminal.error("chatrender: \(Terminal.escape(target)): theme is valid\n")
      }
      return .done
    } catch let error as FileError {
      Terminal.error(printer.lines(for: error, path: nil))
      return .failed
    } catch {
      if !settings.quiet {
        for warning in warnings { Terminal.error(printer.lines(for: warning)) }
      }
      Terminal.error(printer.lines(for: error, path: target))
      return .failed
    }
  }
}
