@_spi(Pages) import ChatRender

/// How a batch's warnings reach the user (`--warnings`, issue 42): thousands of chats that
/// each warn alike must not bury the few that matter.
enum BatchWarnings: String, CaseIterable, Sendable {
  /// None printed; errors still are.
  case none
  /// For one input, every warning as it comes; in a batch, one line per input and kind of
  /// warning, and a count of each kind at the end (the default).
  case summary
  /// Every warning of every input, with its notes, and the count at the end.
  case all

  /// The kind of `warning`: its message up to the first `;` or `:`, with file names and
  /// numbers taken out, so one picture missing in each of 5,000 chats is one kind.
  static func kind(of warning: Diagnostic) -> String {
    var kind = ""
    var inQuote = false
    var previous: Character = " "
    for character in warning.message {
      if character == "'" && (inQuote || !previous.isLetter) {
        inQuote.toggle()
        kind += inQuote ? "'…" : "'"
      } else if !inQuote {
        if character == ";" || (character == ":" && kind.count > 8) { break }
        if character.isNumber {
          if !kind.hasSuffix("N") { kind += "N" }
        } else {
          kind.append(character)
        }
      }
      previous = character
    }
    return kind.trimmingCharacters(in: .whitespaces)
  }

  /// `warnings` grouped by kind, in order of first appearance: the first of each and how
  /// many there are.
  static func grouped(_ warnings: [Diagnostic]) -> [(first: Diagnostic, kind: String, count: Int)] {
    var groups: [(first: Diagnostic, kind: String, count: Int)] = []
    for warning in warnings {
      let kind = kind(of: warning)
      if let index = groups.firstIndex(where: { $0.kind == kind }) {
        groups[index].count += 1
      } else {
        groups.append((warning, kind, 1))
      }
    }
    return groups
  }
}
