import Foundation
import Testing

/// Exit statuses 0, 1 and 2, error locations, and that a failure leaves no file behind.
@Suite("exit statuses")
struct ExitStatusTests {
  static let goodChat = "me: Sam\n\n> hello\n< hi there\n"

  @Test("a rendered input exits 0 and prints only the path it wrote")
  func success() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "world.chat")
    let result = try sandbox.chatrender(["render", "world.chat", "-o", "world.png"])
    #expect(result.status == 0)
    #expect(result.standardError == "chatrender: wrote world.png\n")
    #expect(result.standardOutput.isEmpty)
    #expect(PNGHeader(try sandbox.bytes("world.png")) != nil)
    #expect(sandbox.files() == ["world.chat", "world.png"])
  }

  /// A broken `.chat` file, and where its first error is.
  struct BrokenChat: CustomTestStringConvertible, Sendable {
    var text: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { "\(line):\(column) \(message)" }
  }

  static let brokenChats = [
    BrokenChat(
      text: "me: Sam\n\n> hello\n< hi\n[2025-03-01 09:30] just some text\n", line: 5, column: 20,
      message: "expected a message"),
    BrokenChat(
      text: "> hello\n[2025-13-40 09:30] > a bad date\n", line: 2, column: 2,
      message: "invalid time '2025-13-40 09:30'"),
    BrokenChat(
      text: "  a continuation first\n> hello\n", line: 1, column: 1,
      message: "continuation line with no message before it"),
  ]

  @Test("a malformed line exits 1 naming path:line:col", arguments: brokenChats)
  func malformedLine(_ broken: BrokenChat) throws {
    let sandbox = try Sandbox(writing: broken.text, to: "bad.chat")
    let result = try sandbox.chatrender(["render", "bad.chat", "-o", "out/bad.png"])
    #expect(result.status == 1)
    let firstLine = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine.hasPrefix("chatrender: bad.chat:\(broken.line):\(broken.column): error: "))
    #expect(firstLine.contains(broken.message))
    // Said once: a single input gets no batch summary repeating it.
    #expect(result.standardError.components(separatedBy: broken.message).count == 2)
    #expect(!result.standardError.contains("input failed"))
    #expect(result.standardOutput.isEmpty)
    // Nothing written: no image, no temporary file.
    #expect(sandbox.files() == ["bad.chat"])
  }

  @Test("a problem with a whole input names it once, before 'error:'")
  func wholeInputError() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      at: sandbox.url.appendingPathComponent("folder"), withIntermediateDirectories: true)
    let result = try sandbox.chatrender(["parse", "-i", "json", "folder"])
    #expect(result.status == 1)
    #expect(
      result.standardError == "chatrender: folder: error: expected a JSON file, found a folder\n")
  }

  @Test("stdin's errors are reported as <stdin>:line:col")
  func malformedStandardInput() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(
      ["render", "-", "-o", "out.png"], stdin: Array(Self.brokenChats[0].text.utf8))
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("chatrender: <stdin>:5:20: error: expected a message"))
    #expect(sandbox.files() == [])
  }

  @Test("a missing input exits 1 naming it")
  func missingInput() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["render", "missing.chat", "-o", "missing.png"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("chatrender: missing.chat: error: "))
    #expect(sandbox.files() == [])
  }

  /// A command line that is wrong, and the words its error must contain.
  struct BadUsage: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badUsages = [
    BadUsage(
      arguments: ["render", "--frobnicate", "a.chat"], message: "unknown option '--frobnicate'"),
    BadUsage(arguments: ["render", "-Z", "a.chat"], message: "unknown option '-Z'"),
    BadUsage(arguments: ["render", "a.chat", "--scale", "0"], message: "invalid value '0' for --scale"),
    BadUsage(arguments: ["render", "a.chat", "--scale", "abc"], message: "invalid value 'abc' for --scale"),
    BadUsage(arguments: ["render", "a.chat", "--scale=-2"], message: "invalid value '-2' for --scale"),
    BadUsage(arguments: ["render", "a.chat", "--scale", "9"], message: "invalid value '9' for --scale"),
    BadUsage(
      arguments: ["render", "a.chat", "--format", "xyz"],
      message: "invalid value 'xyz' for --format (expected png, pdf, svg or webp"),
    BadUsage(
      arguments: ["render", "a.chat", "-f", "png,xyz", "-o", "out"], message: "invalid value 'png,xyz' for --format"
    ),
    BadUsage(arguments: ["render", "a.chat", "b.chat"], message: "several inputs need -o DIR"),
    BadUsage(
      arguments: ["render", "a.chat", "-f", "png,pdf"], message: "several formats need -o DIR"),
    BadUsage(
      arguments: ["render", "a.chat", "b.chat", "-o", "-"], message: "'-o -' takes one input"),
    BadUsage(
      arguments: ["render", "a.chat", "-f", "png,svg", "-o", "-"],
      message: "'-o -' takes one input and one format"),
    BadUsage(
      arguments: ["render", "a.chat", "b.chat", "-o", "b.chat"],
      message: "'b.chat' is a file; several outputs need a folder"),
    BadUsage(
      arguments: ["render", "-", "-o", "x.png", "-"], message: "'-' (stdin) can be given only once"),
    BadUsage(arguments: ["render", "-"], message: "reading stdin needs -o FILE"),
    BadUsage(arguments: ["render", "a.chat", "-o"], message: "option '-o' needs a value"),
    BadUsage(
      arguments: ["render", "a.chat", "--width", "50"],
      message: "invalid value '50' for --width (expected 120 to 10000 points)"),
    BadUsage(
      arguments: ["render", "a.chat", "-j", "-1", "-o", "out"], message: "invalid value '-1' for --jobs"),
    BadUsage(
      arguments: ["render", "a.chat", "--shard", "3/2", "-o", "out"],
      message: "invalid value '3/2' for --shard (expected K/N with 1 ≤ K ≤ N, or auto/N)"),
    BadUsage(
      arguments: ["render", "a.chat", "-i", "nope"], message: "invalid value 'nope' for --input-format"),
    BadUsage(
      arguments: ["render", "a.chat", "--color", "sometimes"],
      message: "invalid value 'sometimes' for --color"),
    BadUsage(
      arguments: ["render", "--quiet=yes", "a.chat"], message: "option '--quiet' takes no value"),
    BadUsage(
      arguments: ["parse", "a.chat", "--scale", "2"],
      message: "option '--scale' does not apply to 'parse'"),
    BadUsage(arguments: ["render"], message: "no input given"),
    // Not ASCII digits: this was read as UTC+0.
    BadUsage(
      arguments: ["render", "a.chat", "--timezone", "UTC+\u{663}"],
      message: "invalid value 'UTC+\u{663}' for --timezone"),
  ]

  @Test("bad usage exits 2 before touching any file", arguments: badUsages)
  func badUsage(_ usage: BadUsage) throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    try sandbox.write(Self.goodChat, to: "b.chat")
    let result = try sandbox.chatrender(usage.arguments)
    #expect(result.status == 2)
    let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("chatrender: error: ") == true)
    #expect(lines.first?.contains(usage.message) == true, "stderr: \(result.standardError)")
    #expect(lines.dropFirst().first?.hasPrefix("Usage: chatrender ") == true)
    let help = usage.arguments[0] == "render" ? "chatrender --help" : "chatrender \(usage.arguments[0]) --help"
    #expect(result.standardError.hasSuffix("See '\(help)'.\n"))
    #expect(result.standardOutput.isEmpty)
    #expect(sandbox.files() == ["a.chat", "b.chat"])
  }

  @Test("an unknown theme is a configuration error: exit 2, nothing written")
  func unknownTheme() throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    let result = try sandbox.chatrender(["render", "a.chat", "-t", "no-such-theme", "-o", "a.png"])
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("chatrender: error: unknown theme 'no-such-theme'"))
    #expect(sandbox.files() == ["a.chat"])
  }

  @Test(
    "an unreadable theme or background image is a configuration error too",
    arguments: [
      ("missing.json", "chatrender: missing.json: error: no such file or directory\n"),
      ("folder", "chatrender: folder: error: expected a file, found a folder\n"),
      ("background.json", "chatrender: a.chat: error: background image is not a PNG file\n"),
      (
        "huge.json",
        "chatrender: huge.json:1:36: error: expected a number from 120 to 10000 for 'canvas.width', "
          + "found 1e+300\n"
      ),
    ])
  func unusableTheme(theme: String, message: String) throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    try sandbox.write("", to: "folder/.keep")
    try sandbox.write(
      "{\"version\": 1, \"canvas\": {\"backgroundImage\": {\"path\": \"a.chat\"}}}",
      to: "background.json")
    try sandbox.write("{\"version\": 1, \"canvas\": {\"width\": 1e300}}", to: "huge.json")
    let result = try sandbox.chatrender(["render", "a.chat", "-t", theme, "-o", "a.png"])
    #expect(result.status == 2)
    #expect(result.standardError == message)
    #expect(!sandbox.exists("a.png"))
  }

  @Test("Ctrl-C stops the batch with status 130 and leaves no partial file")
  func interrupted() throws {
    let sandbox = try Sandbox()
    let count = 12
    for index in 1...count {
      try sandbox.copySample("lisbon-trip.chat", to: "in/chat\(index).chat")
    }
    // Interrupt once the first image is in place: the one being drawn is finished, no more.
    let first = sandbox.url.appendingPathComponent("out/chat1.png").path
    let result = try sandbox.chatrender(
      ["render", "in", "-o", "out", "-j", "1"],
      interruptWhen: { FileManager.default.fileExists(atPath: first) })
    #expect(result.status == 130)
    let written = sandbox.files(in: "out")
    #expect(!written.isEmpty)
    #expect(written.count < count)
    #expect(
      written.allSatisfy { $0.hasPrefix("chat") && $0.hasSuffix(".png") && !$0.contains(".tmp-") })
    for file in written { #expect(PNGHeader(try sandbox.bytes("out/" + file)) != nil) }
    // Stopped by chatrender's handler, which still reports what it wrote.
    #expect(result.standardError.contains("chatrender: \(written.count) file"))
  }

  @Test(
    "a second Ctrl-C, SIGTERM or SIGHUP ends a batch at once without leaving temporary files",
    arguments: [[SIGINT, SIGINT], [SIGTERM], [SIGHUP]])
  func endedWhileWriting(signals: [Int32]) throws {
    let status: Int32 = signals.first == SIGINT ? 130 : 128 + (signals.first ?? 0)
    let sandbox = try Sandbox()
    // Long enough to be caught while its temporary file is being written.
    var chat = "me: Sam\n\n"
    for index in 0..<4000 {
      chat += "> message \(index) with some words to wrap, 你好, مرحبا, and an emoji 🎉\n"
    }
    try sandbox.write(chat, to: "long.chat")
    let folder = sandbox.url.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let result = try sandbox.chatrender(
      ["render", "long.chat", "-o", "out/long.pdf"],
      interruptWhen: { Sandbox.chatrenderIsWriting(inFolder: folder) }, interruptSignals: signals)
    #expect(result.status == status)
    let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    #expect(!left.contains { $0.contains(".tmp-") }, "left behind: \(left)")
    // The first Ctrl-C lets the file finish, which it may do before the second arrives.
    for name in left {
      let bytes = try sandbox.bytes("out/" + name)
      #expect(signals.first == SIGINT && bytes.starts(with: Array("%PDF-".utf8)))
    }
  }

  @Test("Ctrl-C ends other commands at once with status 130 (only a batch finishes its file)")
  func interruptedParse() throws {
    let sandbox = try Sandbox()
    // Stdin a pipe nobody writes to (we hold its write end): reading blocks until the
    // interrupt. (A FIFO named as input is refused at once.)
    let fifo = sandbox.url.appendingPathComponent("never-written").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writeEnd = open(fifo, O_RDWR)
    defer { close(writeEnd) }
    let binary = try #require(TestPaths.chatrender)
    let start = Date()
    let result = try Command(
      executable: "/bin/sh", arguments: ["-c", "exec \"$0\" parse - < never-written", binary],
      directory: sandbox.url, standardInput: nil, environment: TestPaths.environment(),
      interruptWhen: { Date().timeIntervalSince(start) > 0.5 }
    ).run()
    #expect(result.status == 130)
  }

  @Test("an unknown option suggests the nearest one")
  func suggestion() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["render", "--scael", "2", "a.chat"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("(did you mean '--scale'?)"))
  }

  @Test("an output that would overwrite its input is refused")
  func overwritingInput() throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "log.svg")
    let result = try sandbox.chatrender(["render", "log.svg", "-f", "svg", "-o", "."])
    #expect(result.status == 2)
    #expect(result.standardError.contains("would overwrite the input 'log.svg'"))
    #expect(String(decoding: try sandbox.bytes("log.svg"), as: UTF8.self) == Self.goodChat)
    #expect(sandbox.files() == ["log.svg"])
  }
}
