import ChatRender
import Foundation

/// `parse`, `formats`, `themes` and `theme show|check`.
enum InfoCommands {
  /// Prints the transcript in our JSON format (or, with `--list`, the chats of an export).
  static func parse(_ raw: RawArguments, terminal: Terminal) throws -> ExitStatus {
    guard raw.positional.count == 1 else {
      throw UsageError(message: raw.positional.isEmpty ? "no input given" : "parse takes one input", command: .parse)
    }
    let path = raw.positional[0]
    let read = try ReadOptions(raw)
    let printer = DiagnosticPrinter(terminal: terminal)
    do {
      if raw.has("list") {
        let input = try ImportInput.open(path)
        guard let format = read.format ?? Importer.detect(input) else {
          throw DiagnosticError(.error("unrecognised chat format", at: SourceLocation(file: input.path, line: 1, column: 1)))
        }
        if let chats = try format.listChats(input) {
          try Terminal.result(chats.map { $0 + "\n" }.joined())
        } else {
          Terminal.error("chatrender: \(Terminal.escape(path)): this \(format.name) input holds one chat\n")
        }
        return .success
      }
      var warnings: [Diagnostic] = []
      let transcript = try read.read(path, warnings: &warnings)
      if !raw.has("quiet") { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
      let json = TranscriptJSONWriter.write(transcript)
      if let output = raw.value("output"), output != "-" {
        try TextFile.write(json, to: output)
      } else {
        try Terminal.result(json)
      }
      return .success
    } catch let error as UsageError {
      throw error
    } catch {
      Terminal.error(printer.lines(for: error, path: path == "-" ? "<stdin>" : path))
      return .failure
    }
  }

  static func formats(_ raw: RawArguments, terminal: Terminal) -> ExitStatus {
    guard terminal.stdoutIsTTY else {
      return printResult(Importer.formats.map { $0.name + "\n" }.joined(), terminal: terminal)
    }
    let width = Importer.formats.map(\.name.count).max() ?? 0
    let lines = Importer.formats.map { format in
      format.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + format.summary + "\n"
    }
    return printResult(lines.joined(), terminal: terminal)
  }

  static func themes(_ raw: RawArguments, terminal: Terminal) -> ExitStatus {
    printResult(ThemeLoader.builtinNames.map { $0 + "\n" }.joined(), terminal: terminal)
  }

  /// Prints a command's result; a failed write is reported and makes the command fail.
  private static func printResult(_ text: String, terminal: Terminal) -> ExitStatus {
    do {
      try Terminal.result(text)
      return .success
    } catch {
      Terminal.error(DiagnosticPrinter(terminal: terminal).lines(for: error, path: nil))
      return .failure
    }
  }

  /// `theme show NAME|PATH` prints the full effective JSON; `theme check FILE` validates.
  static func theme(_ raw: RawArguments, terminal: Terminal) throws -> ExitStatus {
    guard raw.positional.count == 2, ["show", "check"].contains(raw.positional[0]) else {
      throw UsageError(message: "expected 'theme show NAME' or 'theme check FILE'", command: .theme)
    }
    let target = raw.positional[1]
    let printer = DiagnosticPrinter(terminal: terminal)
    var warnings: [Diagnostic] = []
    do {
      let theme = try ThemeLoader.load(target, warnings: &warnings)
      if !raw.has("quiet") { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
      if raw.positional[0] == "show" {
        try Terminal.result(ThemeLoader.json(for: theme))
      } else if !raw.has("quiet") {
        Terminal.error("chatrender: \(Terminal.escape(target)): theme is valid\n")
      }
      return .success
    } catch let error as OutputError {
      Terminal.error(printer.lines(for: error, path: nil))
      return .failure
    } catch {
      if !raw.has("quiet") {
        for warning in warnings { Terminal.error(printer.lines(for: warning)) }
      }
      Terminal.error(printer.lines(for: error, path: target))
      return .failure
    }
  }
}

/// Writes text files atomically: a temporary file renamed into place. A device or a FIFO is
/// written directly: renaming over it would replace it with a regular file.
enum TextFile {
  static func write(_ text: String, to path: String) throws {
    do {
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG,
        status.st_mode & S_IFMT != S_IFDIR
      {
        guard let handle = FileHandle(forWritingAtPath: path) else {
          throw OutputError(path: path, reason: "cannot open (\(String(cString: strerror(errno)).lowercased()))")
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(text.utf8))
        return
      }
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
        ? URL(fileURLWithPath: path).resolvingSymlinksInPath() : URL(fileURLWithPath: path)
      try Data(text.utf8).write(to: target, options: .atomic)
    } catch let error as OutputError {
      throw error
    } catch {
      throw OutputError(path: path, reason: "cannot write (\(error.localizedDescription))")
    }
  }
}
