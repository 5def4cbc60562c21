/// A failure to read an input or a theme, with every problem found.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
  /// The problems found, in the order `description` prints them.
  public var diagnostics: [Diagnostic]

  /// An error holding `diagnostics`.
  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
  /// An error holding one diagnostic.
  public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }

  /// Every diagnostic's description, one per line.
  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
