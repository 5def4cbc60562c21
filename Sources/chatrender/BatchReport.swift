@_spi(Pages) import ChatRender
import Foundation

/// One input as the batch ended it: the batch's summary, its exit status and `--report` are
/// made from these.
struct InputOutcome: Sendable {
  /// Its place among the inputs as given, which the report keeps.
  var order: Int
  var input: String
  /// The chat taken from an export of several (`--all-chats`).
  var chat: String?
  var outcome: Outcome
  var outputs: [String]
  /// Messages read (after the filters); nil when the input could not be read.
  var messages: Int?
  var warnings: [Diagnostic]
  /// Why it failed, in one line (`DiagnosticPrinter.summary`).
  var error: String?

  /// `written`, `failed` or `skipped`, as the report says.
  var reportWord: String {
    switch outcome {
    case .done: "written"
    case .skipped: "skipped"
    case .failed, .usageError, .interrupted: "failed"
    }
  }
}

/// `--report FILE.json` (issue 42): each input's outcome, outputs, counts and warnings, for CI
/// and scripts; `docs/report.schema.json` describes it and a test holds it to that.
struct BatchReport: Sendable {
  var entries: [InputOutcome] = []

  /// The report as JSON: a version, totals, and the inputs in the order given.
  func json(seconds: Double) -> [UInt8] {
    let sorted = entries.sorted { $0.order < $1.order }
    var kinds: [String: Int] = [:]
    for entry in sorted {
      for warning in entry.warnings { kinds[BatchWarnings.kind(of: warning), default: 0] += 1 }
    }
    let root: [String: Any] = [
      "version": 1,
      "totals": [
        "inputs": sorted.count,
        "written": sorted.filter { $0.reportWord == "written" }.count,
        "failed": sorted.filter { $0.reportWord == "failed" }.count,
        "skipped": sorted.filter { $0.reportWord == "skipped" }.count,
        "files": sorted.reduce(0) { $0 + $1.outputs.count },
        "warnings": kinds.values.reduce(0, +),
        "warningKinds": kinds,
        "seconds": (seconds * 10).rounded() / 10,
      ],
      "inputs": sorted.map(Self.object),
    ]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return Array(data) + [0x0A]
  }

  private static func object(_ entry: InputOutcome) -> [String: Any] {
    var object: [String: Any] = [
      "input": entry.input, "outcome": entry.reportWord, "outputs": entry.outputs,
      "warnings": entry.warnings.map { warning -> [String: Any] in
        var item: [String: Any] = ["kind": BatchWarnings.kind(of: warning), "message": warning.message]
        if let location = warning.location?.description { item["location"] = location }
        if !warning.notes.isEmpty { item["notes"] = warning.notes }
        return item
      },
    ]
    if let chat = entry.chat { object["chat"] = chat }
    if let messages = entry.messages { object["messages"] = messages }
    if let error = entry.error { object["error"] = error }
    return object
  }
}
