@_spi(Pages) import ChatRender
import Foundation

/// The files one output may become: `chat.png`, or `chat-001.png`, `chat-002.png`… when the
/// chat is cut into several images (or `chat-2025-03.pdf`… with `--split-by`). A run replaces
/// the whole series, so files of it that an earlier run left (a `chat.png` beside this run's
/// `chat-001.png`, or `chat-009.png` after this run wrote eight) are stale. A name is no proof:
/// a stale file is removed only when `SeriesRecord` proves it ours and unchanged.
enum OutputSeries {
  /// What a run did with the files of an earlier one.
  struct Cleanup: Equatable {
    /// Files of the series an earlier run wrote, unchanged since: removed.
    var removed: [String] = []
    /// Files named like the series that nothing proves ours: left as they are.
    var left: [String] = []
  }

  /// The regular files named as `target`'s series (`chat.png`, `chat-` digits `.png`) that
  /// exist now.
  static func existing(_ target: String) -> [String] {
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { isNamedAsSeries($0, of: target) }.sorted().map { sibling($0, of: target) }
      .filter(isRegularFile)
  }

  /// Deletes the files of `target`'s series that an earlier run wrote and this one did not,
  /// leaving any file the record does not prove ours; then records this run's `written`.
  static func removeStale(_ target: String, written: [String]) -> Cleanup {
    let kept = Set(written.map(canonical))
    let recorded = SeriesRecord.read(target)
    let listed = recorded.keys.filter { belongs($0, to: target) }.map { sibling($0, of: target) }
    var cleanup = Cleanup()
    for path in Set(existing(target) + listed.filter(isRegularFile)).sorted() where !kept.contains(canonical(path)) {
      let name = (path as NSString).lastPathComponent
      let hash = try? SourceDigests.sha256(ofOutputAt: path)
      if let hash, recorded[name] == hash, unlink(path) == 0 {
        cleanup.removed.append(path)
      } else {
        cleanup.left.append(path)
      }
    }
    SeriesRecord.write(target, files: written)
    return cleanup
  }

  static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// `chat.png` itself or `chat-` digits `.png`.
  private static func isNamedAsSeries(_ name: String, of target: String) -> Bool {
    guard let middle = middle(of: name, in: target) else { return false }
    return middle.isEmpty || (middle.count >= 4 && middle.dropFirst().allSatisfy(\.isASCIIDigit))
  }

  /// `chat.png` itself or any `chat-….png`: what a record may name (`chat-2025-03.pdf`).
  private static func belongs(_ name: String, to target: String) -> Bool {
    guard let middle = middle(of: name, in: target) else { return false }
    return middle.isEmpty || middle.count > 1
  }

  /// What lies between the stem and the extension: "" for `chat.png`, "-001" for
  /// `chat-001.png`; nil for a name of another series.
  private static func middle(of name: String, in target: String) -> Substring? {
    let url = URL(fileURLWithPath: target)
    let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
    if name == url.lastPathComponent { return "" }
    guard name.hasSuffix(suffix), !name.contains("/") else { return nil }
    let middle = name.dropLast(suffix.count)
    let stem = url.deletingPathExtension().lastPathComponent
    guard middle.hasPrefix(stem + "-") else { return nil }
    return middle.dropFirst(stem.count)
  }

  /// `name` in `target`'s folder, spelt as `target` spells its folder.
  private static func sibling(_ name: String, of target: String) -> String {
    let prefix = PathFolder.of(target)
    return prefix.isEmpty ? name : prefix + "/" + name
  }

  private static func canonical(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
