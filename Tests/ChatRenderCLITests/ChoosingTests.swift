import Foundation
import Testing

/// Choosing what to render: who "me" is, the date range, which files of a batch.
@Suite("choosing what to render")
struct ChoosingTests {
  static let group = """
    [2025-03-01 09:00] Sam Whitfield: morning
    [2025-03-01 09:05] Samantha Lee: hi
    [2025-03-02 10:00] Ana Souza: hello
    [2025-03-28 18:30] Bo: late

    """

  /// The JSON `chatrender parse` printed for `text` with `arguments`, and the run.
  private func parse(_ text: String, named name: String = "chat.chat", _ arguments: [String])
    throws -> (json: [String: Any]?, result: Command.Output)
  {
    let sandbox = try Sandbox(writing: text, to: name)
    let result = try sandbox.chatrender(["parse", name] + arguments)
    let json = try? JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
    return (json, result)
  }

  /// The name of the participant the JSON calls "me".
  private func meName(_ json: [String: Any]?) -> String? {
    guard let json, let me = json["me"] as? String,
      let participants = json["participants"] as? [[String: Any]]
    else { return nil }
    return participants.first { $0["id"] as? String == me }?["name"] as? String
  }

  @Test(
    "--me takes a display name in any case, a unique first name or beginning",
    arguments: [
      ("sam whitfield", "Sam Whitfield"), ("Sam", "Sam Whitfield"), ("ANA", "Ana Souza"), ("Samantha", "Samantha Lee"),
      ("Ana S", "Ana Souza"), ("bo", "Bo"),
    ])
  func meByName(_ wanted: String, expected: String) throws {
    let (json, result) = try parse(Self.group, ["--me", wanted])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(meName(json) == expected)
  }

  @Test("an ambiguous --me lists who it could be; an unknown one says 'did you mean'")
  func meAmbiguousOrUnknown() throws {
    let (_, ambiguous) = try parse(Self.group, ["--me", "sa"])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.standardError.contains("'sa' could be 2 participants: Sam Whitfield, Samantha Lee"))
    #expect(ambiguous.standardError.contains("note: choose with --me NAME"))
    let (_, unknown) = try parse(Self.group, ["--me", "Anna Souza"])
    #expect(unknown.status == 1)
    #expect(unknown.standardError.contains("did you mean 'Ana Souza'?"))
    #expect(unknown.standardError.contains("participants: Sam Whitfield (1 message)"))
  }

  @Test("--me takes a user name or handle: a Discord user name beside the server nickname")
  func meByHandle() throws {
    let export = """
      {"guild": {"id": "1", "name": "Club"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"},
       "messages": [
        {"id": "10", "type": "Default", "timestamp": "2025-03-01T10:00:00+00:00", "content": "hi",
         "author": {"id": "111", "name": "river.k", "nickname": "River"}},
        {"id": "11", "type": "Default", "timestamp": "2025-03-01T10:01:00+00:00", "content": "yo",
         "author": {"id": "222", "name": "dune", "nickname": "Dune"}}]}
      """
    let (json, result) = try parse(export, named: "general.json", ["--me", "River.K"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(meName(json) == "River")
    let (byID, _) = try parse(export, named: "general.json", ["--me", "222"])
    #expect(meName(byID) == "Dune")
  }

  @Test("--me takes a phone number however it is written")
  func meByPhone() throws {
    let chat = "[2025-03-01 09:00] +1 415 555 0142: hi\n[2025-03-01 09:01] Bo: hey\n"
    let (json, result) = try parse(chat, ["--me", "(415) 555-0142"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(meName(json) == "+1 415 555 0142")
  }

  @Test("a participant named 'You' is me without asking")
  func youIsMe() throws {
    let (json, result) = try parse("[2025-03-01 09:00] You: hi\n[2025-03-01 09:01] Bo: hey\n", [])
    #expect(meName(json) == "You")
    #expect(!result.standardError.contains("cannot tell who is 'me'"))
  }

  @Test("a WhatsApp chat named after one of its two people: me is the other")
  func whatsAppOneToOne() throws {
    let chat = """
      01/03/2025, 09:00 - Ana Souza: Olá!
      01/03/2025, 09:01 - Sam: Hi Ana
      01/03/2025, 09:02 - Ana Souza: Tudo bem?

      """
    let (json, result) = try parse(chat, named: "WhatsApp Chat with Ana Souza.txt", [])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(meName(json) == "Sam")
    #expect(!result.standardError.contains("cannot tell who is 'me'"))
  }

  @Test(
    "--from/--to take a day, a month or a time",
    arguments: [
      (["--from", "2025-03-02"], 2), (["--to", "2025-03-01"], 2), (["--from", "2025-03", "--to", "2025-03"], 4),
      (["--from", "2025-03-01T09:05"], 3), (["--from", "2025-03-01 09:01", "--to", "2025-03-01T09:05"], 1),
    ])
  func dateRange(_ arguments: [String], count: Int) throws {
    let (json, result) = try parse(Self.group, ["--me", "Bo"] + arguments)
    #expect(result.status == 0, "\(result.standardError)")
    #expect((json?["messages"] as? [Any])?.count == count)
  }

  @Test(
    "an empty range is an error naming the input's size and dates (an inverted one is a usage error: NewcomerTests)",
    arguments: [["--from", "2025-04"], ["--from", "2025-03-06", "--to", "2025-03-10"]])
  func emptyRange(_ arguments: [String]) throws {
    let (_, result) = try parse(Self.group, ["--me", "Bo"] + arguments)
    #expect(result.status == 1)
    #expect(result.standardError.contains("no message is in the range"))
    #expect(result.standardError.contains("the input has 4 messages, from 2025-03-01 to 2025-03-28"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test("a malformed bound is a usage error", arguments: ["2025-13", "2025-03-01T25:00", "March"])
  func badBound(_ text: String) throws {
    let (_, result) = try parse(Self.group, ["--from", text])
    #expect(result.status == 2)
    #expect(result.standardError.contains("invalid value '\(text)' for --from (expected YYYY-MM-DD"))
  }

  @Test("in folders, files of no known format are skipped with a note under -r or --skip-unknown")
  func skipUnknown() throws {
    for arguments in [["-r"], ["--skip-unknown"]] {
      let sandbox = try Sandbox(writing: "> hi\n< hello\n", to: "logs/a.chat")
      try sandbox.write("just some notes\n\nnothing here\n", to: "logs/notes.txt")
      let result = try sandbox.chatrender(["render", "logs", "-o", "out", "--me", "Me"] + arguments)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.contains("logs/notes.txt: note: skipped: not a chat of a known format"))
      #expect(sandbox.files(in: "out") == ["a.png"])
    }
  }

  @Test("without them, or for a file named on the command line, an unknown format fails")
  func unknownStillFails() throws {
    let sandbox = try Sandbox(writing: "> hi\n< hello\n", to: "logs/a.chat")
    try sandbox.write("just some notes\n\nnothing here\n", to: "logs/notes.txt")
    let folder = try sandbox.chatrender(["render", "logs", "-o", "out"])
    #expect(folder.status == 1)
    let named = try sandbox.chatrender(["render", "logs/notes.txt", "-o", "notes.png", "--skip-unknown"])
    #expect(named.status == 1)
    #expect(named.standardError.contains("not a format chatrender reads"))
    #expect(named.standardError.contains("--input-format"))
  }

  /// A sandbox holding the three-conversation ChatGPT export of the import tests.
  private func chatGPTExport() throws -> Sandbox {
    let sandbox = try Sandbox()
    let fixture = TestPaths.packageRoot.appendingPathComponent(
      "Tests/ChatRenderTests/Fixtures/formats/chatgpt-conversations.json")
    try sandbox.write(String(contentsOf: fixture, encoding: .utf8), to: "conversations.json")
    return sandbox
  }

  @Test("--all-chats renders each chat of an export into its own file, named by --name")
  func allChats() throws {
    let sandbox = try chatGPTExport()
    let result = try sandbox.chatrender(["render", "conversations.json", "--all-chats", "-o", "out"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = try sandbox.chatrender(["parse", "conversations.json", "--list"]).outputText
      .split(separator: "\n").map(String.init)
    // Each chat's name, then who is in it, how many messages and from when to when.
    #expect(lines.allSatisfy { $0.contains(" — 2 people, ") && $0.contains(" messages, 20") })
    let chats = lines.map { String($0.components(separatedBy: " — ")[0]) }
    #expect(chats.count == 2)
    #expect(sandbox.files(in: "out") == chats.map { $0 + ".png" }.sorted())
    #expect(result.standardError.hasPrefix("chatrender: 2 files written"))
    let named = try sandbox.chatrender([
      "render", "conversations.json", "--all-chats", "-o", "dated", "--name", "{first} {chat} ({format})", "-f", "svg",
    ])
    #expect(named.status == 0, "\(named.standardError)")
    #expect(sandbox.files(in: "dated").contains("2024-03-10 Packing list for Iceland 🇮🇸 (svg).svg"))
  }

  @Test(
    "--all-chats renders each conversation of an X archive, a Snapchat download, a Discord package and LinkedIn's CSV",
    arguments: [
      ("x-archive", ["2700000002.svg", "Saturday Ride.svg"]),
      ("snapchat-mydata", ["Trail Crew.svg", "jonas_k.svg"]),
      ("discord-package", ["#general (Board Gamers).svg", "jonas.svg"]),
      ("linkedin-messages.csv", ["Harbour Analytics role.svg", "Jonas Berg.svg"]),
    ])
  func allChatsOfTheNewExports(sample: String, expected: [String]) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["render", TestPaths.sample(sample), "--all-chats", "-o", "out", "-f", "svg"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files(in: "out") == expected)
  }

  @Test("--all-chats renders every chat of a Takeout of several products (only the first product's were read)")
  func allChatsOfATakeoutOfSeveralProducts() throws {
    let sandbox = try Sandbox()
    let takeout = URL(fileURLWithPath: sandbox.path).appendingPathComponent("Takeout")
    try FileManager.default.createDirectory(at: takeout, withIntermediateDirectories: true)
    let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/ChatRenderTests/Fixtures/formats")
    for (product, folder) in [("hangouts-takeout", "Hangouts"), ("google-voice-takeout", "Voice")] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent("\(product)/Takeout/\(folder)"), to: takeout.appendingPathComponent(folder))
    }
    let result = try sandbox.chatrender(["render", "Takeout", "--all-chats", "-o", "out", "-f", "svg"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      sandbox.files(in: "out") == [
        "Google Voice - Ana Costa, Cy Mendes.svg", "Google Voice - Ana Costa.svg", "Hangouts - Ana Costa.svg",
        "Hangouts - Harbour Walk.svg",
      ])
    let one = try sandbox.chatrender(["render", "Takeout", "--chat", "hangouts - harbour", "-o", "walk.svg"])
    #expect(one.status == 0, "\(one.standardError)")
  }

  @Test("--all-chats renders each conversation of an SMS backup (it named them '#1'… and failed)")
  func allChatsOfAnSMSBackup() throws {
    let sandbox = try Sandbox()
    let backup = TestPaths.packageRoot.appendingPathComponent("Tests/ChatRenderTests/Fixtures/formats/sms-backup.xml")
    let result = try sandbox.chatrender(["render", backup.path, "--all-chats", "-o", "out", "-f", "svg"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      sandbox.files(in: "out")
        == ["BANKALERT.svg", "Layla Haddad.svg", "Rosa Delgado, Wei Zhang.svg", "Rosa Delgado.svg", "Wei Zhang.svg"])
  }

  @Test("--all-chats renders chats that share a name, or whose name is blank, each to its own file")
  func allChatsWithSharedNames() throws {
    let sandbox = try Sandbox()
    let conversations = ["Ana", "Ana", " "].enumerated().map { index, title in
      "{\"title\": \"\(title)\", \"create_time\": \(1_700_000_000 + index), \"current_node\": \"n\", \"mapping\": {"
        + "\"n\": {\"id\": \"n\", \"parent\": null, \"children\": [], \"message\": {\"author\": {\"role\": \"user\"},"
        + " \"content\": {\"content_type\": \"text\", \"parts\": [\"chat \(index + 1)\"]}}}}}"
    }
    try sandbox.write("[" + conversations.joined(separator: ",\n") + "]", to: "conversations.json")
    let result = try sandbox.chatrender(["render", "conversations.json", "--all-chats", "-o", "out", "-f", "svg"])
    #expect(result.status == 0, "\(result.standardError)")
    let files = sandbox.files(in: "out")
    #expect(files.count == 3, "\(files)")
    // Each file draws its own chat ("chat 1", "chat 2", "chat 3"): no two are alike.
    #expect(Set(try files.map { try sandbox.bytes("out/" + $0) }).count == 3)
  }

  @Test("an unknown --name placeholder is a usage error")
  func badTemplate() throws {
    let sandbox = try chatGPTExport()
    let result = try sandbox.chatrender([
      "render", "conversations.json", "--all-chats", "-o", "out", "--name", "{title}",
    ])
    #expect(result.status == 2)
    #expect(result.standardError.contains("unknown placeholder '{title}'"))
  }
}
