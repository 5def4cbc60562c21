/// Where an attachment's file is on this machine. The database names it as it was on the Mac
/// or the phone (`~/Library/Messages/Attachments/ab/12/GUID/IMG_0001.HEIC`,
/// `/var/mobile/Library/SMS/Attachments/…`); the user copies the `Attachments` folder beside
/// the database (where Messages keeps it) or names it, or a folder above it, with
/// `--attachments`.
enum IMessageAttachmentPath {
  /// The places to look, most likely first, under `base`: the path from `Attachments/` on,
  /// from inside `Attachments/`, and from `Library/` on.
  static func candidates(_ filename: String, under base: String) -> [String] {
    let parts = filename.split(separator: "/").map(String.init)
    var tails: [[String]] = []
    if let attachments = parts.lastIndex(where: { $0 == "Attachments" }) {
      tails.append(Array(parts[attachments...]))
      tails.append(Array(parts[(attachments + 1)...]))
    }
    if let library = parts.firstIndex(of: "Library") { tails.append(Array(parts[library...])) }
    if tails.isEmpty, let last = parts.last { tails.append([last]) }
    // A `..` in a stranger's path is dropped, not followed (`ExportBoundary` judges the rest).
    return tails.map { tail in
      MediaPath.join(base, tail.filter { $0 != ".." && $0 != "." && $0 != "~" }.joined(separator: "/"))
    }
  }
}
