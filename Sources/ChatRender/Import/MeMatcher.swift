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
  /// in its national form (`0151…`) or without its country code matches one with it.
  private func samePhone(_ participant: Participant, _ wanted: String) -> Bool {
    ([participant.name, participant.id] + participant.handles).contains { ContactNames.sameNumber($0, wanted) }
  }
}
