/// The errors found in one input: the first `shown` of them kept, the rest counted, so a
/// file with thousands of bad lines says how many without printing them all.
struct ErrorList {
  /// How many errors are kept and printed.
  static let shown = 20

  private(set) var diagnostics: [Diagnostic] = []
  /// Errors found past the first `shown`.
  private(set) var unshown = 0

  var isEmpty: Bool { diagnostics.isEmpty }
  var count: Int { diagnostics.count + unshown }

  mutating func append(_ diagnostic: Diagnostic) {
    if diagnostics.count < ErrorList.shown {
      diagnostics.append(diagnostic)
    } else {
      unshown += 1
    }
  }

  /// The kept errors, then a last line "… and N more errors" when some were left out.
  var all: [Diagnostic] {
    guard unshown > 0 else { return diagnostics }
    let more = Diagnostic(
      severity: .note, message: "… and \(unshown) more error\(unshown == 1 ? "" : "s")")
    return diagnostics + [more]
  }

  /// Throws every error kept (and the count of the others) when there is any.
  func throwIfAny() throws {
    if !diagnostics.isEmpty { throw DiagnosticError(all) }
  }
}
