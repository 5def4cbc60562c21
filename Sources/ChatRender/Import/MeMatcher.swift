/// Finds the participants a user means by a name they know: a display name, a user name or
/// handle, an id or a phone number (case and formatting aside), else a unique first name or
/// beginning of a name ("Sam" for "Sam Whitfield").
struct MeMatcher {
  /// What one wanted name finds.
  enum Match: Equatable {
    /// These participants (ids), all meant.
    case found([String])
    /// Several participants fit equally: the user must say which.
    case ambiguous([String])
    case none
  }

  let participants: [Participant]

  /// Exact matches first; then first names; then beginnings of names and handles.
  func match(_ wanted: String) -> Match {
    let key = Importer.normalizedName(wanted)
    guard !key.isEmpty else { return .none }
    let exact = participants.filter { spellings(of: $0).contains(key) || samePhone($0, wanted) }
    if !exact.isEmpty { return .found(exact.map(\.id)) }
    for rule in [isFirstName, isBeginning] {
      let found = participants.filter { rule($0, key) }
      if found.count == 1 { return .found([found[0].id]) }
      if found.count > 1 { return .ambiguous(found.map(\.name)) }
    }
    return .none
  }

  /// The participant's name, id and handles as `Importer.normalizedName` spells them.
  private func spellings(of participant: Participant) -> [String] {
    ([participant.name, participant.id] + participant.handles).map(Importer.normalizedName)
  }

  private func isFirstName(_ participant: Participant, _ key: String) -> Bool {
    Importer.normalizedName(participant.name).split(separator: " ").first.map(String.init) == key
  }

  private func isBeginning(_ participant: Participant, _ key: String) -> Bool {
    spellings(of: participant).contains { $0.hasPrefix(key) }
  }

  /// Phone numbers compare by their digits: `+1 (555) 010-2030` is `15550102030`; a number
  /// without its country code matches one with it.
  private func samePhone(_ participant: Participant, _ wanted: String) -> Bool {
    ([participant.name, participant.id] + participant.handles).contains { Self.sameNumber($0, wanted) }
  }

  /// Whether two texts are one phone number (at least 7 digits; one may lack the country code).
  static func sameNumber(_ one: String, _ other: String) -> Bool {
    let first = phoneDigits(one)
    let second = phoneDigits(other)
    guard first.count >= 7, second.count >= 7 else { return false }
    return first.hasSuffix(second) || second.hasSuffix(first)
  }

  /// The digits of a text made only of digits and phone punctuation; empty for anything else.
  static func phoneDigits(_ text: String) -> String {
    let allowed = Set("+-() .\u{A0}")
    guard text.allSatisfy({ $0.isASCII && $0.isNumber || allowed.contains($0) }) else { return "" }
    return text.filter { $0.isASCII && $0.isNumber }
  }
}
