/// One problem found in an input, with where it is.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable {
    case error, warning, note
  }

  public var severity: Severity
  /// Short, lowercase, names the thing: "expected a string for 'from'".
  public var message: String
  public var location: SourceLocation?
  /// Further lines printed under the message ("did you mean 'radius'?").
  public var notes: [String]
  /// What the user can do about it, for a front end to phrase.
  public var hint: DiagnosticHint?

  public init(
    severity: Severity, message: String, location: SourceLocation? = nil, notes: [String] = [],
    hint: DiagnosticHint? = nil
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.notes = notes
    self.hint = hint
  }

  public static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(severity: .error, message: message, location: location)
  }

  public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(severity: .warning, message: message, location: location)
  }

  /// `path:line:col: error: message` (or `path: error: message` without a line).
  public var description: String {
    var text = ""
    if let location { text += "\(location): " }
    text += "\(severity.rawValue): \(message)"
    for note in notes { text += "\n  note: \(note)" }
    return text
  }
}
