@_spi(Pages) import ChatRender
import Foundation

/// `chatrender render`: validates everything, plans the outputs, then runs the batch.
enum RenderCommand {
  static func run(_ raw: RawArguments, terminal: Terminal) throws -> ExitStatus {
    var read = ReadOptions(raw)
    var warnings: [Diagnostic] = []
    var theme: Theme
    let printer = DiagnosticPrinter(terminal: terminal)
    do {
      theme = try ThemeLoader.load(
        raw.value("theme").map { darkTwin(of: $0, dark: raw.has("dark")) } ?? "default", warnings: &warnings)
      // Reads the theme's background image now: a bad one fails before any input, not each.
      try theme.canvas.backgroundImage?.checkReadable()
    } catch {
      // Unknown keys ("did you mean …?") often explain the error: show them with it.
      for warning in warnings { Terminal.error(printer.lines(for: warning)) }
      throw ConfigurationError(error: error)
    }
    if !raw.has("quiet") { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
    let installedFonts = InstalledFonts.families()
    try FontFlag.checkSomeInstalled(installedFonts)
    let override = try overrides(raw, installed: installedFonts)
    override(&theme)
    // Without --theme (or the configuration's), each input is drawn in its app's look.
    let themesByName =
      raw.value("theme") != nil
      ? nil
      : Dictionary(
        ThemeLoader.builtins.map { builtin in
          var theme = builtin
          override(&theme)
          return (theme.name, theme)
        }, uniquingKeysWith: { first, _ in first })

    var formats: [OutputFormat] = [.png]
    let formatsGiven = raw.value("format") != nil
    if let list = raw.value("format") {
      formats = []
      for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
        if let format = OutputFormat(rawValue: name), !formats.contains(format) { formats.append(format) }
      }
    } else if let output = raw.value("output"), let format = OutputFormat(extensionOf: output) {
      formats = [format]
    }
    let export = try exportOptions(raw, read: read)
    // --redact's names and masks in the language of the words drawn.
    read.filter.words = export.dateText.locale.translation
    // 0, as make's -j and xargs -P, means every core.
    let jobs = raw.value("jobs").flatMap(Int.init).flatMap { $0 == 0 ? nil : $0 } ?? UsableCores.count
    var shard = raw.value("shard").flatMap(FlagValue.parseShard)
    if let count = raw.value("shard").flatMap(AutoShard.count(in:)) {
      let (index, note) = try AutoShard.resolve(count: count, environment: ProcessInfo.processInfo.environment)
      if !raw.has("quiet") { Terminal.error("chatrender: note: \(note)\n") }
      shard = (index, count)
    }
    let plan = try RenderPlan(
      inputs: raw.positional, output: raw.value("output"), formats: formats, formatsGiven: formatsGiven,
      recursive: raw.has("recursive"), include: raw.all("include"), shard: shard,
      stdoutIsTTY: terminal.stdoutIsTTY, command: .render, allChats: raw.has("all-chats"),
      nameTemplate: try nameTemplate(raw), redacts: raw.has("redact"))
    let runner = BatchRunner(
      settings: BatchRunner.Settings(
        theme: theme, themesByName: themesByName, dark: raw.has("dark"), export: export, read: read, jobs: jobs,
        failFast: raw.has("fail-fast"),
        noClobber: raw.has("no-clobber"),
        skipsUnknown: raw.has("skip-unknown") || raw.has("recursive"),
        quiet: raw.has("quiet"), verbose: raw.has("verbose"),
        evidenceFilters: raw.has("evidence") ? EvidenceManifest.filters(raw) : nil,
        warnings: raw.value("warnings").flatMap { BatchWarnings(rawValue: $0.lowercased()) }
          ?? (raw.has("quiet") ? .none : .summary),
        reportPath: raw.value("report")),
      terminal: terminal, total: plan.jobs.count)
    if !raw.has("quiet") {
      warnAboutIdleOptions(raw, plan: plan)
      if raw.has("evidence") && raw.has("redact") { Terminal.error(EvidenceManifest.redactionNote) }
    }
    installBatchInterruptHandler()
    return runner.run(plan.jobs)
  }

  /// The export options the flags ask for, shared by `render` and `serve` (whose requests
  /// carry the same flags).
  static func exportOptions(_ raw: RawArguments, read: ReadOptions) throws -> ExportOptions {
    let twoCores = UsableCores.count > 1
    // SOURCE_DATE_EPOCH asks for reproducible files: its date, and pages written on one thread.
    let sourceDate = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init)
    var export = ExportOptions(
      timeZone: read.timeZone, writesPDFPagesConcurrently: twoCores && sourceDate == nil,
      laysOutPDFConcurrently: twoCores)
    export.pictureDecoders = max(1, UsableCores.count - 1)
    export.raster.encoders = UsableCores.count
    export.creationDate = sourceDate.map { Date(timeIntervalSince1970: Double($0)) }
    export.highlights = try HighlightFlags.parse(raw)
    export.dateText = try dateText(raw)
    if let scale = raw.value("scale").flatMap(Double.init) { export.scale = scale }
    if let height = raw.value("max-height").flatMap(Int.init) { export.maxImageHeight = min(height, Limit.imageSide) }
    try applyDocumentFlags(raw, to: &export)
    return export
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
    // Subfolders are made inside -o DIR only: never one up.
    if template.split(separator: "/").contains("..") {
      throw UsageError(
        message: "--name '\(template)' leads out of the output folder; '..' is not allowed in --name",
        command: .render)
    }
    return template
  }

  /// `--locale` (else the environment's) and `--clock`.
  static func dateText(_ raw: RawArguments) throws(UsageError) -> DateTextStyle {
    var style = DateTextStyle()
    if let locale = raw.value("locale").flatMap(TextLocale.named) {
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
    switch raw.value("clock")?.lowercased() {
    case "12", "12h": style.clock = .twelveHour
    case "24", "24h": style.clock = .twentyFourHour
    default: break
    }
    return style
  }

  /// The options that shape one format only.
  private static let formatOnlyOptions: [(flag: String, formats: [OutputFormat])] = [
    ("page-size", [.pdf]), ("scale", [.png, .webp]), ("max-height", [.png, .webp]),
    ("page-height", [.png, .svg, .webp]),
  ]

  /// One line for each option given that none of the outputs uses (`--scale` with PDF).
  private static func warnAboutIdleOptions(_ raw: RawArguments, plan: RenderPlan) {
    let written = Set(plan.jobs.flatMap { $0.outputs.map(\.format) })
    let writtenNames = OutputFormat.allCases.filter(written.contains).map { $0.rawValue.uppercased() }
    for (flag, formats) in formatOnlyOptions where raw.value(flag) != nil && written.isDisjoint(with: formats) {
      let names = FlagValue.list(formats.map { $0.rawValue.uppercased() })
      Terminal.error(
        "chatrender: warning: --\(flag) applies to \(names) only; ignored for \(writtenNames.joined(separator: " and "))\n"
      )
    }
    if let shard = raw.value("shard"), plan.jobs.isEmpty {
      Terminal.error(
        "chatrender: warning: --shard \(shard) takes none of the \(plan.inputCount) inputs; nothing to do\n")
    }
  }

  /// `--page-height`, `--pdf-engine`, the split flags, `--evidence` (hashed per input by the batch).
  static func applyDocumentFlags(_ raw: RawArguments, to export: inout ExportOptions) throws(UsageError) {
    export.creator = Help.version
    export.pageHeight = raw.value("page-height").flatMap(Int.init)
    if let engine = raw.value("pdf-engine").flatMap({ PDFEngine(rawValue: $0.lowercased()) }) {
      export.pdfEngine = engine
    }
    let splits = ["split-by", "split-every", "split-size"].filter { raw.value($0) != nil }
    guard let flag = splits.first else { return }
    if splits.count > 1 {
      throw UsageError(message: "--\(splits[0]) and --\(splits[1]) cut the chat two ways; give one", command: .render)
    }
    if raw.value("output") == "-" {
      throw UsageError(message: "--\(flag) writes several files; give -o FILE or DIR, not '-'", command: .render)
    }
    export.splitBy = split(raw)
  }

  /// The cut the split flag asks for (checked by its row already).
  private static func split(_ raw: RawArguments) -> TranscriptSplit? {
    if let period = raw.value("split-by").flatMap({ TranscriptPeriod(rawValue: $0.lowercased()) }) {
      return .period(period)
    }
    if let count = raw.value("split-every").flatMap(Int.init) { return .messages(count) }
    return raw.value("split-size").flatMap(TranscriptSplit.parseSize).map(TranscriptSplit.bytes)
  }

  /// A built-in theme's dark variant (`whatsapp-dark`) with `--dark`, when it has one.
  static func darkTwin(of name: String, dark: Bool) -> String {
    guard dark, let theme = ThemeLoader.builtin(named: name) else { return name }
    return ThemeLoader.builtin(named: theme.name + "-dark")?.name ?? name
  }

  /// Flags beat the theme file: `--width`, `--font`, `--background`, `--page-size`; checked
  /// once, applied to every theme the inputs may pick.
  static func overrides(_ raw: RawArguments, installed: [String]) throws -> (inout Theme) -> Void {
    let width = raw.value("width").flatMap(Double.init)
    let families = try raw.value("font").map { text in
      try FontFlag.families(text, installed: installed) { warning in
        if !raw.has("quiet") { Terminal.error("chatrender: warning: \(Terminal.escape(warning))\n") }
      }
    }
    let background = raw.value("background").flatMap(Color.init(parsing:))
    let size = raw.value("page-size").flatMap(PaperSize.parse)
    return { theme in
      if let width { theme.canvas.width = width }
      if let families { theme.font.families = families }
      if let background { theme.canvas.background = background }
      if let size {
        theme.page.width = size.width
        theme.page.height = size.height
      }
    }
  }
}

/// A theme that cannot be used (unreadable, invalid, or with an unreadable background image):
/// exit status 2, nothing attempted.
struct ConfigurationError: Error {
  var error: any Error
}
