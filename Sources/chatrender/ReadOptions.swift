@_spi(Pages) import ChatRender
import Foundation

/// How inputs are read, shared by `render` and `parse`.
struct ReadOptions: Sendable {
  var format: (any TranscriptFormat)?
  var importOptions: ImportOptions
  var filter: TranscriptFilter
  var timeZone: TimeZone

  init(_ settings: CommandSettings) {
    format = settings.inputFormat?.format
    importOptions = ImportOptions(me: settings.me, chat: settings.chat)
    importOptions.likelyMe = settings.likelyMe
    importOptions.attachmentsFolder = settings.attachments
    importOptions.namesFile = settings.names
    timeZone = settings.timeZone ?? .current
    filter = TranscriptFilter(redact: settings.redact, timeZone: timeZone)
    if let pictures = settings.redactPictures { filter.redactedPictures = pictures }
    filter.start = settings.from?.value
    filter.end = settings.to?.value
    filter.query = settings.filter?.value
    filter.last = settings.last
  }

  /// Refuses flags that do nothing without another: `--redact-pictures` without `--redact`.
  static func checkCombinations(_ settings: CommandSettings) throws(UsageError) {
    if let from = settings.from, let to = settings.to, to.value < from.value {
      throw UsageError(
        message: "--from \(from.text) is after --to \(to.text): the range holds no day", command: settings.command)
    }
    if settings.redactPictures != nil && !settings.redact {
      throw UsageError(message: "--redact-pictures works with --redact; add --redact", command: settings.command)
    }
  }

  /// Reads and filters one input; warnings are appended.
  func read(_ path: String, chat: String? = nil, warnings: inout [Diagnostic]) throws -> Transcript {
    try readNamingFormat(path, chat: chat, warnings: &warnings).transcript
  }

  /// Reads and filters one input as `read` does, with the name of the format it was read as
  /// (which chooses the theme when none is given).
  func readNamingFormat(_ path: String, chat: String? = nil, warnings: inout [Diagnostic]) throws
    -> (transcript: Transcript, format: String)
  {
    let (whole, shownPath, format) = try readWhole(path, chat: chat, warnings: &warnings)
    return (try filtered(whole, path: shownPath), format)
  }

  /// Reads and filters one input as `read` does, with the evidence of the bytes it read
  /// (`--evidence`): `filters` name the flags that chose what is shown.
  /// The evidence is made for an output's folder: the files read are named relative to it,
  /// as the manifest beside the output names them.
  func readWithEvidence(_ path: String, chat: String?, filters: [String], warnings: inout [Diagnostic]) throws
    -> (Transcript, format: String, evidence: (_ folder: String) -> DocumentSummary.Evidence)
  {
    let digests = SourceDigests()
    let (whole, shownPath, format) = try readWhole(path, chat: chat, recordingInto: digests, warnings: &warnings)
    let files = digests.all
    let total = whole.messages.lazy.filter { $0.kind == .message }.count
    let (zone, redacts) = (timeZone, filter.redact)
    func evidence(for folder: String) -> DocumentSummary.Evidence {
      var evidence = DocumentSummary.Evidence(
        files: files.map {
          ($0.path == "-" ? "-" : EvidenceManifest.relativePath(of: $0.path, from: folder), $0.sha256)
        },
        totalMessages: total, filters: filters, timeZone: zone)
      // A file's name may name its people ("WhatsApp Chat with Ana.txt"); the manifest beside
      // the output still names it, for `sha256sum -c`.
      if redacts && files.count == 1 { evidence.source = "the source file" }
      return evidence
    }
    return (try filtered(whole, path: shownPath), format, evidence)
  }

  /// The whole chat of one input, the path its diagnostics name and the name of its format;
  /// the files read are noted in `digests` when given.
  private func readWhole(
    _ path: String, chat: String?, recordingInto digests: SourceDigests? = nil, warnings: inout [Diagnostic]
  ) throws -> (Transcript, String, String) {
    let input = try ImportInput.open(path, recordingInto: digests)
    var options = importOptions
    if let chat { options.chat = chat }
    // Detected here rather than in `Importer.read`, which would detect the same, to know it.
    var chosen = format ?? Importer.detect(input)
    if let whole = chosen {
      // A chat of a Takeout of several products is its product's, and drawn in its look.
      (chosen, options.chat) = try Importer.part(of: whole, input: input, chat: options.chat)
    }
    let transcript = try Importer.read(input, format: chosen, options: options, warnings: &warnings)
    return (transcript, input.path, chosen?.name ?? "")
  }

  private func filtered(_ transcript: Transcript, path: String) throws -> Transcript {
    if filter.start != nil || filter.end != nil, UndatedChatError.isUndated(transcript) {
      throw UndatedChatError(flags: "--from and --to")
    }
    return filter.isIdentity ? transcript : try filter.applyKeepingSome(to: transcript, path: path)
  }
}

/// A date range or `--split-by` asked of a chat none of whose messages has a date: there is
/// nothing to choose or cut by, and the whole chat is not what was asked (exit 2).
struct UndatedChatError: Error, CustomStringConvertible {
  /// The flags that need dates: "--from and --to".
  var flags: String

  var description: String { "the chat has no dates to filter by; \(flags) need them" }

  /// Whether `transcript` has messages and none of them a date.
  static func isUndated(_ transcript: Transcript) -> Bool {
    !transcript.messages.isEmpty
      && !transcript.messages.contains { message in
        switch message.time {
        case .instant: return true
        case .wallClock(let local): return local.date != nil
        case nil: return false
        }
      }
  }
}
