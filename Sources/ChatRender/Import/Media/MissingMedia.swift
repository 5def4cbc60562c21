/// The media files an export names that are not in it: one warning for them all, at the
/// first message naming one, so that a chip without its picture is never a silent loss.
struct MissingMedia {
  private(set) var names: [String] = []
  private var firstLocation: SourceLocation?

  /// Notes that the file `name`, named by the message at `location`, is not there.
  mutating func note(_ name: String, at location: SourceLocation?) {
    names.append(name)
    if firstLocation == nil { firstLocation = location }
  }

  /// "2 attached files are not in the export", listing the first five; nil when none is
  /// missing.
  var warning: Diagnostic? {
    guard !names.isEmpty else { return nil }
    var warning = Diagnostic.warning(
      "\(names.count) attached file\(names.count == 1 ? " is" : "s are") not in the export", at: firstLocation)
    warning.notes = ["missing: " + names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")]
    return warning
  }
}
