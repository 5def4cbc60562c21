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
    if let error = error as? DiagnosticError {
      return error.diagnostics.map { lines(for: $0, path: path) }.joined()
    }
    let (place, reason) = Self.placeAndReason(of: error, path: path)
    let prefix = place.map { "chatrender: \(Terminal.escape($0)): " } ?? "chatrender: "
    return prefix + terminal.red("error:") + " " + reason + "\n"
  }

  /// What a failed input's line says, without the program's name, colour or notes
  /// (`chat.txt:3:5: error: expected a message`): the batch's summary and `--report` say it.
  static func summary(of error: any Error, path: String?) -> String {
    if let diagnostic = (error as? DiagnosticError)?.diagnostics.first {
      let place = diagnostic.location?.description ?? path
      return (place.map { Terminal.escape($0) + ": " } ?? "") + "error: " + Terminal.escape(diagnostic.message)
    }
    let (place, reason) = placeAndReason(of: error, path: path)
    let firstLine = reason.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? reason
    return (place.map { Terminal.escape($0) + ": " } ?? "") + "error: " + firstLine
  }

  /// Where an error other than a `DiagnosticError` happened, and why.
  private static func placeAndReason(of error: any Error, path: String?) -> (place: String?, reason: String) {
    switch error {
    case let error as FileError: (error.path, error.reason)
    case let error as HighlightError: (path, "--\(error)\n  note: 'chatrender parse --numbered' lists them")
    default: (path, "\(error)")
    }
  }
}
