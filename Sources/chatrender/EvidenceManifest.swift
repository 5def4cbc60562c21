@_spi(Pages) import ChatRender
import Foundation

/// `--evidence`: which flags chose what a document shows, and the `sha256sum -c` file written
/// beside each output so anyone can check both the source and the document.
enum EvidenceManifest {
  /// The flags that choose or change the messages shown, with their values, as the evidence
  /// line names them ("--last 5", "--redact").
  static func filters(_ settings: CommandSettings) -> [String] {
    var filters: [String] = []
    if let chat = settings.chat { filters.append("--chat \(chat)") }
    if let from = settings.from { filters.append("--from \(from.text)") }
    if let to = settings.to { filters.append("--to \(to.text)") }
    if let query = settings.filter { filters.append("--filter '\(query.text)'") }
    if let last = settings.last { filters.append("--last \(last)") }
    if settings.crop {
      filters.append("--crop " + settings.highlight.joined(separator: ","))
      if let context = settings.context { filters.append("--context \(context)") }
    }
    if settings.redact { filters.append("--redact") }
    return filters
  }

  /// Said once when both are given: the hash names the unredacted file.
  static let redactionNote =
    "chatrender: note: --evidence with --redact states the SHA-256 of the unredacted source; "
    + "anyone who holds that file can tell it is the source\n"

  /// Writes `<output>.sha256` listing the source's files (as `evidence` names them, relative
  /// to the output's folder) and every file written for `output`, relative to the manifest,
  /// so that `sha256sum -c` works in that folder wherever it is handed over.
  static func write(for output: String, written: [String], evidence: DocumentSummary.Evidence) throws {
    var lines = evidence.manifest
    let folder = PathFolder.of(output)
    for path in written {
      lines.append("\(try SourceDigests.sha256(ofOutputAt: path))  \(relativePath(of: path, from: folder))")
    }
    try OutputSink.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: output + ".sha256")
  }

  /// `path` as seen from `folder` (both as typed, from where chatrender runs): `chat.pdf`,
  /// `../in/chat.txt`.
  static func relativePath(of path: String, from folder: String) -> String {
    let target = components(path)
    let base = components(folder.isEmpty ? "." : folder)
    let common = zip(target, base).prefix { $0 == $1 }.count
    return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
  }

  /// The components of `path` made absolute from the working folder, `.` and `..` resolved.
  private static func components(_ path: String) -> [String] {
    URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/").map(String.init)
  }

}
