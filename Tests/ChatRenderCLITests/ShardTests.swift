import Foundation
import Testing

/// `--shard auto/N` (docs/SERVE.md, "Batches past one machine"): the share's number from the
/// scheduler's variable, and the GNU parallel example of docs/SERVE.md run over a folder of
/// chats, every chat rendered exactly once.
@Suite struct ShardTests {
  static let chats = (1...7).map { "chat\($0)" }

  private func sandboxWithChats() throws -> Sandbox {
    let sandbox = try Sandbox()
    let chat = try String(contentsOfFile: TestPaths.sample("world.chat"), encoding: .utf8)
    for name in Self.chats { try sandbox.write(chat, to: "chats/\(name).chat") }
    return sandbox
  }

  @Test func theGNUParallelExampleRendersEveryChatOnce() throws {
    let parallel = try #require(TestPaths.tool("parallel"), "GNU parallel is needed: make test installs it")
    let binary = try #require(TestPaths.chatrender)
    let sandbox = try sandboxWithChats()
    // docs/SERVE.md: parallel -N0 -j4 chatrender render chats/ --recursive --shard auto/4 -o out/ ::: 1 2 3 4
    let run = try sandbox.run(
      parallel,
      [
        "-N0", "-j4", binary, "render", "chats/", "--recursive", "--shard", "auto/4", "-o", "out/", "--verbose",
        ":::", "1", "2", "3", "4",
      ])
    #expect(run.status == 0, "\(run.standardError)")
    let wrote = run.standardError.split(separator: "\n").filter { $0.hasPrefix("chatrender: wrote ") }
    #expect(wrote.count == Self.chats.count, "\(run.standardError)")
    for name in Self.chats {
      #expect(wrote.filter { $0.hasSuffix("/\(name).png") }.count == 1, "\(name) in \(wrote)")
    }
    let written = try FileManager.default.contentsOfDirectory(atPath: sandbox.path + "/out").sorted()
    #expect(written == Self.chats.map { "\($0).png" })
    for share in 1...4 {
      #expect(run.standardError.contains("share \(share) of 4 (PARALLEL_SEQ=\(share), GNU parallel)"))
    }
  }

  @Test(arguments: [
    (["JOB_COMPLETION_INDEX": "2"], "share 3 of 4 (JOB_COMPLETION_INDEX=2, a Kubernetes Indexed Job)"),
    (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4"], "share 2 of 4 (SLURM_ARRAY_TASK_ID=5, a Slurm array)"),
    (["SLURM_ARRAY_TASK_ID": "0", "PARALLEL_SEQ": "4"], "share 1 of 4 (SLURM_ARRAY_TASK_ID=0, a Slurm array)"),
  ])
  func autoTakesTheFirstSchedulerSet(environment: [String: String], note: String) throws {
    let sandbox = try sandboxWithChats()
    let run = try sandbox.chatrender(
      ["render", "chats", "--recursive", "--shard", "auto/4", "-o", "out/"],
      environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains(note), "\(run.standardError)")
  }

  @Test(arguments: [
    ([:], "takes its number from JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, PARALLEL_SEQ; none is set"),
    (["PARALLEL_SEQ": "5"], "PARALLEL_SEQ=5 is not a task from 1 to 4"),
    (["JOB_COMPLETION_INDEX": "x"], "JOB_COMPLETION_INDEX=x is not a task from 0 to 3"),
  ])
  func autoWithoutAUsableNumberIsAUsageError(environment: [String: String], message: String) throws {
    let sandbox = try sandboxWithChats()
    let run = try sandbox.chatrender(
      ["render", "chats", "--recursive", "--shard", "auto/4", "-o", "out/"], environment: environment)
    #expect(run.status == 2)
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/out"))
  }
}
