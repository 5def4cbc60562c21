import Foundation

/// The files one output may become: `chat.png`, or `chat-001.png`, `chat-002.png`… when the
/// chat is cut into several images. A run replaces the whole series, so files of it that an
/// earlier run left (a `chat.png` beside this run's `chat-001.png`, or `chat-009.png` after
/// this run wrote eight) are stale.
enum OutputSeries {
  /// The regular files of `target`'s series that exist now.
  static func existing(_ target: String) -> [String] {
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    let stem = url.deletingPathExtension().lastPathComponent
    let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let prefix = PathFolder.of(target)
    return names.filter { name in
      guard name.hasSuffix(suffix) else { return false }
      if name == url.lastPathComponent { return true }
      let middle = name.dropLast(suffix.count)
      guard middle.hasPrefix(stem + "-") else { return false }
      let number = middle.dropFirst(stem.count + 1)
      return number.count >= 3 && number.allSatisfy(\.isASCIIDigit)
    }
    .sorted().map { prefix.isEmpty ? $0 : prefix + "/" + $0 }.filter(isRegularFile)
  }

  /// Deletes the files of `target`'s series that this run did not write; returns them.
  static func removeStale(_ target: String, written: [String]) -> [String] {
    let kept = Set(written.map(canonical))
    return existing(target).filter { !kept.contains(canonical($0)) && unlink($0) == 0 }
  }

  private static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  private static func canonical(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
