@_spi(Pages) import ChatRender
import Foundation

/// Every flag's value, parsed once by its row of the flag table (`Flag.all`) from the command
/// line, the configuration file or a request's fields. Commands read these fields only.
struct CommandSettings: Sendable {
  var command: Command = .render
  /// The inputs (positional arguments).
  var inputs: [String] = []
  /// Names that are "me" when present, from the configuration file.
  var likelyMe: [String] = []

  // OUTPUT
  var output: String?
  var formats: [OutputFormat]?
  var scale: Double?
  var pageSize: PaperSize?
  var maxHeight: Int?
  var pageHeight: Int?
  var splitBy: TranscriptPeriod?
  var splitEvery: Int?
  var splitSize: Int?
  var evidence = false
  var pdfEngine: PDFEngine?
  var pdfStandard: PDFStandard?
  var noEmbedSource = false
  var name: String?
  var numbered = false
  var noClobber = false

  // INPUT
  var inputFormat: InputFormatChoice?
  var me: [String] = []
  var chat: String?
  var attachments: String?
  var names: String?
  var allChats = false
  var list = false
  var from: Given<LocalDateTime>?
  var to: Given<LocalDateTime>?
  var filter: Given<MessageFilter>?
  var last: Int?
  var redact = false
  var redactPictures: RedactedPictures?
  var timeZone: TimeZone?

  // APPEARANCE
  var locale: TextLocale?
  var clock: HourClock?
  var theme: String?
  var dark = false
  var width: Double?
  var font: String?
  var background: Color?

  // SPOTLIGHT
  var highlight: [String] = []
  var note: [String] = []
  var crop = false
  var context: Int?

  // BATCH
  var recursive = false
  var skipUnknown = false
  var include: [String] = []
  var jobs: Int?
  var shard: ShardChoice?
  var warnings: BatchWarnings?
  var report: String?
  var failFast = false

  // SERVER
  var bind: Listener.Address?
  var port: Int?
  var token: String?
  var maxUpload: Int?
  var queue: Int?
  var requestTimeout: Double?
  var requestMemory: Int?

  // OTHER
  var long = false
  var strict = false
  var quiet = false
  var verbose = false
  var color: String?
  var help = false
  var version = false
}

extension CommandSettings {
  /// The switches of `raw` only: they cannot be wrong, so help and the version are answered
  /// whatever the values say.
  init(switchesOf raw: RawArguments) {
    command = raw.command
    inputs = raw.positional
    likelyMe = raw.configuredMe
    for name in raw.switches.sorted() { _ = Flag.named(name)?.assign("", &self) }
  }

  /// Every value of `raw` parsed by its flag's row. A value from the configuration file is
  /// reported at its place in that file, without a usage line.
  ///
  /// - Throws: `UsageError` for a command-line value, `ConfigurationError` for the file's.
  init(parsing raw: RawArguments) throws {
    self.init(switchesOf: raw)
    for (name, values) in raw.values.sorted(by: { $0.key < $1.key }) {
      guard let flag = Flag.named(name) else { continue }
      for text in values where !flag.assign(text, &self) {
        if let place = raw.configured[name] {
          let message = flag.values.refusal(of: text, spelled: "'\(place.key)'")
          throw ConfigurationError(error: DiagnosticError(.error(message, at: place.location)))
        }
        throw UsageError(message: flag.values.refusal(of: text, spelled: "--\(name)"), command: raw.command)
      }
    }
  }
}
