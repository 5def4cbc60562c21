import Foundation
import Testing

/// Quiet batches and machine-readable results (issue 42): a batch of chats that each warn
/// alike prints one line per input and a summary; `--report` writes what became of each.
@Suite("quiet batches")
struct QuietBatchTests {
  static let python = TestPaths.tool("python3")
  /// Whether python3 can validate JSON schemas (Debian's python3-jsonschema).
  static let validates: Bool = {
    guard let python = python, let sandbox = try? Sandbox() else { return false }
    return (try? sandbox.run(python, ["-c", "import jsonschema"]))?.status == 0
  }()

  /// `count` group chats of three people, none of them "me".
  func groupChats(_ count: Int) throws -> Sandbox {
    let sandbox = try Sandbox()
    for index in 1...count {
      try sandbox.write(
        "[2025-03-01 09:30] Ana: Morning \(index)\n[2025-03-01 09:31] Ben: Hi\n[2025-03-01 09:32] Kim: Hey\n",
        to: "in/group-\(index).chat")
    }
    return sandbox
  }

  @Test("50 group chats without --me: at most one line per input, and a summary counting the warnings")
  func oneLinePerInput() throws {
    let sandbox = try groupChats(50)
    let result = try sandbox.chatrender(["in", "-o", "out", "-j", "2"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardError.split(separator: "\n")
    for index in 1...50 {
      #expect(lines.filter { $0.contains("group-\(index).chat:") }.count == 1, "group-\(index)")
    }
    #expect(!lines.contains { $0.contains("note:") }, "\(result.standardError)")
    #expect(lines.count <= 52, "\(lines.count) lines")
    #expect(result.standardError.contains("50 warnings: 50 × cannot tell who is 'me'"), "\(result.standardError)")
  }

  @Test("--warnings none prints none; all prints each with its notes; -q alone prints none")
  func choices() throws {
    let sandbox = try groupChats(2)
    let none = try sandbox.chatrender(["in", "-o", "a", "--warnings", "none"])
    #expect(none.status == 0 && !none.standardError.contains("warning"), "\(none.standardError)")
    let all = try sandbox.chatrender(["in", "-o", "b", "--warnings", "all"])
    #expect(all.standardError.contains("note: participants:"), "\(all.standardError)")
    #expect(all.standardError.contains("2 warnings: 2 × cannot tell who is 'me'"), "\(all.standardError)")
    let quiet = try sandbox.chatrender(["in", "-o", "c", "-q"])
    #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
    let quietButWarned = try sandbox.chatrender(["in", "-o", "d", "-q", "--warnings", "summary"])
    #expect(quietButWarned.standardError.contains("cannot tell who is 'me'"), "\(quietButWarned.standardError)")
  }

  @Test(
    "--report: each input's outcome, outputs, count and warnings, valid against the schema we ship",
    .enabled(if: validates))
  func report() throws {
    let sandbox = try groupChats(3)
    try sandbox.write("not a chat at all {", to: "in/broken.json")
    let result = try sandbox.chatrender(["in", "-o", "out", "--report", "report.json", "--warnings", "none"])
    #expect(result.status == 1, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(sandbox.bytes("report.json"))) as? [String: Any])
    let inputs = try #require(report["inputs"] as? [[String: Any]])
    #expect(inputs.count == 4)
    let group = try #require(inputs.first { ($0["input"] as? String)?.hasSuffix("group-1.chat") == true })
    #expect(group["outcome"] as? String == "written")
    #expect(group["messages"] as? Int == 3)
    #expect((group["outputs"] as? [String])?.first?.hasSuffix("group-1.png") == true)
    #expect((group["warnings"] as? [[String: Any]])?.first?["kind"] as? String == "cannot tell who is '…'")
    let broken = try #require(inputs.first { ($0["input"] as? String)?.hasSuffix("broken.json") == true })
    #expect(broken["outcome"] as? String == "failed" && broken["error"] is String)
    let totals = try #require(report["totals"] as? [String: Any])
    #expect(totals["written"] as? Int == 3 && totals["failed"] as? Int == 1 && totals["warnings"] as? Int == 3)
    let schema = TestPaths.packageRoot.appendingPathComponent("docs/report.schema.json").path
    let check = try sandbox.run(
      try #require(Self.python),
      [
        "-c",
        "import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
        "report.json", schema,
      ])
    #expect(check.status == 0, "\(check.standardError)")
  }
}
