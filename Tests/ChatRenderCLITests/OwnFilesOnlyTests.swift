import Foundation
import Testing

/// Issue 35, "Never touch what is not ours", for the command line's outputs: what a run may
/// remove, where it may write, and what names it gives.
@Suite struct OwnFilesOnlyTests {
  static let chat = "me: Sam\n\n> hello\n< hi there\n"

  /// A chat tall enough to be cut into several images at `--max-height 300`.
  private func tallChatSandbox() throws -> Sandbox {
    try Sandbox(writing: "me: Sam\n\n" + (1...40).map { "> message \($0)\n" }.joined(), to: "tall.chat")
  }

  @Test("a file of a series is removed only when the record proves it ours and unchanged")
  func onlyRecordedUnchangedFilesAreRemoved() throws {
    let sandbox = try tallChatSandbox()
    let cut = try sandbox.chatrender(["tall.chat", "-o", "tall.png", "--max-height", "300"])
    #expect(cut.status == 0, "\(cut.standardError)")
    #expect(sandbox.exists(".tall.png.chatrender"))
    try sandbox.write("edited by hand\n", to: "tall-002.png")
    try sandbox.write("my notes\n", to: "tall-999.png")
    let whole = try sandbox.chatrender(["tall.chat", "-o", "tall.png"])
    #expect(whole.status == 0, "\(whole.standardError)")
    #expect(!sandbox.exists("tall-001.png") && !sandbox.exists("tall-003.png"))
    #expect(whole.standardError.contains("removed tall-001.png, tall-003.png"))
    #expect(try sandbox.bytes("tall-002.png") == Array("edited by hand\n".utf8))
    #expect(try sandbox.bytes("tall-999.png") == Array("my notes\n".utf8))
    #expect(whole.standardError.contains("warning: tall.png: left tall-002.png: no record shows chatrender wrote it"))
    #expect(whole.standardError.contains("left tall-999.png"))
    // One file is no series: its record goes with the files it listed.
    #expect(!sandbox.exists(".tall.png.chatrender"))
  }

  @Test("a one-character output name is written, not a crash")
  func oneCharacterOutputName() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    let result = try sandbox.chatrender(["a.chat", "-o", "x"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try sandbox.bytes("x").starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test(
    "-o NAME.pdf names a file: several outputs into it is a usage error that asks for a folder",
    arguments: [
      ["a.chat", "b.chat", "-o", "x.pdf"], ["in", "-o", "x.pdf"], ["a.chat", "-f", "png,pdf", "-o", "x.pdf"],
      ["a.chat", "--name", "{chat}", "-o", "x.pdf"],
    ])
  func outputWithAnExtensionIsAFile(arguments: [String]) throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    try sandbox.write(Self.chat, to: "b.chat")
    try sandbox.write(Self.chat, to: "in/c.chat")
    let result = try sandbox.chatrender(arguments)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(result.standardError.contains("-o 'x.pdf' names a file, but "))
    #expect(result.standardError.contains("give a folder for -o ('x' or 'x.pdf/')"))
    #expect(!sandbox.exists("x.pdf"))
  }

  @Test("an existing folder named like a file stays a folder for -o")
  func existingFolderWithAnExtension() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    try sandbox.write(Self.chat, to: "b.chat")
    try FileManager.default.createDirectory(atPath: sandbox.path + "/x.pdf", withIntermediateDirectories: true)
    let result = try sandbox.chatrender(["a.chat", "b.chat", "-o", "x.pdf", "-f", "pdf"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files(in: "x.pdf") == ["a.pdf", "b.pdf"])
  }

  @Test("--name '{chat}.{format}' writes x.pdf, not x.pdf.pdf; chats of one name are numbered before it")
  func nameTemplateWithTheExtension() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    try sandbox.write(Self.chat, to: "b/a.chat")
    let result = try sandbox.chatrender([
      "a.chat", "b/a.chat", "--name", "{input}.{format}", "-f", "pdf,png", "-o", "out",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files(in: "out") == ["a (2).pdf", "a (2).png", "a.pdf", "a.png"])
  }

  @Test("--name without -o says that --name needs a folder, not that there are several formats")
  func nameWithoutOutputFolder() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    let result = try sandbox.chatrender(["a.chat", "--name", "x"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--name names files in the folder -o DIR gives; it needs -o DIR"))
    #expect(sandbox.files() == ["a.chat"])
  }

  @Test("an output --name makes that would overwrite an input names --name")
  func nameClashNamesTheFlag() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.png")
    let result = try sandbox.chatrender(["a.png", "--name", "a", "-o", "."])
    #expect(result.status == 2)
    #expect(result.standardError.contains("would overwrite the input 'a.png'; --name 'a' names it so"))
    #expect(try sandbox.bytes("a.png") == Array(Self.chat.utf8))
  }

  /// A ChatRender JSON chat titled `title` (JSON-escaped).
  static func titled(_ title: String) -> String {
    """
    {"version": 1, "title": "\(title)", "participants": [{"id": "a", "name": "Ana"}],
     "messages": [{"from": "a", "time": "2024-03-14T18:00:00Z", "text": "hello"}]}
    """
  }

  @Test("a title's '/' hidden in a grapheme and its bidi controls never reach a file name")
  func titlesAreSafeScalarByScalar() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.titled("x\\u0600/y"), to: "1.json")
    try sandbox.write(Self.titled("a/\\u0301b"), to: "2.json")
    try sandbox.write(Self.titled("\\u202Egnp\\u2066.exe\\u200F"), to: "3.json")
    let result = try sandbox.chatrender(["1.json", "2.json", "3.json", "--name", "{chat}", "-o", "out"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files(in: "out") == ["a_\u{301}b.png", "gnp.exe.png", "x_y.png"])
  }

  @Test("--name never leads out of -o DIR", arguments: ["../escape-{chat}", "x/../../esc-{chat}", "..", "/tmp/x"])
  func nameStaysInsideTheOutputFolder(template: String) throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "in/a.chat")
    let result = try sandbox.chatrender(["in/a.chat", "--name", template, "-o", "in/out"])
    #expect(result.status == 2, "\(result.standardError)")
    #expect(result.standardError.contains("--name"))
    #expect(sandbox.files() == ["in/a.chat"])
  }

  @Test("a render killed with SIGKILL mid-write leaves no temporary file and the old output as it was")
  func killedMidWriteLeavesNothing() throws {
    let sandbox = try Sandbox()
    let chat = "me: Sam\n\n" + (0..<4000).map { "> message \($0) with some words to wrap, 你好, مرحبا 🎉\n" }.joined()
    try sandbox.write(chat, to: "long.chat")
    try sandbox.write("the old output\n", to: "out/long.pdf")
    let folder = sandbox.url.appendingPathComponent("out").path
    let result = try sandbox.chatrender(
      ["long.chat", "-o", "out/long.pdf"], interruptWhen: { Sandbox.chatrenderIsWriting(inFolder: folder) },
      interruptSignals: [SIGKILL])
    #expect(result.status == 128 + SIGKILL)
    #expect(sandbox.files(in: "out") == ["long.pdf"])
    #expect(try sandbox.bytes("out/long.pdf") == Array("the old output\n".utf8))
  }

  @Test(
    "--evidence's manifest names files relative to itself: sha256sum -c works where the folder is moved",
    .enabled(if: TestPaths.tool("sha256sum") != nil))
  func evidenceManifestTravels() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "case/chat.chat")
    let result = try sandbox.chatrender(["case/chat.chat", "-o", "case/out/chat.pdf", "--evidence"])
    #expect(result.status == 0, "\(result.standardError)")
    let manifest = String(decoding: try sandbox.bytes("case/out/chat.pdf.sha256"), as: UTF8.self)
    #expect(manifest.hasSuffix("  ../chat.chat\n" + manifest.split(separator: "\n")[1] + "\n"))
    #expect(!manifest.contains(sandbox.path))
    try FileManager.default.createDirectory(atPath: sandbox.path + "/elsewhere", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: sandbox.path + "/case", toPath: sandbox.path + "/elsewhere/case")
    let check = try sandbox.run("/bin/sh", ["-c", "cd elsewhere/case/out && sha256sum -c chat.pdf.sha256"])
    #expect(check.status == 0, "\(check.outputText)")
    #expect(check.outputText.contains("../chat.chat: OK") && check.outputText.contains("chat.pdf: OK"))
  }

  /// A small Slack export: users.json, channels.json and each channel's day files.
  static let slackExport: [String: String] = [
    "users.json": #"[{"id": "U1", "name": "ana", "real_name": "Ana"}, {"id": "U2", "name": "rui"}]"#,
    "channels.json": #"[{"id": "C1", "name": "general", "members": ["U1", "U2"]}, {"id": "C2", "name": "random"}]"#,
    "general/2024-01-01.json": #"[{"type": "message", "user": "U1", "text": "hello", "ts": "1704103200.000100"}]"#,
    "random/2024-01-02.json": #"[{"type": "message", "user": "U2", "text": "hi", "ts": "1704189600.000100"}]"#,
  ]

  @Test("--all-chats renders every channel of a Slack export")
  func allChatsOfASlackExport() throws {
    let sandbox = try Sandbox()
    for (path, text) in Self.slackExport { try sandbox.write(text, to: "slack/" + path) }
    let result = try sandbox.chatrender(["slack", "--all-chats", "-o", "out"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files(in: "out") == ["general.png", "random.png"])
  }
}
