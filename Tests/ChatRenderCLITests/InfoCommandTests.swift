import Foundation
import Testing

/// `parse`, `formats` and `themes`.
@Suite("parse, formats, themes")
struct InfoCommandTests {
  /// The messages of a JSON transcript, as `(from, text)`.
  private func messages(_ json: [UInt8]) throws -> [(from: String?, text: String)] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    let list = try #require(object["messages"] as? [[String: Any]])
    return list.map { ($0["from"] as? String, $0["text"] as? String ?? "") }
  }

  @Test("parse prints our JSON, version 1, with every message")
  func parse() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "world.chat")
    let result = try sandbox.chatrender(["parse", "world.chat"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.outputText.contains("\"version\": 1"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any])
    #expect(object["title"] as? String == "Around the world")
    #expect(object["me"] as? String == "me")
    let parsed = try messages(result.standardOutput)
    #expect(parsed.count == 11)
    #expect(parsed[0].from == "ana")
    #expect(parsed[0].text == "Good morning! 👋 Are we still on for lunch?")
    #expect(parsed[1].from == "me")
    #expect(
      parsed[3].text == "Great, I'll book a table for three.\nI'll ask for the one by the window 🪟")
    #expect(parsed[4].from == nil)
    #expect(parsed[4].text == "Ana added Karim")
    #expect(parsed[8].text == "שלום! תודה על הארוחה אתמול")
  }

  @Test("parse → render round trip, and parse of the JSON gives the same JSON")
  func roundTrip() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "world.chat")
    let parsed = try sandbox.chatrender(["parse", "world.chat", "-o", "world.json"])
    #expect(parsed.status == 0)
    #expect(parsed.standardOutput.isEmpty)
    let json = try sandbox.bytes("world.json")

    let rendered = try sandbox.chatrender([
      "render", "world.json", "-o", "from-json.png", "--width", "400",
    ])
    #expect(rendered.status == 0)
    #expect(rendered.standardError == "chatrender: wrote from-json.png\n")
    let direct = try sandbox.chatrender([
      "render", "world.chat", "-o", "from-chat.png", "--width", "400",
    ])
    #expect(direct.status == 0)
    let fromJSON = try #require(PNGHeader(try sandbox.bytes("from-json.png")))
    #expect(fromJSON == PNGHeader(try sandbox.bytes("from-chat.png")))

    let again = try sandbox.chatrender(["parse", "world.json"])
    #expect(again.status == 0)
    #expect(again.standardOutput == json)
  }

  @Test("parse reads our JSON sample and stdin")
  func parseJSONAndStandardInput() throws {
    let sandbox = try Sandbox()
    let sample = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("assistant.json")))
    let fromFile = try sandbox.chatrender(["parse", TestPaths.sample("assistant.json")])
    #expect(fromFile.status == 0)
    let fromStandardInput = try sandbox.chatrender(["parse", "-"], stdin: [UInt8](sample))
    #expect(fromStandardInput.status == 0)
    #expect(fromStandardInput.standardOutput == fromFile.standardOutput)
    #expect(try !messages(fromFile.standardOutput).isEmpty)
  }

  @Test("parse of a broken file exits 1 with its location")
  func parseBroken() throws {
    let sandbox = try Sandbox(writing: "{\"version\": 1, \"messages\": [{\"from\": 3}]}\n", to: "bad.json")
    let result = try sandbox.chatrender(["parse", "bad.json"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("chatrender: bad.json:1:"))
    #expect(result.standardError.contains("error:"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test("formats lists chat and json, one name a line in a pipe")
  func formats() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["formats"])
    #expect(result.status == 0)
    let names = result.outputText.split(separator: "\n").map(String.init)
    #expect(names.contains("chat"))
    #expect(names.contains("json"))
    #expect(names.allSatisfy { !$0.contains(" ") })
    // By family, the most used apps first; our own formats last.
    #expect(Array(names.prefix(4)) == ["whatsapp", "whatsapp-zip", "messenger", "telegram"])
    #expect(Array(names.suffix(3)) == ["chat", "json", "plain"])
    #expect(names.firstIndex(of: "discord")! < names.firstIndex(of: "chatgpt")!)
  }

  @Test("formats --long says what to give each: its extension or a folder, then what it reads")
  func formatsLong() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["formats", "--long"])
    #expect(result.status == 0)
    let lines = result.outputText.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("whatsapp-zip") && $0.contains(".zip or folder") && $0.contains("media") })
    #expect(lines.contains { $0.hasPrefix("chat ") && $0.contains(".chat") })
    #expect(lines.allSatisfy { $0.components(separatedBy: "  ").filter { !$0.isEmpty }.count >= 3 })
  }

  @Test("formats --long says for each app how to get its export")
  func formatsLongSaysHowToExport() throws {
    let result = try Sandbox().chatrender(["formats", "--long"])
    let lines = result.outputText.split(separator: "\n").map(String.init)
    let howTo = [
      ("whatsapp ", "Export chat"), ("whatsapp-zip", "Include media"), ("telegram", "Export chat history"),
      ("discord", "DiscordChatExporter"), ("chatgpt", "Export data"), ("claude", "Export data"),
      ("messenger", "Download your information"), ("slack", "Import/Export data"), ("sms", "SMS Backup & Restore"),
      ("irc", "log folder"), ("signal", "sigexport"), ("kakaotalk", "대화 내보내기"), ("line", "Export chat history"),
      ("matrix", "Export chat"), ("skype", "Export files and chat history"), ("googlechat", "Takeout"),
      ("hangouts", "Takeout"), ("googlevoice", "Takeout"), ("googletakeout", "Takeout"),
      ("threema", "Export chat"),
      ("x", "Download an archive"), ("snapchat", "My Data"), ("discord-package", "Request all of my data"),
      ("linkedin", "Get a copy of your data"), ("viber", "Email message history"), ("json", "chatrender parse"),
    ]
    for (name, words) in howTo {
      #expect(lines.contains { $0.hasPrefix(name) && $0.contains(words) }, "\(name)")
    }
  }

  @Test("themes lists default")
  func themes() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["themes"])
    #expect(result.status == 0)
    #expect(result.outputText.split(separator: "\n").contains("default"))
  }
}
