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
          Terminal.output(chats.map { $0 + "\n" }.joined())
        } else {
          Terminal.error("chatrender: \(Terminal.escape(path)): this \(format.name) input holds one chat\n")
        }
        return .success
      }
      var warnings: [Diagnostic] = []
      let transcript = try read.read(path, warnings: &warnings)
      if !raw.has("quiet") { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
      // Attachment paths are written relative to where the JSON goes.
      let output = raw.value("output").flatMap { $0 == "-" ? nil : $0 }
      let folder = output.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
      let json =
        raw.has("numbered")
        ? NumberedListing.text(for: transcript, timeZone: read.timeZone)
        : TranscriptJSONWriter.write(transcript, relativeTo: folder)
      if let output {
        try TextFile.write(json, to: output)
      } else {
        Terminal.output(json)
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
      Terminal.output(Importer.formats.map { $0.name + "\n" }.joined())
      return .success
    }
    let width = Importer.formats.map(\.name.count).max() ?? 0
    for format in Importer.formats {
      Terminal.output(format.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + format.summary + "\n")
    }
    return .success
  }

  static func themes(_ raw: RawArguments, terminal: Terminal) -> ExitStatus {
    Terminal.output(ThemeLoader.builtinNames.map { $0 + "\n" }.joined())
    return .success
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
        Terminal.output(ThemeLoader.json(for: theme))
      } else if !raw.has("quiet") {
        Terminal.error("chatrender: \(Terminal.escape(target)): theme is valid\n")
      }
      return .success
    } catch {
      if !raw.has("quiet") {
        for warning in warnings { Terminal.error(printer.lines(for: warning)) }
      }
      Terminal.error(printer.lines(for: error, path: target))
      return .failure
    }
  }
}

/// Writes text files atomically: a temporary file renamed into place.
enum TextFile {
  static func write(_ text: String, to path: String) throws {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw OutputError(path: path, reason: "cannot write (\(error.localizedDescription))")
    }
  }
}
