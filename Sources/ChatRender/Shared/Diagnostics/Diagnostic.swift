/// One problem found in an input, with where it is.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a problem is: `error` (the input cannot be used), `warning` (it can, with a
  /// loss), `note` (further information).
  public enum Severity: String, Sendable, Hashable {
    /// The raw value is the word printed before the message (`error:`).
    case error, warning, note
  }

  /// How serious the problem is.
  public var severity: Severity
  /// Short, lowercase, names the thing: "expected a string for 'from'".
  public var message: String
  /// Where the problem is; nil when it has no place in a file.
  public var location: SourceLocation?
  /// Further lines printed under the message ("did you mean 'radius'?").
  public var notes: [String]
  /// What the user can do about it, for a front end to phrase.
  public var hint: DiagnosticHint?

  /// A diagnostic; no location, notes or hint unless given.
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

  /// An error with `message` at `location`.
  public static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(severity: .error, message: message, location: location)
  }

  /// A warning with `message` at `location`.
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
