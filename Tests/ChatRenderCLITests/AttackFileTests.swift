import Foundation
import Testing

/// The attack files of `Tests/Attacks/` (made by `make_attacks.py`, never stored): each case
/// runs `chatrender` in its own folder and must end as its entry says, leaving no temporary
/// file behind.
@Suite struct AttackFileTests {
  /// One entry of `cases.json`.
  struct AttackCase: Decodable, Sendable {
    var name: String
    var folder: String
    var args: [String]
    var env: [String: String]
    var status: Int32
    var stderr: [String]
    var notStderr: [String]
    var exists: [String]
    var absent: [String]
    /// Path to the hex of the bytes it must still hold.
    var unchanged: [String: String]
    var lacks: [String: [String]]
    var timeout: Double
  }

  @Test func everyAttackEndsAsItsCaseSays() async throws {
    let sandbox = try Sandbox()
    let script = TestPaths.packageRoot.appendingPathComponent("Tests/Attacks/make_attacks.py").path
    let made = try sandbox.run(try #require(TestPaths.tool("python3")), [script, sandbox.path])
    try #require(made.status == 0, "\(made.standardError)")
    let cases = try JSONDecoder().decode(
      [AttackCase].self, from: Data(contentsOf: sandbox.url.appendingPathComponent("cases.json")))
    let binary = try #require(TestPaths.chatrender)
    // Two at a time: the machines that run the tests have two cores.
    let problems = await withTaskGroup(of: [String].self) { group in
      var pending = cases[...]
      var found: [String] = []
      for _ in 0..<2 {
        if let next = pending.popFirst() { group.addTask { Self.problems(running: next, binary: binary) } }
      }
      for await problems in group {
        found += problems
        if let next = pending.popFirst() { group.addTask { Self.problems(running: next, binary: binary) } }
      }
      return found
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// What went otherwise than `attack` says.
  static func problems(running attack: AttackCase, binary: String) -> [String] {
    let folder = URL(fileURLWithPath: attack.folder)
    var command = Command(
      executable: binary, arguments: attack.args, directory: folder, standardInput: nil,
      environment: TestPaths.environment(adding: attack.env))
    command.timeout = attack.timeout
    guard let run = try? command.run() else { return ["\(attack.name): did not start"] }
    var problems: [String] = []
    func report(_ problem: String) { problems.append("\(attack.name): \(problem)\n\(run.standardError)") }
    if run.status == 128 + SIGKILL { report("killed after \(attack.timeout) s (a hang)") }
    if run.status != attack.status { report("exit status \(run.status), expected \(attack.status)") }
    for text in attack.stderr where !run.standardError.contains(text) { report("no '\(text)' on stderr") }
    for text in attack.notStderr where run.standardError.contains(text) { report("'\(text)' on stderr") }
    let files = FileManager.default
    for path in attack.exists where !files.fileExists(atPath: folder.appendingPathComponent(path).path) {
      report("\(path) was not written")
    }
    for path in attack.absent where files.fileExists(atPath: folder.appendingPathComponent(path).path) {
      report("\(path) exists")
    }
    for (path, hex) in attack.unchanged {
      let bytes = (try? Data(contentsOf: folder.appendingPathComponent(path))) ?? Data()
      if bytes.map({ String(format: "%02x", $0) }).joined() != hex { report("\(path) was changed") }
    }
    for (path, texts) in attack.lacks {
      let bytes = (try? Data(contentsOf: folder.appendingPathComponent(path))) ?? Data()
      for text in texts where bytes.range(of: Data(text.utf8)) != nil { report("\(path) holds '\(text)'") }
    }
    let leftovers = (files.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
      .filter { ($0 as NSString).lastPathComponent.contains(".tmp-") }
    if !leftovers.isEmpty { report("temporary files left: \(leftovers)") }
    return problems
  }
}
