import Foundation
import Testing

/// The command line against hostile surroundings: full disks, closed stdout, devices and FIFOs
/// as files, folders that link back to themselves.
@Suite struct HostileCLITests {
  static let goodChat = "me: Sam\n\n> hello\n< hi there\n"

  /// Runs chatrender through `sh -c`, with `redirect` applied to it (`> /dev/full`).
  func shell(_ sandbox: Sandbox, _ script: String) throws -> Command.Output {
    let binary = try #require(TestPaths.chatrender)
    return try sandbox.run("/bin/sh", ["-c", script.replacingOccurrences(of: "chatrender", with: "'\(binary)'")])
  }

  static let resultCommands: [[String]] = [
    ["parse", "a.chat"], ["theme", "show", "whatsapp"], ["formats"], ["themes"],
  ]

  @Test(arguments: resultCommands)
  func aFailedWriteOnStdoutIsAnError(arguments: [String]) throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    let command = "chatrender " + arguments.joined(separator: " ")
    let full = try shell(sandbox, command + " > /dev/full")
    #expect(full.status == 1)
    #expect(full.standardError.contains("<stdout>: error: cannot write (no space left on device)"))
    let closed = try shell(sandbox, command + " >&-")
    #expect(closed.status == 1)
    #expect(closed.standardError.contains("<stdout>: error: cannot write (bad file descriptor)"))
  }

  @Test func devicesAndFIFOsAreWrittenIntoNotReplaced() throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    let null = try shell(sandbox, "chatrender a.chat -o /dev/null -f png && chatrender parse a.chat -o /dev/null")
    #expect(null.status == 0, "\(null.standardError)")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)

    #expect(mkfifo(sandbox.path + "/out.png", 0o644) == 0)
    #expect(mkfifo(sandbox.path + "/out.json", 0o644) == 0)
    let fifo = try shell(
      sandbox,
      "cat out.png > got.png & chatrender a.chat -o out.png; s=$?; wait; "
        + "cat out.json > got.json & chatrender parse a.chat -o out.json; t=$?; wait; exit $((s + t))")
    #expect(fifo.status == 0, "\(fifo.standardError)")
    #expect(Array(try sandbox.bytes("got.png").prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    #expect(String(decoding: try sandbox.bytes("got.json"), as: UTF8.self).contains("\"hi there\""))
    #expect(stat(sandbox.path + "/out.png", &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test("an output that is a link is replaced, never written through")
  func aLinkIsReplacedNotWrittenThrough() throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    try sandbox.write("old", to: "real/target.txt")
    for name in ["link.json", "link.png"] {
      try FileManager.default.createSymbolicLink(
        atPath: sandbox.path + "/" + name, withDestinationPath: "real/target.txt")
    }
    let run = try shell(sandbox, "chatrender parse a.chat -o link.json && chatrender a.chat -o link.png")
    #expect(run.status == 0, "\(run.standardError)")
    #expect(String(decoding: try sandbox.bytes("real/target.txt"), as: UTF8.self) == "old")
    #expect(String(decoding: try sandbox.bytes("link.json"), as: UTF8.self).contains("\"hi there\""))
    #expect(Array(try sandbox.bytes("link.png").prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path + "/link.png")) == nil)
  }

  @Test("a read-only output is refused, even to root, and left as it was")
  func aReadOnlyOutputIsRefused() throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    for name in ["out.png", "out.json"] {
      try sandbox.write("old", to: name)
      #expect(chmod(sandbox.path + "/" + name, 0o444) == 0)
    }
    let render = try sandbox.chatrender(["a.chat", "-o", "out.png"])
    #expect(render.status == 1)
    #expect(render.standardError.contains("out.png: error: is read-only; not replaced"), "\(render.standardError)")
    let parse = try sandbox.chatrender(["parse", "a.chat", "-o", "out.json"])
    #expect(parse.status == 1)
    #expect(String(decoding: try sandbox.bytes("out.png"), as: UTF8.self) == "old")
    #expect(String(decoding: try sandbox.bytes("out.json"), as: UTF8.self) == "old")
    #expect(sandbox.files() == ["a.chat", "out.json", "out.png"])
  }

  @Test func aFIFOInputIsRefusedAtOnce() throws {
    let sandbox = try Sandbox()
    #expect(mkfifo(sandbox.path + "/chat.txt", 0o644) == 0)
    let run = try sandbox.chatrender(["parse", "chat.txt"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("chat.txt: error: expected a regular file, found a named pipe (FIFO)"))
  }

  @Test func recursionFollowsNoLinkBackToAFolderAlreadySeen() throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "in/a.chat")
    try sandbox.write(Self.goodChat, to: "in/sub/b.chat")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path + "/in/loop1", withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path + "/in/sub/loop2", withDestinationPath: "..")
    let run = try sandbox.chatrender(["-r", "in", "-o", "out", "-f", "svg"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(sandbox.files(in: "out") == ["a.svg", "sub/b.svg"])
  }

  @Test func scaleZeroSaysWhatItExpects() throws {
    let sandbox = try Sandbox(writing: Self.goodChat, to: "a.chat")
    let run = try sandbox.chatrender(["a.chat", "--scale", "0"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("invalid value '0' for --scale (expected a number above 0 and at most 8)"))
  }

  @Test("a limit variable that is not a count is a usage error, not ignored")
  func invalidLimitVariable() throws {
    let sandbox = try Sandbox(writing: "> hi\n", to: "a.chat")
    let result = try sandbox.chatrender(
      ["render", "a.chat", "-o", "a.png"], environment: ["CHATRENDER_MAX_INPUT_BYTES": "1 GB"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("invalid value '1 GB' for CHATRENDER_MAX_INPUT_BYTES"))
    #expect(result.standardError.contains("a number of bytes"))
    #expect(sandbox.files(in: ".") == ["a.chat"])
  }
}

/// Pictures that cannot be drawn are told about, and the picture limit reads like every limit.
@Suite struct PictureWarningCLITests {
  static func chat(photos: [String]) -> String {
    let messages = photos.enumerated().map { index, photo in
      "{\"from\": \"a\", \"time\": \"2024-01-01T10:0\(index):00Z\", \"text\": \"\","
        + " \"attachments\": [{\"kind\": \"image\", \"path\": \"\(photo)\"}]}"
    }
    return "{\"version\": 1, \"me\": \"a\", \"participants\": [{\"id\": \"a\", \"name\": \"A\"}],"
      + " \"messages\": [\(messages.joined(separator: ", "))]}"
  }

  static func sandboxWithPhoto() throws -> Sandbox {
    let sandbox = try Sandbox()
    let picture = TestPaths.packageRoot.appendingPathComponent(
      "Tests/ChatRenderTests/Fixtures/pictures/quadrants.png")
    try Data(contentsOf: picture).write(to: sandbox.url.appendingPathComponent("photo.png"))
    return sandbox
  }

  @Test("a missing picture is a placeholder and a warning, in PNG and PDF alike, told once")
  func missingPictureIsWarned() throws {
    let sandbox = try Self.sandboxWithPhoto()
    try sandbox.write(Self.chat(photos: ["photo.png", "gone.png"]), to: "chat.json")
    let result = try sandbox.chatrender(["chat.json", "-f", "png,pdf", "-o", "out"])
    #expect(result.status == 0, "\(result.standardError)")
    let placeholders = result.standardError.components(separatedBy: "drawn as a placeholder").count - 1
    #expect(placeholders == 1, "\(result.standardError)")
    #expect(result.standardError.contains("gone.png"))
  }

  @Test("CHATRENDER_MAX_PICTURE_PIXELS takes suffixes: 1k refuses a 160 × 120 picture")
  func pictureLimitTakesSuffixes() throws {
    let sandbox = try Self.sandboxWithPhoto()
    try sandbox.write(Self.chat(photos: ["photo.png"]), to: "chat.json")
    let small = try sandbox.chatrender(
      ["chat.json", "-o", "small.png"], environment: ["CHATRENDER_MAX_PICTURE_PIXELS": "1k"])
    #expect(small.status == 0, "\(small.standardError)")
    #expect(small.standardError.contains("drawn as a placeholder"), "\(small.standardError)")
    #expect(small.standardError.contains("1,024") || small.standardError.contains("1024"), "\(small.standardError)")
    let large = try sandbox.chatrender(
      ["chat.json", "-o", "large.png"], environment: ["CHATRENDER_MAX_PICTURE_PIXELS": "1m"])
    #expect(!large.standardError.contains("placeholder"), "\(large.standardError)")
  }

  @Test("a damaged, an oversized (100m is read as 100 × 1024²) and a FIFO picture each print the renderer's warning")
  func everyPictureProblemReachesStandardError() throws {
    let sandbox = try Self.sandboxWithPhoto()
    try Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x02] + Array("broken".utf8)).write(
      to: sandbox.url.appendingPathComponent("broken.jpg"))
    #expect(mkfifo(sandbox.url.appendingPathComponent("pipe.png").path, 0o600) == 0)
    try sandbox.write(Self.chat(photos: ["broken.jpg", "photo.png", "pipe.png"]), to: "chat.json")
    let result = try sandbox.chatrender(
      ["chat.json", "-f", "pdf", "-o", "out.pdf"], environment: ["CHATRENDER_MAX_PICTURE_PIXELS": "100m"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("picture 'broken.jpg' is drawn as a placeholder"), "\(result.standardError)")
    #expect(result.standardError.contains("pipe.png"), "\(result.standardError)")
    #expect(!result.standardError.contains("photo.png"), "\(result.standardError)")
    let tiny = try sandbox.chatrender(
      ["chat.json", "-f", "pdf", "-o", "tiny.pdf"], environment: ["CHATRENDER_MAX_PICTURE_PIXELS": "1k"])
    #expect(
      tiny.standardError.contains("picture of 160×120 pixels is larger than the limit of 1,024"),
      "\(tiny.standardError)")
  }

  @Test("theme check refuses a font size of 0.001 points, and render refuses the theme before reading the chat")
  func unreadableFontSizeIsRefused() throws {
    let sandbox = try Self.sandboxWithPhoto()
    try sandbox.write("{\"version\": 1, \"font\": {\"size\": 0.001}}\n", to: "tiny.json")
    let check = try sandbox.chatrender(["theme", "check", "tiny.json"])
    #expect(check.status != 0)
    #expect(check.standardError.contains("tiny.json:1:"), "\(check.standardError)")
    try sandbox.write(Self.chat(photos: ["photo.png"]), to: "chat.json")
    let render = try sandbox.chatrender(["chat.json", "-t", "tiny.json", "-o", "out.png"])
    #expect(render.status != 0)
    #expect(!render.standardError.contains("out of memory"), "\(render.standardError)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("out.png").path))
  }
}
