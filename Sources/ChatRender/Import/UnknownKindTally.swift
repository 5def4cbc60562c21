/// Records of kinds an importer does not know (a message type, a role), counted so that one
/// warning at the first of them replaces a warning per record.
struct UnknownKindTally {
  /// How many records were seen.
  private(set) var count = 0
  /// Each kind once, in the order first seen.
  private(set) var kinds: [String] = []
  /// Where the first record starts.
  private(set) var firstLocation: SourceLocation?

  mutating func note(_ kind: String, at location: SourceLocation) {
    count += 1
    if firstLocation == nil { firstLocation = location }
    if !kinds.contains(kind) { kinds.append(kind) }
  }

  /// "2 messages of unknown type 'a', 'b'": `what` names the kind ("unknown type").
  func phrase(_ what: String) -> String {
    "\(count) message\(count == 1 ? "" : "s") of \(what) "
      + kinds.map { "'\($0)'" }.joined(separator: ", ")
  }

  /// The warning `message(phrase(what))` at the first record; nil when nothing was noted.
  func warning(_ what: String, _ message: (String) -> String = { $0 }) -> Diagnostic? {
    guard count > 0 else { return nil }
    return .warning(message(phrase(what)), at: firstLocation)
  }
}
