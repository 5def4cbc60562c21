/// The participants of a text log, added as their names first appear.
///
/// Names are matched as `Importer.normalizedName` compares them (case, direction marks, a
/// leading `~`), so `~ Noa` and `Noa` are one person. Ids are slugs of the first name seen:
/// `Priya Nair` → `priya-nair`.
struct SpeakerTable {
  private(set) var participants: [Participant] = []
  private var idsByKey: [String: String] = [:]
  /// Names exactly as written, to skip normalising a name seen before.
  private var idsByName: [String: String] = [:]
  private var usedIDs: Set<String> = []

  /// The id of the participant called `name`, adding one the first time.
  mutating func id(for name: String, isBot: Bool = false) -> String {
    if let seen = idsByName[name] { return seen }
    let key = Importer.normalizedName(name)
    if let existing = idsByKey[key] {
      idsByName[name] = existing
      return existing
    }
    var id = SpeakerTable.slug(name)
    if id.isEmpty { id = "p\(participants.count + 1)" }
    let base = id
    var suffix = 2
    while usedIDs.contains(id) {
      id = "\(base)-\(suffix)"
      suffix += 1
    }
    usedIDs.insert(id)
    idsByKey[key] = id
    idsByName[name] = id
    participants.append(Participant(id: id, name: name, isBot: isBot))
    return id
  }

  /// Lowercased letters and digits (with their accents), other runs turned into one `-`.
  /// Emoji, variation selectors and joiners are left out.
  static func slug(_ name: String) -> String {
    var out = ""
    var pendingDash = false
    for scalar in name.lowercased().unicodeScalars {
      let properties = scalar.properties
      if properties.isAlphabetic || properties.numericType != nil {
        if pendingDash && !out.isEmpty { out += "-" }
        pendingDash = false
        out.unicodeScalars.append(scalar)
      } else if !pendingDash, !out.isEmpty, isAccent(scalar) {
        out.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return out
  }

  /// A combining mark that belongs to the letter before it; not a variation selector.
  private static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return !(0xFE00...0xFE0F).contains(scalar.value)
        && !(0xE0100...0xE01EF).contains(scalar.value)
    default: return false
    }
  }
}
