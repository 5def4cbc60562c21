import Foundation
import Testing

/// Several inputs: folders, failures, collisions, shards, filters and what is printed.
@Suite("batch")
struct BatchTests {
  static func chat(_ text: String) -> String { "me: Sam\n\n> \(text)\n< reply to \(text)\n" }
  static let broken = "> fine\n< fine\nthis line is not a message\n"

  /// `in/a.chat`, `in/sub/b.chat`, a broken `in/broken.chat` and a `notes.md` that is skipped.
  private func mixedFolder() throws -> Sandbox {
    let sandbox = try Sandbox(writing: Self.chat("a"), to: "in/a.chat")
    try sandbox.write(Self.chat("b"), to: "in/sub/b.chat")
    try sandbox.write(Self.broken, to: "in/broken.chat")
    try sandbox.write("# notes\n", to: "in/notes.md")
    return sandbox
  }

  @Test("a broken file fails alone: exit 1, the others written mirroring the tree")
  func partialFailure() throws {
    let sandbox = try mixedFolder()
    let result = try sandbox.chatrender(["render", "in", "-r", "-o", "out"])
    #expect(result.status == 1)
    #expect(sandbox.files(in: "out") == ["a.png", "sub/b.png"])
    #expect(!sandbox.files().contains { $0.contains(".tmp-") })
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(
      lines.contains { $0.hasPrefix("chatrender: in/broken.chat:3:1: error: expected a message") })
    let summaries = lines.filter { $0.hasPrefix("chatrender: 2 files written, 1 input failed in ") }
    #expect(summaries.count == 1)
    #expect(
      lines.contains(
        "  failed: in/broken.chat:3:1: error: expected a message: '> text', '< text', 'Name: text' or '-- notice'"
      ))
    #expect(result.standardOutput.isEmpty)
  }

  @Test("a Telegram export folder is one chat, written where -o says, not a folder of logs")
  func telegramExportFolder() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["render", TestPaths.sample("telegram-export"), "-o", "chat.png", "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files() == ["chat.png"])
  }

  @Test("without -r, subfolders are not walked")
  func notRecursive() throws {
    let sandbox = try mixedFolder()
    let result = try sandbox.chatrender(["render", "in", "-o", "out", "-f", "png,svg"])
    #expect(result.status == 1)
    #expect(sandbox.files(in: "out") == ["a.png", "a.svg"])
  }

  @Test("several formats into one folder")
  func severalFormats() throws {
    let sandbox = try Sandbox(writing: Self.chat("a"), to: "a.chat")
    try sandbox.write(Self.chat("b"), to: "b.chat")
    let result = try sandbox.chatrender([
      "render", "a.chat", "b.chat", "-f", "png,pdf,svg", "-o", "out",
    ])
    #expect(result.status == 0)
    #expect(sandbox.files(in: "out") == ["a.pdf", "a.png", "a.svg", "b.pdf", "b.png", "b.svg"])
    #expect(result.standardError.hasPrefix("chatrender: 6 files written in "))
  }

  @Test("--fail-fast stops at the first failure")
  func failFast() throws {
    let sandbox = try Sandbox(writing: Self.chat("a"), to: "in/a.chat")
    try sandbox.write(Self.broken, to: "in/b.chat")
    try sandbox.write(Self.chat("c"), to: "in/c.chat")
    let stopped = try sandbox.chatrender(["render", "in", "-o", "fast", "-j", "1", "--fail-fast"])
    #expect(stopped.status == 1)
    #expect(sandbox.files(in: "fast") == ["a.png"])
    #expect(stopped.standardError.contains("in/b.chat:3:1: error:"))
    // Without it, the batch goes on past the failure.
    let full = try sandbox.chatrender(["render", "in", "-o", "all", "-j", "1"])
    #expect(full.status == 1)
    #expect(sandbox.files(in: "all") == ["a.png", "c.png"])
  }

  @Test("name collisions are refused with exit 2 before any file is written")
  func collisions() throws {
    let sandbox = try Sandbox(writing: Self.chat("first"), to: "first.chat")
    try sandbox.write(Self.chat("a"), to: "a/x.chat")
    try sandbox.write(Self.chat("b"), to: "b/x.chat")
    try FileManager.default.createDirectory(
      at: sandbox.url.appendingPathComponent("out"), withIntermediateDirectories: true)
    let result = try sandbox.chatrender([
      "render", "first.chat", "a/x.chat", "b/x.chat", "-o", "out", "-j", "1",
    ])
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix(
        "chatrender: error: 'a/x.chat' and 'b/x.chat' would both be written to 'out/x.png'"))
    #expect(sandbox.files(in: "out") == [])
  }

  @Test("collisions between an input's formats and another input are found too")
  func collisionAcrossExtensions() throws {
    let sandbox = try Sandbox(writing: Self.chat("a"), to: "x.chat")
    try sandbox.write(Self.chat("b"), to: "x.txt")
    let result = try sandbox.chatrender(["render", "x.chat", "x.txt", "-o", "out"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("would both be written to 'out/x.png'"))
    #expect(!sandbox.exists("out/x.png"))
  }

  @Test("--shard K/N: every file written exactly once over K = 1…N", arguments: [1, 2, 3, 7])
  func shards(_ count: Int) throws {
    let sandbox = try Sandbox()
    let names = (1...5).map { "chat\($0)" }
    for name in names { try sandbox.write(Self.chat(name), to: "in/\(name).chat") }
    var written: [String] = []
    for index in 1...count {
      let result = try sandbox.chatrender([
        "render", "in", "-o", "shard\(index)", "--shard", "\(index)/\(count)",
      ])
      #expect(result.status == 0)
      let files = sandbox.files(in: "shard\(index)")
      // Equal shares: no shard holds more than one file over another.
      #expect(files.count <= (names.count + count - 1) / count)
      written += files
    }
    #expect(written.sorted() == names.map { "\($0).png" })
  }

  @Test("--include takes only matching files")
  func include() throws {
    let sandbox = try Sandbox(writing: Self.chat("a"), to: "in/a.chat")
    try sandbox.write(Self.chat("b"), to: "in/b.txt")
    try sandbox.write(Self.chat("c"), to: "in/sub/c.chat")
    try sandbox.write("# notes\n", to: "in/notes.md")
    let filtered = try sandbox.chatrender([
      "render", "in", "-r", "--include", "*.chat", "-o", "only",
    ])
    #expect(filtered.status == 0)
    #expect(sandbox.files(in: "only") == ["a.png", "sub/c.png"])
    // The default takes .txt too, so the filter above did something.
    let all = try sandbox.chatrender(["render", "in", "-r", "-o", "all"])
    #expect(all.status == 0)
    #expect(sandbox.files(in: "all") == ["a.png", "b.png", "sub/c.png"])
  }

  @Test("no progress output when stderr is a pipe")
  func noProgressInPipes() throws {
    let sandbox = try Sandbox()
    for name in ["a", "b", "c", "d"] { try sandbox.write(Self.chat(name), to: "in/\(name).chat") }
    let result = try sandbox.chatrender(["render", "in", "-o", "out", "-j", "2"])
    #expect(result.status == 0)
    #expect(!result.standardError.contains("\r"))
    #expect(!result.standardError.contains("[#"))
    #expect(!result.standardError.contains("[-"))
    #expect(!result.standardError.contains("\u{1B}"))
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("chatrender: 4 files written in ") == true)
  }

  @Test("a progress bar on a terminal", .enabled(if: TestPaths.tool("script") != nil))
  func progressOnTerminal() throws {
    let sandbox = try Sandbox()
    for name in ["a", "b", "c"] { try sandbox.write(Self.chat(name), to: "in/\(name).chat") }
    let binary = try #require(TestPaths.chatrender)
    let result = try sandbox.run(
      try #require(TestPaths.tool("script")),
      ["-qec", "exec '\(binary)' render in -o out", "/dev/null"])
    #expect(result.status == 0)
    #expect(result.outputText.contains("[#"))
    #expect(result.outputText.contains("3/3"))
    #expect(sandbox.files(in: "out") == ["a.png", "b.png", "c.png"])
  }

  @Test("--verbose prints one 'wrote' line per file")
  func verbose() throws {
    let sandbox = try Sandbox()
    for name in ["a", "b", "c"] { try sandbox.write(Self.chat(name), to: "in/\(name).chat") }
    let result = try sandbox.chatrender(["render", "in", "-o", "out", "-f", "png,svg", "--verbose"])
    #expect(result.status == 0)
    let wrote = result.standardError.split(separator: "\n").filter {
      $0.hasPrefix("chatrender: wrote ")
    }
    let expected = ["a", "b", "c"].flatMap {
      ["chatrender: wrote out/\($0).png", "chatrender: wrote out/\($0).svg"]
    }
    #expect(wrote.map(String.init).sorted() == expected)
  }

  @Test("--verbose on one file")
  func verboseSingle() throws {
    let sandbox = try Sandbox(writing: Self.chat("a"), to: "a.chat")
    let result = try sandbox.chatrender(["render", "a.chat", "-o", "a.png", "-v"])
    #expect(result.status == 0)
    #expect(result.standardError == "chatrender: wrote a.png\n")
  }

  @Test("--quiet prints nothing on success, errors only on failure")
  func quiet() throws {
    let sandbox = try Sandbox(writing: Self.chat("a"), to: "in/a.chat")
    try sandbox.write("title: x\nunknown-key: y\n\n> warned\n", to: "in/w.chat")
    let result = try sandbox.chatrender(["render", "in", "-o", "out", "-q"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput.isEmpty)
    #expect(sandbox.files(in: "out") == ["a.png", "w.png"])
    // The unknown header key above is a warning, which -q hides; without -q it shows.
    let loud = try sandbox.chatrender(["render", "in", "-o", "loud"])
    #expect(loud.standardError.contains("in/w.chat:2:1: warning: unknown header key 'unknown-key'"))

    try sandbox.write(Self.broken, to: "in/bad.chat")
    let failed = try sandbox.chatrender(["render", "in", "-o", "out2", "--quiet"])
    #expect(failed.status == 1)
    #expect(
      failed.standardError
        == "chatrender: in/bad.chat:3:1: error: expected a message: '> text', '< text', 'Name: text' or '-- notice'\n"
    )
  }

  @Test("--jobs 2 writes the same files, byte for byte, as --jobs 1")
  func jobs() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "in/world.chat")
    for name in ["a", "b", "c", "d", "e"] {
      try sandbox.write(Self.chat(name), to: "in/\(name).chat")
    }
    let serial = try sandbox.chatrender(["render", "in", "-o", "one", "-f", "png,svg", "-j", "1"])
    let parallel = try sandbox.chatrender(["render", "in", "-o", "two", "-f", "png,svg", "-j", "2"])
    #expect(serial.status == 0)
    #expect(parallel.status == 0)
    let files = sandbox.files(in: "one")
    #expect(files.count == 12)
    #expect(sandbox.files(in: "two") == files)
    for file in files where file.hasSuffix(".png") {
      #expect(try sandbox.bytes("one/" + file) == sandbox.bytes("two/" + file), "\(file) differs")
    }
  }

  @Test("stdin in a batch-style call with -o DIR is named chat")
  func standardInputIntoFolder() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(
      ["render", "-", "-f", "png,svg", "-o", "out"], stdin: Array(Self.chat("x").utf8))
    #expect(result.status == 0)
    #expect(sandbox.files(in: "out") == ["chat.png", "chat.svg"])
  }
}
