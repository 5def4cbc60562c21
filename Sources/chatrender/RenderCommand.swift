@_spi(Pages) import ChatRender
import Foundation

/// `chatrender render`: validates everything, plans the outputs, then runs the batch.
enum RenderCommand {
  static func run(_ settings: CommandSettings, terminal: Terminal) throws -> Outcome {
    var read = ReadOptions(settings)
    var warnings: [Diagnostic] = []
    var theme: Theme
    let printer = DiagnosticPrinter(terminal: terminal)
    do {
      theme = try ThemeLoader.load(
        settings.theme.map { darkTwin(of: $0, dark: settings.dark) } ?? "default", warnings: &warnings)
      // Reads the theme's background image now: a bad one fails before any input, not each.
      try theme.canvas.backgroundImage?.checkReadable()
    } catch {
      // Unknown keys ("did you mean …?") often explain the error: show them with it.
      for warning in warnings { Terminal.error(printer.lines(for: warning)) }
      throw ConfigurationError(error: error)
    }
    if !settings.quiet { for warning in warnings { Terminal.error(printer.lines(for: warning)) } }
    let installedFonts = InstalledFonts.families()
    try FontFlag.checkSomeInstalled(installedFonts)
    let override = try overrides(settings, installed: installedFonts)
    override(&theme)
    // Without --theme (or the configuration's), each input is drawn in its app's look.
    let themesByName =
      settings.theme != nil
      ? nil
      : Dictionary(
        ThemeLoader.builtins.map { builtin in
          var theme = builtin
          override(&theme)
          return (theme.name, theme)
        }, uniquingKeysWith: { first, _ in first })

    let formats = settings.formats ?? [settings.output.flatMap(OutputFormat.init(extensionOf:)) ?? .png]
    let export = try exportOptions(settings, read: read)
    // --redact's names and masks in the language of the words drawn.
    read.filter.words = export.dateText.locale.translation
    let plan = try RenderPlan(
      inputs: settings.inputs, output: settings.output, formats: formats, formatsGiven: settings.formats != nil,
      recursive: settings.recursive, include: settings.include, shard: try shard(settings),
      stdoutIsTTY: terminal.stdoutIsTTY, command: .render, allChats: settings.allChats,
      nameTemplate: try nameTemplate(settings), redacts: settings.redact)
    let runner = BatchRunner(
      settings: BatchRunner.Settings(
        theme: theme, themesByName: themesByName, dark: settings.dark, export: export, read: read,
        jobs: settings.jobs ?? UsableCores.count,
        failFast: settings.failFast,
        noClobber: settings.noClobber,
        skipsUnknown: settings.skipUnknown || settings.recursive,
        quiet: settings.quiet, verbose: settings.verbose,
        evidenceFilters: settings.evidence ? EvidenceManifest.filters(settings) : nil,
        warnings: settings.warnings ?? (settings.quiet ? .none : .summary),
        reportPath: settings.report, followsExportLanguage: settings.locale == nil),
      terminal: terminal, total: plan.jobs.count)
    if !settings.quiet {
      warnAboutIdleOptions(settings, plan: plan)
      if settings.evidence && settings.redact { Terminal.error(EvidenceManifest.redactionNote) }
    }
    installBatchInterruptHandler()
    return runner.run(plan.jobs)
  }

  /// `--shard K/N`, or `auto/N` with K from the scheduler's variable (said unless quiet).
  private static func shard(_ settings: CommandSettings) throws -> (index: Int, count: Int)? {
    switch settings.shard {
    case nil: return nil
    case .fixed(let index, let count): return (index, count)
    case .auto(let count):
      let (index, note) = try AutoShard.resolve(count: count, environment: ProcessInfo.processInfo.environment)
      if !settings.quiet { Terminal.error("chatrender: note: \(note)\n") }
      return (index, count)
    }
  }

  /// The export options the flags ask for, shared by `render` and `serve` (whose requests
  /// carry the same flags).
  static func exportOptions(_ settings: CommandSettings, read: ReadOptions) throws -> ExportOptions {
    let twoCores = UsableCores.count > 1
    // SOURCE_DATE_EPOCH asks for reproducible files: its date, and pages written on one thread.
    let sourceDate = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init)
    var export = ExportOptions(
      timeZone: read.timeZone, writesPDFPagesConcurrently: twoCores && sourceDate == nil,
      laysOutPDFConcurrently: twoCores)
    export.pictureDecoders = max(1, UsableCores.count - 1)
    export.raster.encoders = UsableCores.count
    export.creationDate = sourceDate.map { Date(timeIntervalSince1970: Double($0)) }
    export.highlights = try HighlightFlags.parse(settings)
    export.dateText = dateText(settings)
    if let scale = settings.scale { export.scale = scale }
    if let height = settings.maxHeight { export.maxImageHeight = min(height, Limit.imageSide) }
    try applyDocumentFlags(settings, to: &export)
    return export
  }

  /// `--name`, checked for placeholders it does not know.
  private static func nameTemplate(_ settings: CommandSettings) throws(UsageError) -> String? {
    guard let template = settings.name else { return nil }
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
  static func dateText(_ settings: CommandSettings) -> DateTextStyle {
    var style = DateTextStyle()
    if let locale = settings.locale {
      style.locale = locale
    } else {
      let (locale, ignored) = TextLocale.fromEnvironment(ProcessInfo.processInfo.environment)
      if let ignored, !settings.quiet {
        Terminal.error(
          "chatrender: warning: \(ignored.variable)=\(Terminal.escape(ignored.value)) is not a locale chatrender "
            + "knows; writing in English (choose with --locale)\n")
      }
      style.locale = locale
    }
    if !style.locale.isTranslated, !settings.quiet {
      Terminal.error(
        "chatrender: warning: no translation for \(style.locale.identifier) yet: its dates and numbers are used, "
          + "the words are English (translated: \(TextLocale.translatedLanguages.joined(separator: ", ")))\n")
    }
    style.clock = settings.clock
    return style
  }

  /// The options that shape one format only.
  private static let formatOnlyOptions:
    [(flag: String, given: @Sendable (CommandSettings) -> Bool, formats: [OutputFormat])] = [
      ("page-size", { $0.pageSize != nil }, [.pdf]), ("scale", { $0.scale != nil }, [.png, .webp]),
      ("max-height", { $0.maxHeight != nil }, [.png, .webp]),
      ("page-height", { $0.pageHeight != nil }, [.png, .svg, .webp]),
    ]

  /// One line for each option given that none of the outputs uses (`--scale` with PDF).
  private static func warnAboutIdleOptions(_ settings: CommandSettings, plan: RenderPlan) {
    let written = Set(plan.jobs.flatMap { $0.outputs.map(\.format) })
    let writtenNames = OutputFormat.allCases.filter(written.contains).map { $0.rawValue.uppercased() }
    for (flag, given, formats) in formatOnlyOptions where given(settings) && written.isDisjoint(with: formats) {
      let names = FlagValue.list(formats.map { $0.rawValue.uppercased() })
      Terminal.error(
        "chatrender: warning: --\(flag) applies to \(names) only; ignored for \(writtenNames.joined(separator: " and "))\n"
      )
    }
    if let shard = settings.shard, plan.jobs.isEmpty {
      Terminal.error(
        "chatrender: warning: --shard \(shard) takes none of the \(plan.inputCount) inputs; nothing to do\n")
    }
  }

  /// `--page-height`, `--pdf-engine`, the split flags, `--evidence` (hashed per input by the batch).
  static func applyDocumentFlags(_ settings: CommandSettings, to export: inout ExportOptions) throws(UsageError) {
    export.creator = Help.version
    export.pageHeight = settings.pageHeight
    if let engine = settings.pdfEngine { export.pdfEngine = engine }
    export.pdfStandard = settings.pdfStandard
    export.embedsSource = !settings.noEmbedSource
    let splits: [(flag: String, split: TranscriptSplit)] = [
      settings.splitBy.map { ("split-by", .period($0)) }, settings.splitEvery.map { ("split-every", .messages($0)) },
      settings.splitSize.map { ("split-size", .bytes($0)) },
    ].compactMap { $0 }
    guard let first = splits.first else { return }
    if splits.count > 1 {
      throw UsageError(
        message: "--\(splits[0].flag) and --\(splits[1].flag) cut the chat two ways; give one", command: .render)
    }
    if settings.output == "-" {
      throw UsageError(message: "--\(first.flag) writes several files; give -o FILE or DIR, not '-'", command: .render)
    }
    export.splitBy = first.split
  }

  /// A built-in theme's dark variant (`whatsapp-dark`) with `--dark`, when it has one.
  static func darkTwin(of name: String, dark: Bool) -> String {
    guard dark, let theme = ThemeLoader.builtin(named: name) else { return name }
    return ThemeLoader.builtin(named: theme.name + "-dark")?.name ?? name
  }

  /// Flags beat the theme file: `--width`, `--font`, `--background`, `--page-size`; checked
  /// once, applied to every theme the inputs may pick.
  static func overrides(_ settings: CommandSettings, installed: [String]) throws -> (inout Theme) -> Void {
    let width = settings.width
    let families = try settings.font.map { text in
      try FontFlag.families(text, installed: installed) { warning in
        if !settings.quiet { Terminal.error("chatrender: warning: \(Terminal.escape(warning))\n") }
      }
    }
    let background = settings.background
    let size = settings.pageSize
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
