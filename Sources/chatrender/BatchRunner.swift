import ChatRender
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
      _exit(130)
    }
    interruptRequested.store(true, ordering: .relaxed)
  }
  // Ends at once, but like a second Ctrl-C leaves no half-written file.
  for signalNumber in [SIGTERM, SIGHUP] {
    handleUnlessIgnored(signalNumber) { received in
      ChatRenderer.deleteUnfinishedFiles()
      _exit(128 + received)
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
    var theme: Theme
    var export: ExportOptions
    var read: ReadOptions
    var jobs: Int
    var failFast: Bool
    /// Files found in folders that no format recognises are skipped with a note.
    var skipsUnknown: Bool
    var quiet: Bool
    var verbose: Bool
    /// `--evidence`: each file carries its source's hash.
    var evidence = false
  }

  private struct State {
    var next = 0
    var done = 0
    var written = 0
    var skipped = 0
    var failed: [(input: String, error: String)] = []
    var stop = false
    var lastDraw = 0.0
    /// Files a second, smoothed over the last few files so one slow file does not swing it.
    var rate: Double?
    var lastFinish: Date?
  }

  private let settings: Settings
  private let terminal: Terminal
  private let printer: DiagnosticPrinter
  private let state = Mutex(State())
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

  /// A progress line on a terminal, for a batch: a single file shows nothing.
  private var showsProgress: Bool { terminal.stderrIsTTY && !settings.quiet && total > 1 }
  private let total: Int

  /// Runs `jobs`; returns the exit status.
  func run(_ jobs: [RenderJob]) -> ExitStatus {
    let workers = max(1, min(settings.jobs, jobs.count))
    // A second thread per PDF only helps while cores are left over for it.
    let coresLeft = 2 * workers <= ProcessInfo.processInfo.activeProcessorCount
    DispatchQueue.concurrentPerform(iterations: workers) { _ in work(jobs, coresLeft: coresLeft) }
    let (written, skipped, failed, stopped) = state.withLock { ($0.written, $0.skipped, $0.failed, $0.stop) }
    let seconds = Date().timeIntervalSince(Self.processStart)
    if showsProgress { Terminal.error("\r\u{1B}[K") }
    if !settings.quiet { warnAboutMissingGlyphs() }
    // One input's error is already printed above; a summary would only repeat it.
    if !settings.quiet && jobs.count > 1 {
      var summary = "chatrender: \(written) file\(written == 1 ? "" : "s") written"
      if skipped > 0 { summary += ", \(skipped) skipped" }
      if !failed.isEmpty { summary += ", \(failed.count) input\(failed.count == 1 ? "" : "s") failed" }
      summary += String(format: " in %.1f s", seconds)
      Terminal.error(summary + "\n")
      for failure in failed { Terminal.error("  failed: \(failure.error)\n") }
    }
    if interruptRequested.load(ordering: .relaxed) { return .interrupted }
    return failed.isEmpty && !stopped ? .success : .failure
  }

  private func work(_ jobs: [RenderJob], coresLeft: Bool) {
    var exporters: [OutputFormat: ChatRenderer] = [:]
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
      var failure: (any Error)?
      do {
        let evidence = try settings.evidence ? DocumentSummary.Evidence(hashingFileAt: job.input) : nil
        let transcript = try settings.read.read(job.input, chat: job.chat, warnings: &warnings)
        for (format, target) in job.outputs {
          let exporter = try exporters[format] ?? {
            var options = settings.export
            options.format = format
            options.writesPDFPagesConcurrently = options.writesPDFPagesConcurrently && coresLeft
            let made = try ChatRenderer(theme: settings.theme, options: options)
            exporters[format] = made
            return made
          }()
          exporter.options.evidence = evidence
          switch target {
          case .standardOutput:
            try exporter.writeToStandardOutput(transcript)
          case .file(let planned):
            let path = ChatFileName.fill(planned, with: transcript, timeZone: settings.read.timeZone)
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
              try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            written += try exporter.write(transcript, to: path)
          }
        }
      } catch {
        failure = error
      }
      report(job: job, warnings: warnings, written: written, failure: failure, total: jobs.count)
    }
  }

  private func report(job: RenderJob, warnings: [Diagnostic], written: [String], failure: (any Error)?, total: Int) {
    // A closed pipe on stdout ends quietly, as in ripgrep and bat: not a failure, no summary.
    let brokenPipe = (failure as? OutputError)?.reason.contains("broken pipe") == true
    let skips = job.fromFolder && settings.skipsUnknown && Self.isUnknownFormat(failure)
    let failure = brokenPipe || skips ? nil : failure
    let displayInput = job.input == "-" ? "<stdin>" : job.input
    var text = ""
    if skips && !settings.quiet {
      text += "chatrender: \(Terminal.escape(displayInput)): note: skipped: not a chat of a known format\n"
    }
    if !settings.quiet { for warning in warnings { text += printer.lines(for: warning) } }
    if let failure { text += printer.lines(for: failure, path: displayInput) }
    if settings.verbose && !settings.quiet {
      for path in written { text += "chatrender: wrote \(Terminal.escape(path))\n" }
    }
    state.withLock { state in
      let now = Date()
      let interval = max(now.timeIntervalSince(state.lastFinish ?? start), 0.001)
      state.rate = state.rate.map { 0.7 * $0 + 0.3 / interval } ?? 1 / interval
      state.lastFinish = now
      state.done += 1
      state.written += written.count
      if skips { state.skipped += 1 }
      if let failure {
        let first = printer.lines(for: failure, path: displayInput).split(separator: "\n").first.map(String.init) ?? ""
        state.failed.append((displayInput, first.replacingOccurrences(of: "chatrender: ", with: "")))
        if settings.failFast { state.stop = true }
      }
      if showsProgress { text = "\r\u{1B}[K" + text }
      if !text.isEmpty { Terminal.error(text) }
      if showsProgress { Terminal.error(progressLine(state, total: total)) }
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
    Terminal.error(
      "chatrender: \(terminal.yellow("warning:")) no installed font has \(shown.joined(separator: ", "))\(more); "
        + "they are drawn as boxes\n  note: install a font for them: sudo apt-get install \(packages)\n")
  }

  /// Whether `error` says only that no format recognised the input.
  private static func isUnknownFormat(_ error: (any Error)?) -> Bool {
    (error as? DiagnosticError)?.diagnostics.first?.hint == .chooseInputFormat
  }

  /// `[####------] 3/10 · 1 failed · 2.5 files/s · 3s left`, cut to the terminal's width so
  /// it never wraps (a wrapped line cannot be redrawn in place).
  private func progressLine(_ state: State, total: Int) -> String {
    // Finishes of all workers interleave: the smoothed gap between them is the run's rate.
    let runRate = state.rate ?? 0
    let left = runRate > 0 ? Double(total - state.done) / runRate : 0
    let barWidth = max(10, min(30, terminal.width - 60))
    let filled = total > 0 ? barWidth * state.done / total : barWidth
    var line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
    line += " \(state.done)/\(total)"
    if !state.failed.isEmpty { line += " · \(state.failed.count) failed" }
    line += String(format: " · %.1f files/s", runRate)
    if state.done < total { line += String(format: " · %.0fs left", left.rounded(.up)) }
    return String(line.prefix(terminal.width - 1))
  }
}
