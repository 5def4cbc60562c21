@_spi(Pages) import ChatRender
import Foundation

/// How inputs are read, shared by `render` and `parse`.
struct ReadOptions: Sendable {
  var format: (any TranscriptFormat)?
  var importOptions: ImportOptions
  var filter: TranscriptFilter
  var timeZone: TimeZone

  init(_ raw: RawArguments) throws(UsageError) {
    if let name = raw.value("input-format"), name != "auto" {
      guard let format = Importer.format(named: name) else {
        let names = Importer.formats.map(\.name)
        let suggestion = NearestWord.find(name, in: names).map { "did you mean '\($0)'? " } ?? ""
        throw UsageError(
          message: "unknown input format '\(name)' (\(suggestion)formats: \(names.joined(separator: ", ")))",
          command: raw.command)
      }
      self.format = format
    }
    importOptions = ImportOptions(me: raw.all("me"), chat: raw.value("chat"))
    importOptions.likelyMe = raw.configuredMe
    importOptions.attachmentsFolder = raw.value("attachments")
    importOptions.namesFile = raw.value("names")
    timeZone = .current
    if let zone = raw.value("timezone") {
      guard let parsed = TimeZoneName.parse(zone) else {
        throw UsageError(
          message: "unknown time zone '\(zone)' (use a name such as Europe/Paris, or UTC+02:00)", command: raw.command)
      }
      timeZone = parsed
    }
    filter = TranscriptFilter(redact: raw.has("redact"), timeZone: timeZone)
    for (flag, keyPath) in [("from", \TranscriptFilter.start), ("to", \TranscriptFilter.end)] {
      guard let text = raw.value(flag) else { continue }
      guard let bound = TranscriptFilter.parseBound(text, isEnd: flag == "to") else {
        throw UsageError(
          message: "invalid date '\(text)' for --\(flag) (expected YYYY-MM-DD, YYYY-MM or YYYY-MM-DDTHH:MM)",
          command: raw.command)
      }
      filter[keyPath: keyPath] = bound
    }
    if let last = raw.value("last") {
      guard let count = Int(last), count > 0 else {
        throw UsageError(
          message: "invalid count '\(last)' for --last (expected a positive whole number)", command: raw.command)
      }
      filter.last = count
    }
  }

  /// Reads and filters one input; warnings are appended.
  func read(_ path: String, chat: String? = nil, warnings: inout [Diagnostic]) throws -> Transcript {
    let input = try ImportInput.open(path)
    var options = importOptions
    if let chat { options.chat = chat }
    let transcript = try Importer.read(input, format: format, options: options, warnings: &warnings)
    return filter.isIdentity ? transcript : try filter.applyKeepingSome(to: transcript, path: input.path)
  }
}
