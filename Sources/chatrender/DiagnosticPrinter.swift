import ChatRender

/// Turns errors and warnings into the lines printed on stderr: the one place that does.
struct DiagnosticPrinter: Sendable {
  let terminal: Terminal

  /// `chatrender: path:line:col: error: message`, then notes.
  func lines(for diagnostic: Diagnostic) -> String {
    var text = "chatrender: "
    if let location = diagnostic.location { text += Terminal.escape(location.description) + ": " }
    switch diagnostic.severity {
    case .error: text += terminal.red("error:")
    case .warning: text += terminal.yellow("warning:")
    case .note: text += "note:"
    }
    text += " " + Terminal.escape(diagnostic.message) + "\n"
    for note in diagnostic.notes { text += "  note: " + Terminal.escape(note) + "\n" }
    return text
  }

  /// The message for any error raised while converting `path`.
  func lines(for error: any Error, path: String) -> String {
    switch error {
    case let error as DiagnosticError:
      return error.diagnostics.map { diagnostic in
        var located = diagnostic
        if located.location == nil { located.message = "\(path): " + located.message }
        return lines(for: located)
      }.joined()
    case let error as InputError:
      return "chatrender: \(Terminal.escape(error.path)): \(terminal.red("error:")) \(error.reason)\n"
    case let error as OutputError:
      return "chatrender: \(Terminal.escape(error.path)): \(terminal.red("error:")) \(error.reason)\n"
    case let error as CairoError:
      return "chatrender: \(Terminal.escape(path)): \(terminal.red("error:")) \(error)\n"
    default:
      return "chatrender: \(Terminal.escape(path)): \(terminal.red("error:")) \(error)\n"
    }
  }
}
