import Foundation

/// What the command line's `--locale`, `--clock`, `--split-by` and `--evidence` set, for a
/// program that uses the library alone.
extension ExportOptions {
  /// Writes the words, dates and times in the locale named `identifier` ("de_DE", "ja_JP";
  /// English words where its language has no translation yet).
  ///
  /// - Returns: false, the locale unchanged, when no locale has that name.
  @discardableResult
  public mutating func setLocale(_ identifier: String) -> Bool {
    guard let locale = TextLocale.named(identifier) else { return false }
    dateText.locale = locale
    return true
  }

  /// 12-hour (true) or 24-hour (false) times; nil: as the export wrote them, else the locale's.
  public var twelveHourClock: Bool? {
    get { dateText.clock.map { $0 == .twelveHour } }
    set { dateText.clock = newValue.map { $0 ? .twelveHour : .twentyFourHour } }
  }

  /// One file per day, week, month, quarter or year, named after it (`chat-2025-03.pdf`) by
  /// `ChatRenderer.write(_:to:)`; nil writes the chat whole.
  public var splitPeriod: TranscriptPeriod? {
    get {
      if case .period(let period) = splitBy { return period }
      return nil
    }
    set { splitBy = newValue.map(TranscriptSplit.period) }
  }

  /// States the SHA-256 of `files` (the source the chat was read from, as the command line's
  /// `--evidence` does), the chat's `totalMessages` and the time zone, in a PDF's footer and
  /// metadata and a PNG's text. The files are hashed now, as they are on disk.
  ///
  /// - Throws: `FileError` naming a file that cannot be read.
  public mutating func addEvidence(ofFiles files: [String], totalMessages: Int?) throws {
    let hashed = try files.map { path in (path: path, sha256: try RegularFile.sha256(path, limit: .archiveSize)) }
    evidence = DocumentSummary.Evidence(files: hashed, totalMessages: totalMessages, filters: [], timeZone: timeZone)
  }
}
