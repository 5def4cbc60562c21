@_spi(Pages) import ChatRender
import Foundation

/// What proves a file of a series ours: `.chat.png.chatrender` beside `chat.png`, written
/// when a run writes more than the one file it was asked for, lists each file it wrote with its
/// SHA-256, as `sha256sum` writes them. A later run removes a file of the series only when the
/// record names it and its bytes are still those recorded: a file changed since is the user's.
enum SeriesRecord {
  /// `folder/.chat.png.chatrender` for `folder/chat.png`.
  static func path(of target: String) -> String {
    let folder = PathFolder.of(target)
    let name = "." + (target as NSString).lastPathComponent + ".chatrender"
    return folder.isEmpty ? name : folder + "/" + name
  }

  /// The SHA-256 recorded for each file name; empty without a readable record.
  static func read(_ target: String) -> [String: String] {
    guard let bytes = try? SourceDigests.readRecord(at: path(of: target)) else { return [:] }
    var hashes: [String: String] = [:]
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 64, parts[1].isEmpty, !parts[2].contains("/") else { continue }
      hashes[String(parts[2])] = String(parts[0])
    }
    return hashes
  }

  /// Records `files` (regular files in `target`'s folder); with only `target` itself, or
  /// anything else written (a device), there is no series and no record is kept.
  static func write(_ target: String, files: [String]) {
    let record = path(of: target)
    guard files != [target], !files.isEmpty, files.allSatisfy(OutputSeries.isRegularFile) else {
      if OutputSeries.isRegularFile(record) { unlink(record) }
      return
    }
    var lines = ""
    for file in files {
      guard let hash = try? SourceDigests.sha256(ofOutputAt: file) else { return }
      lines += "\(hash)  \((file as NSString).lastPathComponent)\n"
    }
    try? OutputSink.write(Array(lines.utf8), to: record)
  }
}
