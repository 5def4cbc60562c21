@_spi(Pages) import ChatRender

/// Turns errors and warnings into the lines printed on stderr: the one place that does.
struct DiagnosticPrinter: Sendable {
  let terminal: Terminal

  /// `chatrender: path:line:col: error: message`, then notes; `path` stands in for a missing
  /// location (`chatrender: export: error: …` for a problem with a whole input).
  func lines(for diagnostic: Diagnostic, path: String? = nil) -> String {
    var text = "chatrender: "
    if let place = diagnostic.location?.description ?? path {
      text += Terminal.escape(place) + ": "
    }
    switch diagnostic.severity {
    case .error: text += terminal.red("error:")
    case .warning: text += terminal.yellow("warning:")
    case .note: text += "note:"
    }
    text += " " + Terminal.escape(diagnostic.message) + "\n"
    for note in diagnostic.notes { text += "  note: " + Terminal.escape(note) + "\n" }
    if let hint = diagnostic.hint { text += "  note: " + hint.flagAdvice + "\n" }
    return text
  }

  /// The message for any error raised while converting `path` (nil: the error is about no
  /// one input, as a theme's).
  func lines(for error: any Error, path: String?) -> String {
    let (place, reason): (String?, String)
    switch error {
    case let error as DiagnosticError:
      return error.diagnostics.map { lines(for: $0, path: path) }.joined()
    case let error as FileError: (place, reason) = (error.path, error.reason)
    case let error as HighlightError:
      (place, reason) = (path, "--\(error)\n  note: 'chatrender parse --numbered' lists them")
    default: (place, reason) = (path, "\(error)")
    }
    let prefix = place.map { "chatrender: \(Terminal.escape($0)): " } ?? "chatrender: "
    return prefix + terminal.red("error:") + " " + reason + "\n"
  }
}
