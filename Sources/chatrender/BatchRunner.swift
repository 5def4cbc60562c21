@_spi(Pages) import ChatRender
import Dispatch
import Foundation
import Synchronization

/// Set by SIGINT: workers finish their current file and take no more.
let interruptRequested = Atomic<Bool>(false)

/// Makes the first Ctrl-C stop the batch after the files being drawn, and the second, SIGTERM
/// or SIGHUP end the process at once, deleting the temporary files of those files. Only a
/// batch installs it: elsewhere Ctrl-C keeps its default, ending at once.
func installBatchInterruptHandler() {
  ChatRenderer.deleteUnfinishedFiles()  // sets up its state here, not first in a handler
  handleUnlessIgnored(SIGINT) { _ in
    if interruptRequested.load(ordering: .relaxed) {
      ChatRenderer.deleteUnfinishedFiles()
      _exit(Outcome.interrupted(signal: SIGINT).exitStatus)
    }
    interruptRequested.store(true, ordering: .relaxed)
    // write(2) only: a signal handler may not allocate.
    let message: StaticString =
      "\nchatrender: interrupted; finishing the files being drawn (Ctrl-C again stops at once)\n"
    _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
  }
  // Ends at once, but like a second Ctrl-C leaves no half-written file.
  for signalNumber in [SIGTERM, SIGHUP] {
    handleUnlessIgnored(signalNumber) { received in
      ChatRenderer.deleteUnfinishedFiles()
      _exit(Outcome.interrupted(signal: received).exitStatus)
    }
  }
}

/// Installs `handler` unless the signal was ignored when we started (`nohup`, a background
/// job of a script), which it stays.
private func handleUnlessIgnored(_ signalNumber: Int32, _ handler: @convention(c) (Int32) -> Void) {
  let previous = signal(signalNumber, handler)
  if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
    signal(signalNumber, SIG_IGN)
  }
}

/// Renders every job, in parallel, reporting progress and failures; one failure never stops
/// the others (unless `--fail-fast`).
final class BatchRunner: Sendable {
  struct Settings: Sendable {
    /// The theme of every input, or, when `themesByName` is set, of inputs of no app's format.
    var theme: Theme
    /// Without `--theme`: the built-in themes (flags applied) each input picks from by its
    /// format (`ThemeLoader.builtin(forFormat:dark:)`); nil when a theme was given.
    var themesByName: [String: Theme]? = nil
    /// `--dark` or `prefers: dark`: a family's dark variant where it has one.
    var dark = false
    var export: ExportOptions
    var read: ReadOptions
    var jobs: Int
    var failFast: Bool
    /// `--no-clobber`: an input whose output exists fails instead of replacing it.
    var noClobber = false
    /// Files found in folders that no format recognises are skipped with a note.
    var skipsUnknown: Bool
    var quiet: Bool
    var verbose: Bool
    /// `--evidence`: each file carries its source's hash and these filters; nil without it.
    var evidenceFilters: [String]?
    /// `--warnings`: how warnings are printed (none with `-q` unless given).
    var warnings = BatchWarnings.summary
    /// `--report FILE.json`: where each input's outcome is written at the end.
    var reportPath: String? = nil
    /// Neither `--locale` nor the configuration chose a language: an export whose reader knows
    /// its language for certain (a Korean KakaoTalk) is drawn in it.
    var followsExportLanguage = false

    /// The dates, times and words of `transcript`: in its export's language when it follows
    /// it, else the batch's.
    func dateText(for transcript: Transcript) -> DateTextStyle {
      var style = export.dateText
      if followsExportLanguage, let language = transcript.language, let locale = TextLocale.named(language) {
        style.locale = locale
      }
      return style
    }
  }

  private struct ExporterKey: Hashable {
    var format: OutputFormat
    var theme: String
  }

  private struct State {
    var next = 0
    var done = 0
    var stop = false
    var lastDraw = 0.0
    /// Files a second, smoothed over the last few files so one slow file does not swing it.
    var rate: Double?
    var lastFinish: Date?
    /// The files being rendered, by worker: their pages so far.
    var inFlight: [Int: PagesInFlight] = [:]
    /// Whether a progress line stands on the terminal, to be cleared before other output.
    var lineShown = false
    /// Warnings by kind: the first one's message and how many, for the summary.
    var warningKinds: [String: (example: String, count: Int)] = [:]
    /// Each input's outcome: the summary, the exit status and `--report` are made from them.
    var report = BatchReport()
  }

  /// A file being rendered: its pages so far and, for a PDF, how many it will have.
  private struct PagesInFlight {
    var name: String
    var started = Date()
    var done = 0
    var count: Int?
    /// A PDF's pages being laid out, before any is written.
    var isLayingOut = false
    var rate: Double { Double(done) / max(Date().timeIntervalSince(started), 0.001) }
  }

  private let settings: Settings
  private let terminal: Terminal
  private let printer: DiagnosticPrinter
  private let state = Mutex(State())
  /// Output paths this run has written or is writing: names filled in from what was read
  /// (`{chat}`) may meet, and the second gets " (2)".
  private let claimedPaths = Mutex<Set<String>>([])
  private let start = Date()
  /// When the process began: the summary's time is the whole run's, reading and checking
  /// included.
  static let processStart = Date()

  init(settings: Settings, terminal: Terminal, total: Int) {
    self.total = total
    self.settings = settings
    self.terminal = terminal
    self.printer = DiagnosticPrinter(terminal: terminal)
  }

  /// A progress line on a terminal, for a batch, or for one file once it has taken a while.
  private var mayShowProgress: Bool { terminal.stderrIsTTY && !settings.quiet }
  /// How long one file renders before its pages are shown: a quick file shows nothing.
  private static let singleFileQuietTime = 0.5
  /// The least time between two redraws of the line while pages are laid out.
  private static let redrawInterval = 0.1
  private let total: Int

  /// Runs `jobs`; returns the batch's outcome (its worst input's).
  func run(_ jobs: [RenderJob]) -> Outcome {
    let workers = max(1, min(settings.jobs, jobs.count))
    // A second thread per PDF only helps while cores are left over for it.
    let coresLeft = 2 * workers <= UsableCores.count
    let ordered = workers > 1 ? Self.largestFirst(jobs) : jobs
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      work(ordered, worker: worker, coresLeft: coresLeft)
    }
    let (outcomes, lineShown) = state.withLock { ($0.report.entries, $0.lineShown) }
    let written = outcomes.reduce(0) { $0 + $1.outputs.count }
    let failed = outcomes.filter { $0.error != nil }
    let seconds = Date().timeIntervalSince(Self.processStart)
    if lineShown { Terminal.error("\r\u{1B}[K") }
    if !settings.quiet { warnAboutMissingGlyphs() }
    if settings.warnings != .none && jobs.count > 1, let line = warningSummary() { Terminal.error(line) }
    if let path = settings.reportPath, !writeReport(to: path, inputs: jobs, seconds: seconds) { return .failed }
    // One input's error is already printed above; a summary would only repeat it.
    if !settings.quiet && jobs.count > 1 {
      var summary = "chatrender: \(written) file\(written == 1 ? "" : "s") written"
      let skipped = outcomes.filter { $0.outcome == .skipped }.count
      if skipped > 0 { summary += ", \(skipped) skipped" }
      if !failed.isEmpty { summary += ", \(failed.count) input\(failed.count == 1 ? "" : "s") failed" }
      summary += String(format: " in %.1f s", seconds)
      Terminal.error(summary + "\n")
      for failure in failed { Terminal.error("  failed: \(failure.error ?? "")\n") }
    }
    if interruptRequested.load(ordering: .relaxed) {
      let done = state.withLock { $0.done }
      if !settings.quiet {
        Terminal.error(
          "chatrender: interrupted: \(done) of \(jobs.count) input\(jobs.count == 1 ? "" : "s") done, \(written) file\(written == 1 ? "" : "s") written; the rest were not started\n"
        )
      }
      return .interrupted(signal: SIGINT)
    }
    return Outcome.combined(outcomes.map(\.outcome))
  }

  /// The biggest inputs first: a big file taken last would keep one worker busy while the
  /// others stand idle. Equal sizes keep the given order.
  static func largestFirst(_ jobs: [RenderJob]) -> [RenderJob] {
    // stat(2), not FileManager's attributes, which look up the owner's name in /etc/passwd.
    let sizes = jobs.map { job -> Int in
      var info = stat()
      return stat(job.input, &info) == 0 ? Int(info.st_size) : 0
    }
    let order = jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    return order.map { jobs[$0] }
  }

  private func work(_ jobs: [RenderJob], worker: Int, coresLeft: Bool) {
    // One renderer per output format and theme: a batch of mixed exports draws each in its look.
    var exporters: [ExporterKey: ChatRenderer] = [:]
    while true {
      let index: Int? = state.withLock { state in
        guard !state.stop, state.next < jobs.count else { return nil }
        defer { state.next += 1 }
        return state.next
      }
      guard let index, !interruptRequested.load(ordering: .relaxed) else { return }
      let job = jobs[index]
      var warnings: [Diagnostic] = []
      var written: [String] = []
      var notes: [String] = []
      var failure: (any Error)?
      var messages: Int?
      do {
        let (transcript, formatName, evidence) = try read(job, warnings: &warnings)
        messages = transcript.messages.count
        let theme = settings.theme(forFormat: formatName)
        FreedMemory.releaseAfterReading(transcript)
        if case .period = settings.export.splitBy, UndatedChatError.isUndated(transcript) {
          throw UndatedChatError(flags: "--split-by")
        }
        for (format, target) in job.outputs {
          let exporter =
            try exporters[ExporterKey(format: format, theme: theme.name)]
            ?? {
              var options = settings.export
              options.format = format
              options.writesPDFPagesConcurrently = options.writesPDFPagesConcurrently && coresLeft
              options.laysOutPDFConcurrently = options.laysOutPDFConcurrently && coresLeft
              if !coresLeft {
                options.pictureDecoders = 0
                options.raster.encoders = 1
              }
              let made = try ChatRenderer(theme: theme, options: options)
              exporters[ExporterKey(format: format, theme: theme.name)] = made
              return made
            }()
          exporter.options.dateText = settings.dateText(for: transcript)
          exporter.options.source = evidence.flatMap { EmbeddedSource.read(job.input, evidence: $0(".")) }
          exporter.options.evidence = evidence.map { EmbeddedSource.evidence($0("."), for: exporter.options) }
          exporter.onPage = { [self] progress in pageMade(progress, worker: worker, input: job.input) }
          switch target {
          case .standardOutput:
            try exporter.writeToStandardOutput(transcript)
          case .file(let planned):
            for (path, part) in outputs(planned, of: transcript, input: job.input, exporter: exporter) {
              let folder = PathFolder.of(path)
              if !folder.isEmpty {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
              }
              if settings.noClobber, let existing = OutputSeries.existing(path).first {
                throw FileError(path: existing, reason: "exists; not replaced (--no-clobber)")
              }
              exporter.options.evidence = evidence.map { EmbeddedSource.evidence($0(folder), for: exporter.options) }
              let files = try exporter.write(part, to: path)
              if let evidence = exporter.options.evidence {
                try EvidenceManifest.write(for: path, written: files, evidence: evidence)
              }
              written += files
              let stale = OutputSeries.removeStale(path, written: files)
              notes += Self.notes(writing: path, files: exporter.options.splitBy == nil ? files : [], stale: stale)
            }
          }
        }
      } catch {
        failure = error
      }
      // Pictures drawn as placeholders, told once however many formats drew them.
      for warning in exporters.values.flatMap({ $0.takeWarnings() }) where !warnings.contains(warning) {
        warnings.append(warning)
      }
      report(
        job: job, worker: worker, warnings: warnings, notes: notes, written: written, failure: failure,
        total: jobs.count, messages: messages)
    }
  }

  /// The files a planned output becomes, each with the chat it holds: one, or with
  /// `--split-by` and a name of dates (`{first}`), one per period named by its own dates (the
  /// exporter then splits no further). Each path is claimed for this run.
  private func outputs(_ planned: String, of transcript: Transcript, input: String, exporter: ChatRenderer)
    -> [(path: String, transcript: Transcript)]
  {
    let zone = settings.read.timeZone
    var parts = [transcript]
    if case .period(let period) = settings.export.splitBy,
      ChatFileName.datePlaceholders.contains(where: planned.contains)
    {
      parts = period.split(transcript, timeZone: zone).map(\.transcript)
      exporter.options.splitBy = nil
    } else {
      exporter.options.splitBy = settings.export.splitBy
    }
    let redacted = settings.read.filter.redact
    return parts.map { part in
      (claim(ChatFileName.fill(planned, with: part, input: input, timeZone: zone, redacted: redacted)), part)
    }
  }

  /// `path`, or `path (2)`… when this run already writes it.
  private func claim(_ path: String) -> String {
    claimedPaths.withLock { claimed in
      var candidate = path
      var number = 1
      while claimed.contains(candidate) {
        number += 1
        let url = URL(fileURLWithPath: path)
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        candidate = String(path.dropLast(suffix.count)) + " (\(number))" + suffix
      }
      claimed.insert(candidate)
      return candidate
    }
  }

  /// What a user would not expect from one output, each with its label ("note: ",
  /// "warning: "): several images for one name, the files of an earlier run that this one
  /// replaced, and files named like them that were left.
  private static func notes(writing path: String, files: [String], stale: OutputSeries.Cleanup) -> [String] {
    var notes: [String] = []
    if files.count > 1, let first = files.first, let last = files.last {
      let name = { (file: String) in (file as NSString).lastPathComponent }
      notes.append("note: \(path): the chat became \(files.count) files, \(name(first)) … \(name(last))")
    }
    if !stale.removed.isEmpty {
      notes.append("note: \(path): removed \(stale.removed.joined(separator: ", ")), left by an earlier run")
    }
    for file in stale.left {
      notes.append(
        "warning: \(path): left \(file): no record shows chatrender wrote it as it is now, so it is not removed")
    }
    return notes
  }

  /// The job's chat, with its evidence under `--evidence` (made for an output's folder).
  private func read(_ job: RenderJob, warnings: inout [Diagnostic]) throws
    -> (Transcript, format: String, ((String) -> DocumentSummary.Evidence)?)
  {
    guard let filters = settings.evidenceFilters else {
      let (transcript, format) = try settings.read.readNamingFormat(job.input, chat: job.chat, warnings: &warnings)
      return (transcript, format, nil)
    }
    let (transcript, format, evidence) = try settings.read.readWithEvidence(
      job.input, chat: job.chat, filters: filters, warnings: &warnings)
    return (transcript, format, evidence)
  }

  /// Notes a page of a file being rendered and redraws the line now and then: a batch's at
  /// once, one file's after it has taken a while.
  private func pageMade(_ progress: PageProgress, worker: Int, input: String) {
    guard mayShowProgress else { return }
    state.withLock { state in
      var file =
        state.inFlight[worker]
        ?? PagesInFlight(name: input == "-" ? "<stdin>" : (input as NSString).lastPathComponent)
      if file.isLayingOut && !progress.isLayingOut { file.started = Date() }  // writing begins
      file.done = progress.pages
      file.count = progress.count
      file.isLayingOut = progress.isLayingOut
      state.inFlight[worker] = file
      let now = Date().timeIntervalSince(start)
      guard total > 1 || now > Self.singleFileQuietTime, now - state.lastDraw >= Self.redrawInterval else { return }
      state.lastDraw = now
      state.lineShown = true
      Terminal.error("\r\u{1B}[K" + progressLine(state, total: total))
    }
  }

  private func report(
    job: RenderJob, worker: Int, warnings: [Diagnostic], notes: [String], written: [String], failure: (any Error)?,
    total: Int, messages: Int?
  ) {
    // A closed pipe on stdout ends quietly, as in ripgrep and bat: not a failure, no summary.
    let brokenPipe = (failure as? FileError)?.errorNumber == EPIPE
    let skips = job.fromFolder && settings.skipsUnknown && Self.isUnknownFormat(failure)
    let failure = brokenPipe || skips ? nil : failure
    let displayInput = job.input == "-" ? "<stdin>" : job.input
    var text = ""
    if skips && !settings.quiet {
      text += "chatrender: \(Terminal.escape(displayInput)): note: skipped: not a chat of a known format\n"
    }
    text += warningLines(warnings, total: total)
    if let failure { text += printer.lines(for: failure, path: displayInput) }
    // One input's files are named, so nobody guesses where they went; a batch's with -v.
    if !settings.quiet && (settings.verbose || total == 1) {
      for path in written { text += "chatrender: wrote \(Terminal.escape(path))\n" }
    }
    if !settings.quiet { for note in notes { text += "chatrender: \(Terminal.escape(note))\n" } }
    let outcome: Outcome =
      skips ? .skipped : failure == nil ? .done : failure is UndatedChatError ? .usageError : .failed
    state.withLock { state in
      let now = Date()
      let interval = max(now.timeIntervalSince(state.lastFinish ?? start), 0.001)
      state.rate = state.rate.map { 0.7 * $0 + 0.3 / interval } ?? 1 / interval
      state.lastFinish = now
      state.inFlight[worker] = nil
      state.done += 1
      if failure != nil && settings.failFast { state.stop = true }
      for group in BatchWarnings.grouped(warnings) {
        let example = state.warningKinds[group.kind]?.example ?? Self.shortMessage(group.first)
        state.warningKinds[group.kind] = (example, (state.warningKinds[group.kind]?.count ?? 0) + group.count)
      }
      state.report.entries.append(
        InputOutcome(
          order: state.report.entries.count, input: displayInput, chat: job.chat, outcome: outcome, outputs: written,
          messages: messages, warnings: warnings,
          error: failure.map { DiagnosticPrinter.summary(of: $0, path: displayInput) }))
      if state.lineShown { text = "\r\u{1B}[K" + text }
      if !text.isEmpty { Terminal.error(text) }
      if mayShowProgress && total > 1 {
        state.lineShown = true
        Terminal.error(progressLine(state, total: total))
      }
    }
  }

  /// The lines `warnings` of one input print (`--warnings`): every one with its notes, or in a
  /// batch one line per kind, the first of it and how many.
  private func warningLines(_ warnings: [Diagnostic], total: Int) -> String {
    switch settings.warnings {
    case .none: return ""
    case .all: return warnings.map { printer.lines(for: $0) }.joined()
    case .summary:
      guard total > 1 else { return warnings.map { printer.lines(for: $0) }.joined() }
      return BatchWarnings.grouped(warnings).map { group in
        var line = group.first
        (line.notes, line.hint) = ([], nil)
        if group.count > 1 { line.message += " (\(group.count) times)" }
        return printer.lines(for: line)
      }.joined()
    }
  }

  /// A warning's message up to its first `;`: what the summary shows of its kind.
  private static func shortMessage(_ warning: Diagnostic) -> String {
    warning.message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? warning.message
  }

  /// "chatrender: 57 warnings: 50 × cannot tell who is 'me', 7 × …", or nil without any.
  private func warningSummary() -> String? {
    let kinds = state.withLock { $0.warningKinds }
    let total = kinds.values.reduce(0) { $0 + $1.count }
    guard total > 0 else { return nil }
    let shown = kinds.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.example < $1.example }
      .map { "\($0.count) × \(Terminal.escape($0.example))" }
    let more = settings.warnings == .summary ? " (--warnings all shows each)" : ""
    return "chatrender: \(terminal.yellow("\(total) warning\(total == 1 ? "" : "s"):")) "
      + shown.joined(separator: ", ") + more + "\n"
  }

  /// Writes `--report`; false, with the error printed, when it cannot be written.
  private func writeReport(to path: String, inputs: [RenderJob], seconds: Double) -> Bool {
    var report = state.withLock { $0.report }
    let order = Dictionary(inputs.enumerated().map { ($1.input == "-" ? "<stdin>" : $1.input, $0) }) { first, _ in first
    }
    for index in report.entries.indices { report.entries[index].order = order[report.entries[index].input] ?? index }
    do {
      try OutputSink.write(report.json(seconds: seconds), to: path)
      return true
    } catch {
      Terminal.error(printer.lines(for: error, path: path))
      return false
    }
  }

  /// One warning for the whole run naming the characters no font could draw.
  private func warnAboutMissingGlyphs() {
    let missing = MissingGlyphs.take()
    guard !missing.isEmpty else { return }
    let shown = missing.prefix(8).map { scalar in
      "\(Character(scalar)) (U+\(String(scalar.value, radix: 16, uppercase: true)))"
    }
    let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
    let packages = MissingGlyphs.fontPackages(for: missing).joined(separator: " ")
    let note =
      packages.isEmpty
      ? "they are private-use characters, which only the app that wrote them can draw"
      : "install a font for them: sudo apt-get install \(packages)"
    Terminal.error(
      "chatrender: \(terminal.yellow("warning:")) no installed font has \(shown.joined(separator: ", "))\(more); "
        + "they are drawn as boxes\n  note: \(note)\n")
  }

  /// Whether `error` says only that no format recognised the input.
  private static func isUnknownFormat(_ error: (any Error)?) -> Bool {
    (error as? DiagnosticError)?.diagnostics.first?.hint == .chooseInputFormat
  }

  /// `[####------] 3/10 · 1 failed · 2.5 files/s · 3s left · big.json page 40/700`, or for
  /// one file `big.json [####------] page 40/700 · 45 pages/s · 15s left`; cut to the
  /// terminal's width so it never wraps (a wrapped line cannot be redrawn in place).
  private func progressLine(_ state: State, total: Int) -> String {
    let line = total == 1 ? state.inFlight.values.first.map(pagesLine) ?? "" : filesLine(state, total: total)
    return String(line.prefix(terminal.width - 1))
  }

  private func filesLine(_ state: State, total: Int) -> String {
    // Finishes of all workers interleave: the smoothed gap between them is the run's rate.
    let runRate = state.rate ?? 0
    let left = runRate > 0 ? Double(total - state.done) / runRate : 0
    var line = bar(state.done, of: total) + " \(state.done)/\(total)"
    let failed = state.report.entries.filter { $0.error != nil }.count
    if failed > 0 { line += " · \(failed) failed" }
    line += String(format: " · %.1f files/s", runRate)
    if state.done < total { line += String(format: " · %.0fs left", left.rounded(.up)) }
    // The file in flight with the most pages is the one worth watching.
    if let file = state.inFlight.values.max(by: { $0.done < $1.done }), file.done > 1 {
      let doing = file.isLayingOut ? "laying out page" : "page"
      line += " · \(file.name) \(doing) \(file.done)" + (file.count.map { "/\($0)" } ?? "")
    }
    return line
  }

  private func pagesLine(_ file: PagesInFlight) -> String {
    let rate = file.rate
    guard let count = file.count, count > 0 else {
      let doing = file.isLayingOut ? " laying out page" : " page"
      return file.name + doing + String(format: " \(file.done) · %.1f pages/s", rate)
    }
    let left = rate > 0 ? Double(count - file.done) / rate : 0
    return file.name + " " + bar(file.done, of: count) + " page \(file.done)/\(count)"
      + String(format: " · %.1f pages/s · %.0fs left", rate, left.rounded(.up))
  }

  /// `[####------]`, as wide as the terminal leaves room for.
  private func bar(_ done: Int, of total: Int) -> String {
    let width = max(10, min(30, terminal.width - 60))
    let filled = total > 0 ? width * min(done, total) / total : width
    return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
  }
}

extension BatchRunner.Settings {
  /// The theme an input read as `format` is drawn in: the one given, or its app's look.
  func theme(forFormat format: String) -> Theme {
    guard let themesByName else { return theme }
    return themesByName[FormatThemes.themeName(forFormat: format, dark: dark)] ?? theme
  }
}
