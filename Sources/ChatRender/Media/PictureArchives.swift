import Synchronization

/// The zip archives one render's pictures come from, each opened once: its central directory
/// read once, and one unpack budget for all its pictures (opening it again per picture would
/// start the whole-archive limit afresh each time, a hole in the zip-bomb limit).
final class PictureArchives: Sendable {
  private let totalLimit: Int
  private let entryLimit: Int
  private let opened = Mutex<[String: ZipArchive]>([:])

  /// Archives unpacking at most `totalLimit` bytes each in all, `entryLimit` per member (by
  /// default the limits table's, a member held to the input limit too).
  init(
    totalLimit: Int = Limit.archiveSize.value,
    entryLimit: Int = min(Limit.archiveEntrySize.value, Limit.inputSize.value)
  ) {
    self.totalLimit = totalLimit
    self.entryLimit = entryLimit
  }

  /// The archive at `path`, opened on first use.
  ///
  /// - Throws: `FileError` when it cannot be opened.
  func archive(at path: String) throws -> ZipArchive {
    if let known = opened.withLock({ $0[path] }) { return known }
    let archive = try ZipArchive(path: path, totalLimit: totalLimit, entryLimit: entryLimit)
    return opened.withLock { opened in
      if let raced = opened[path] { return raced }
      opened[path] = archive
      return archive
    }
  }

  /// Forgets every archive: the next render opens them again, with fresh budgets.
  func close() { opened.withLock { $0 = [:] } }
}
