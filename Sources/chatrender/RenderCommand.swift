import ChatRender
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
      _ = try ChatRenderer(theme: theme)
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
          throw UsageError(message: "unknown format '\(name)' (expected png, pdf or svg)", command: .render)
        }
        if !formats.contains(format) { formats.append(format) }
      }
    } else if let output = raw.value("output"), let format = OutputFormat(extensionOf: output) {
      formats = [format]
    }
    var export = ExportOptions(timeZone: read.timeZone)
    if let scale = raw.value("scale") {
      guard let value = Double(scale), value > 0, value <= 8 else {
        throw UsageError(message: "invalid scale '\(scale)' (expected a number from 0 to 8)", command: .render)
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
    var jobs = ProcessInfo.processInfo.activeProcessorCount
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
      stdoutIsTTY: terminal.stdoutIsTTY, command: .render)
    let runner = BatchRunner(
      settings: BatchRunner.Settings(
        theme: theme, export: export, read: read, jobs: jobs, failFast: raw.has("fail-fast"),
        quiet: raw.has("quiet"), verbose: raw.has("verbose"), evidence: raw.has("evidence")),
      terminal: terminal)
    installBatchInterruptHandler()
    return runner.run(plan.jobs)
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
      guard let width = Double(text), width >= 120, width <= 10000 else {
        throw UsageError(message: "invalid width '\(text)' (expected 120 to 10000 points)", command: .render)
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
        throw UsageError(message: "invalid colour '\(text)' (expected #RGB, #RRGGBB, #RRGGBBAA or rgba(r, g, b, a))", command: .render)
      }
      theme.canvas.background = color
    }
    if let text = raw.value("page-size") {
      guard let size = PageSize.parse(text) else {
        throw UsageError(message: "invalid page size '\(text)' (expected A4, A5, A3, Letter, Legal or WxH in mm, in or pt)", command: .render)
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

/// Paper sizes by name or dimensions.
enum PageSize {
  static func parse(_ text: String) -> Size? {
    switch text.lowercased() {
    case "a3": return Size(width: 841.8898, height: 1190.5512)
    case "a4": return Size(width: 595.2756, height: 841.8898)
    case "a5": return Size(width: 419.5276, height: 595.2756)
    case "letter": return Size(width: 612, height: 792)
    case "legal": return Size(width: 612, height: 1008)
    default: break
    }
    let lowered = text.lowercased()
    var unit = 1.0
    var body = Substring(lowered)
    for (suffix, factor) in [("mm", 72 / 25.4), ("in", 72.0), ("pt", 1.0)] where lowered.hasSuffix(suffix) {
      unit = factor
      body = body.dropLast(2)
    }
    let parts = body.split(separator: "x")
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width * unit >= 72, height * unit >= 72, width * unit <= 14400, height * unit <= 14400
    else { return nil }
    return Size(width: width * unit, height: height * unit)
  }
}
