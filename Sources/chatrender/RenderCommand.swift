@_spi(Pages) import ChatRender
import Foundation

/// `chatrender render`: validates everything, plans the outputs, then runs the batch.
enum RenderCommand {
  static func run(_ raw: RawArguments, terminal: Terminal) throws -> ExitStatus {
    let read = try ReadOptions(raw)
    var warnings: [Diagnostic] = []
    var theme: Theme
    let printer = DiagnosticPrinter(terminal: terminal)
    do {
      theme = try ThemeLoader.load(raw.value("theme") ?? "default", warnings: &warnings)
      // Reads the theme's background image now: a bad one fails before any input, not each.
      try theme.canvas.backgroundImage?.checkReadable()
    } catch {
      // Unknown keys ("did you mean …?") often explain the error: show them with it.
      for warning in warnings { Terminal.error(printer.lines(for: warning)) }
      throw ConfigurationError(error: error)
    }
    if !raw.has("quiet") { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
    try applyOverrides(raw, to: &theme)

    var formats: [OutputFormat] = [.png]
    let formatsGiven = raw.value("format") != nil
    if let list = raw.value("format") {
      formats = []
      for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
        guard let format = OutputFormat(rawValue: name) else {
          let names = OutputFormat.allCases.map(\.rawValue)
          let suggestion = NearestWord.find(name, in: names).map { "did you mean '\($0)'? " } ?? ""
          throw UsageError(
            message: "unknown format '\(name)' (\(suggestion)expected \(names.joined(separator: ", ")))",
            command: .render)
        }
        if !formats.contains(format) { formats.append(format) }
      }
    } else if let output = raw.value("output"), let format = OutputFormat(extensionOf: output) {
      formats = [format]
    }
    let twoCores = UsableCores.count > 1
    // SOURCE_DATE_EPOCH asks for reproducible files: its date, and pages written on one thread.
    let sourceDate = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init)
    var export = ExportOptions(
      timeZone: read.timeZone, writesPDFPagesConcurrently: twoCores && sourceDate == nil,
      laysOutPDFConcurrently: twoCores)
    export.creationDate = sourceDate.map { Date(timeIntervalSince1970: Double($0)) }
    export.highlights = try HighlightFlags.parse(raw)
    export.dateText = try dateText(raw)
    if let scale = raw.value("scale") {
      guard let value = Double(scale), value > 0, value <= 8 else {
        throw UsageError(
          message: "invalid scale '\(scale)' (expected a number above 0 and at most 8)", command: .render)
      }
      export.scale = value
    }
    if let height = raw.value("max-height") {
      guard let value = Int(height), value >= 100 else {
        throw UsageError(message: "invalid --max-height '\(height)' (expected at least 100 pixels)", command: .render)
      }
      export.maxImageHeight = min(value, 32767)
    }
    try applyDocumentFlags(raw, to: &export)
    var jobs = UsableCores.count
    if let text = raw.value("jobs") {
      guard let value = Int(text), value >= 1 else {
        throw UsageError(message: "invalid --jobs '\(text)' (expected a positive whole number)", command: .render)
      }
      jobs = value
    }
    var shard: (Int, Int)?
    if let text = raw.value("shard") {
      let parts = text.split(separator: "/")
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
        (1...count).contains(index)
      else {
        throw UsageError(message: "invalid --shard '\(text)' (expected K/N with 1 ≤ K ≤ N)", command: .render)
      }
      shard = (index, count)
    }
    let plan = try RenderPlan(
      inputs: raw.positional, output: raw.value("output"), formats: formats, formatsGiven: formatsGiven,
      recursive: raw.has("recursive"), include: raw.all("include"), shard: shard,
      stdoutIsTTY: terminal.stdoutIsTTY, command: .render, allChats: raw.has("all-chats"),
      nameTemplate: try nameTemplate(raw))
    let runner = BatchRunner(
      settings: BatchRunner.Settings(
        theme: theme, export: export, read: read, jobs: jobs, failFast: raw.has("fail-fast"),
        skipsUnknown: raw.has("skip-unknown") || raw.has("recursive"),
        quiet: raw.has("quiet"), verbose: raw.has("verbose"),
        evidenceFilters: raw.has("evidence") ? EvidenceManifest.filters(raw) : nil),
      terminal: terminal, total: plan.jobs.count)
    if !raw.has("quiet") {
      warnAboutIdleOptions(raw, plan: plan)
      if raw.has("evidence") && raw.has("redact") { Terminal.error(EvidenceManifest.redactionNote) }
    }
    installBatchInterruptHandler()
    return runner.run(plan.jobs)
  }

  /// `--name`, checked for placeholders it does not know.
  private static func nameTemplate(_ raw: RawArguments) throws(UsageError) -> String? {
    guard let template = raw.value("name") else { return nil }
    if let unknown = ChatFileName.unknownPlaceholder(in: template) {
      throw UsageError(
        message:
          "unknown placeholder '\(unknown)' in --name (expected \(ChatFileName.placeholders.joined(separator: ", ")))",
        command: .render)
    }
    guard !template.isEmpty, !template.hasPrefix("/") else {
      throw UsageError(message: "--name needs a relative name, e.g. '{chat}'", command: .render)
    }
    return template
  }

  /// `--locale` (else the environment's) and `--clock`.
  private static func dateText(_ raw: RawArguments) throws(UsageError) -> DateTextStyle {
    var style = DateTextStyle()
    if let name = raw.value("locale") {
      guard let locale = TextLocale.named(name) else {
        throw UsageError(
          message: "unknown locale '\(name)' (expected a language and region, e.g. de_DE, ja_JP, pt_BR, zh_TW)",
          command: .render)
      }
      style.locale = locale
    } else {
      let (locale, ignored) = TextLocale.fromEnvironment(ProcessInfo.processInfo.environment)
      if let ignored, !raw.has("quiet") {
        Terminal.error(
          "chatrender: warning: \(ignored.variable)=\(Terminal.escape(ignored.value)) is not a locale chatrender "
            + "knows; writing in English (choose with --locale)\n")
      }
      style.locale = locale
    }
    if !style.locale.isTranslated, !raw.has("quiet") {
      Terminal.error(
        "chatrender: warning: no translation for \(style.locale.identifier) yet: its dates and numbers are used, "
          + "the words are English (translated: \(TextLocale.translatedLanguages.joined(separator: ", ")))\n")
    }
    switch raw.value("clock") {
    case nil: break
    case "12": style.clock = .twelveHour
    case "24": style.clock = .twentyFourHour
    case let other?:
      throw UsageError(message: "invalid --clock '\(other)' (expected 12 or 24)", command: .render)
    }
    return style
  }

  /// The options that shape one format only.
  private static let formatOnlyOptions: [(flag: String, format: OutputFormat)] = [
    ("page-size", .pdf), ("scale", .png), ("max-height", .png),
  ]

  /// One line for each option given that none of the outputs uses (`--scale` with PDF).
  private static func warnAboutIdleOptions(_ raw: RawArguments, plan: RenderPlan) {
    let written = Set(plan.jobs.flatMap { $0.outputs.map(\.format) })
    let writtenNames = OutputFormat.allCases.filter(written.contains).map { $0.rawValue.uppercased() }
    for (flag, format) in formatOnlyOptions where raw.value(flag) != nil && !written.contains(format) {
      Terminal.error(
        "chatrender: warning: --\(flag) applies to \(format.rawValue.uppercased()) only; "
          + "ignored for \(writtenNames.joined(separator: " and "))\n")
    }
  }

  /// `--page-height`, `--split-by`, `--evidence` (hashed per input by the batch).
  private static func applyDocumentFlags(_ raw: RawArguments, to export: inout ExportOptions) throws(UsageError) {
    export.creator = Help.version
    if let text = raw.value("page-height") {
      guard let value = Int(text), value >= 100, value <= 32767 else {
        throw UsageError(message: "invalid --page-height '\(text)' (expected 100 to 32767 pixels)", command: .render)
      }
      export.pageHeight = value
    }
    if let text = raw.value("split-by") {
      guard let period = TranscriptPeriod(rawValue: text.lowercased()) else {
        throw UsageError(message: "invalid --split-by '\(text)' (expected day, week or month)", command: .render)
      }
      if raw.value("output") == "-" {
        throw UsageError(message: "--split-by writes several files; give -o FILE or DIR, not '-'", command: .render)
      }
      export.splitBy = period
    }
  }

  /// Flags beat the theme file: `--width`, `--font`, `--background`, `--page-size`.
  private static func applyOverrides(_ raw: RawArguments, to theme: inout Theme) throws(UsageError) {
    if let text = raw.value("width") {
      let range = CanvasStyle.widthRange
      guard let width = Double(text), range.contains(width) else {
        throw UsageError(
          message: "invalid width '\(text)' (expected \(Int(range.lowerBound)) to \(Int(range.upperBound)) points)",
          command: .render)
      }
      theme.canvas.width = width
    }
    if let text = raw.value("font") {
      let families = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !families.isEmpty else { throw UsageError(message: "--font needs at least one family", command: .render) }
      theme.font.families = families
    }
    if let text = raw.value("background") {
      guard let color = Color(parsing: text) else {
        throw UsageError(
          message: "invalid color '\(text)' (expected #RGB, #RRGGBB, #RRGGBBAA or rgba(r, g, b, a))", command: .render)
      }
      theme.canvas.background = color
    }
    if let text = raw.value("page-size") {
      guard let size = PaperSize.parse(text) else {
        let names = PaperSize.all.map(\.name).joined(separator: ", ")
        throw UsageError(
          message: "invalid page size '\(text)' (expected \(names) or WxH in mm, in or pt)", command: .render)
      }
      theme.page.width = size.width
      theme.page.height = size.height
    }
  }
}

/// A theme that cannot be used (unreadable, invalid, or with an unreadable background image):
/// exit status 2, nothing attempted.
struct ConfigurationError: Error {
  var error: any Error
}
