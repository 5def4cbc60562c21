import Foundation
import Testing

/// What `--redact` writes outside the page: file names, PDF metadata, PNG text chunks,
/// running headers, and the pictures of a real export (issues 23 and 26).
@Suite struct RedactionCLITests {
  /// A WhatsApp chat of Ana Souza and Rui Lima, with an IBAN, a phone number and a name in
  /// its file name.
  static let whatsApp = """
    [14/03/2024, 18:00:00] Ana Souza: Pay DE89 3704 0044 0532 0130 00 please, Souza family account
    [14/03/2024, 18:01:00] Rui Lima: ok, call me on 4155550142 or 01 23 45 67 89
    [14/03/2024, 18:02:00] Ana Souza: Meet at 14:20 on 3 May, costs 25 €

    """

  static let secrets = ["Ana", "Souza", "Rui", "Lima", "DE89", "4155550142", "01 23 45"]

  static func pdfText(_ sandbox: Sandbox, _ file: String) throws -> String {
    try sandbox.run("/usr/bin/pdftotext", [file, "-"]).outputText
  }

  @Test("the default output name of a redacted render names no one")
  func defaultOutputName() throws {
    let sandbox = try Sandbox(writing: Self.whatsApp, to: "WhatsApp Chat with Ana Souza.txt")
    let result = try sandbox.chatrender(["render", "WhatsApp Chat with Ana Souza.txt", "--redact", "-f", "pdf"])
    try #require(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files() == ["Chat 1.pdf", "WhatsApp Chat with Ana Souza.txt"])
    #expect(!result.standardError.contains("Chat with Ana Souza.pdf"))
    let named = try sandbox.chatrender([
      "render", "WhatsApp Chat with Ana Souza.txt", "--redact", "--name", "{chat} {input}", "-o", "out", "-f", "pdf",
    ])
    try #require(named.status == 0, "\(named.standardError)")
    let files = sandbox.files(in: "out")
    #expect(files.count == 1 && files.allSatisfy { !$0.contains("Ana") && !$0.contains("Souza") }, "\(files)")
  }

  @Test("--all-chats --name '{chat}' under --redact names files 'Chat N', not by their titles")
  func allChatsNames() throws {
    let sandbox = try Sandbox()
    let conversations = ["Ana Souza", "+1 415 555 0142"].enumerated().map { index, title in
      "{\"title\": \"\(title)\", \"create_time\": \(1_700_000_000 + index), \"current_node\": \"n\", \"mapping\": {"
        + "\"n\": {\"id\": \"n\", \"parent\": null, \"children\": [], \"message\": {\"author\": {\"role\": \"user\"},"
        + " \"content\": {\"content_type\": \"text\", \"parts\": [\"chat \(index + 1)\"]}}}}}"
    }
    try sandbox.write("[" + conversations.joined(separator: ",\n") + "]", to: "conversations.json")
    let result = try sandbox.chatrender([
      "render", "conversations.json", "--all-chats", "--name", "{chat}", "-o", "out", "-f", "pdf", "--redact",
    ])
    try #require(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files(in: "out") == ["Chat 1.pdf", "Chat 2.pdf"])
    for file in ["out/Chat 1.pdf", "out/Chat 2.pdf"] {
      let info = try sandbox.run("/usr/bin/pdfinfo", [file]).outputText
      #expect(!info.contains("Ana") && !info.contains("415"), "\(info)")
      let text = try Self.pdfText(sandbox, file)
      #expect(!text.contains("Souza"))
    }
  }

  @Test("a redacted PDF's metadata, headers and text hold no name, IBAN or number")
  func pdfHoldsNoSecret() throws {
    let sandbox = try Sandbox(writing: Self.whatsApp, to: "chat.txt")
    let result = try sandbox.chatrender(["render", "chat.txt", "--redact", "-o", "r.pdf", "--me", "Rui Lima"])
    try #require(result.status == 0, "\(result.standardError)")
    let info = try sandbox.run("/usr/bin/pdfinfo", ["r.pdf"]).outputText
    let text = try Self.pdfText(sandbox, "r.pdf")
    let raw = String(decoding: try sandbox.bytes("r.pdf"), as: UTF8.self)
    for secret in Self.secrets {
      #expect(!info.contains(secret), "\(secret) in \(info)")
      #expect(!text.contains(secret), "\(secret) in \(text)")
      #expect(!raw.contains(secret), "\(secret) in the PDF's bytes")
    }
    #expect(text.contains("[IBAN]") && text.contains("Meet at 14:20 on 3 May, costs 25 €"))
  }

  @Test("a redacted PNG's text chunks and PDF's evidence hold no channel name, participant or file name")
  func pngChunksHoldNoSecret() throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      """
      {"version": 1, "title": "#souza-family-lawsuit", "me": "rui",
       "participants": [{"id": "ana", "name": "Ana Souza"}, {"id": "rui", "name": "Rui Lima"}],
       "messages": [{"from": "ana", "time": "2024-03-14T18:00:00Z", "text": "hello Rui"}]}
      """, to: "Ana Souza.json")
    let result = try sandbox.chatrender(["render", "Ana Souza.json", "--redact", "--evidence", "-o", "r.png"])
    try #require(result.status == 0, "\(result.standardError)")
    let png = String(decoding: try sandbox.bytes("r.png"), as: UTF8.self)
    #expect(png.contains("tEXt"))
    for secret in ["souza", "Souza", "lawsuit", "Ana", "Rui"] { #expect(!png.contains(secret), "\(secret)") }
    let pdf = try sandbox.chatrender(["render", "Ana Souza.json", "--redact", "--evidence", "-o", "r.pdf"])
    try #require(pdf.status == 0, "\(pdf.standardError)")
    let info = try sandbox.run("/usr/bin/pdfinfo", ["r.pdf"]).outputText
    #expect(info.contains("Title:           Chat"), "\(info)")
    let text = try Self.pdfText(sandbox, "r.pdf")
    for secret in ["souza", "Souza", "lawsuit", "Ana", "Rui"] {
      #expect(!info.contains(secret) && !text.contains(secret), "\(secret)")
    }
  }

  /// The WhatsApp media sample (photos of 1024×768 and 768×1024 pixels, a 512-pixel sticker).
  static func mediaSample() throws -> Sandbox {
    let sandbox = try Sandbox()
    try FileManager.default.copyItem(
      atPath: TestPaths.sample("WhatsApp_Chat_-_Ana_Costa.zip"), toPath: sandbox.path + "/wa.zip")
    return sandbox
  }

  /// `pdfimages -list` rows (page num type width height …) of the sandbox's `file`.
  static func images(_ sandbox: Sandbox, _ file: String) throws -> [[Substring]] {
    let listing = try sandbox.run("/usr/bin/pdfimages", ["-list", file]).outputText
    return listing.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }.filter { $0[2] == "image" }
  }

  @Test("a redacted PDF of the WhatsApp media sample holds no photo, only the chips' emoji icons")
  func mediaSampleHoldsNoPhoto() throws {
    let sandbox = try Self.mediaSample()
    let plain = try sandbox.chatrender(["render", "wa.zip", "-o", "plain.pdf"])
    try #require(plain.status == 0, "\(plain.standardError)")
    #expect(try Self.images(sandbox, "plain.pdf").contains { $0[3] == "1024" && $0[4] == "768" })
    let result = try sandbox.chatrender(["render", "wa.zip", "--redact", "-o", "r.pdf"])
    try #require(result.status == 0, "\(result.standardError)")
    // The grey images are the whatsapp look's bubble shadows.
    let images = try Self.images(sandbox, "r.pdf").filter { $0[5] != "gray" }
    // Noto Color Emoji's glyphs at 300 per inch are about 100 pixels: nothing of a photo's size.
    #expect(images.allSatisfy { (Int($0[3]) ?? .max) <= 128 && $0[8] != "jpeg" }, "\(images)")
    let text = try Self.pdfText(sandbox, "r.pdf")
    #expect(text.contains("Photo (redacted)") && !text.contains("Ana") && !text.contains("Trail_Map"))
  }

  @Test("parse --redact of the WhatsApp media sample names no person, file or archive")
  func mediaSampleJSON() throws {
    let sandbox = try Self.mediaSample()
    try FileManager.default.moveItem(
      atPath: sandbox.path + "/wa.zip", toPath: sandbox.path + "/WhatsApp Chat with Ana.zip")
    let result = try sandbox.chatrender(["parse", "WhatsApp Chat with Ana.zip", "--redact"])
    try #require(result.status == 0, "\(result.standardError)")
    for secret in ["Ana", "Costa", "Sam", "Whitfield", "Trail", "PHOTO", "STICKER", "AUDIO", ".zip"] {
      #expect(!result.outputText.contains(secret), "\(secret)")
    }
  }

  @Test("--redact-pictures blur keeps a few pixels of each picture")
  func blurredMediaSample() throws {
    let sandbox = try Self.mediaSample()
    let result = try sandbox.chatrender(["render", "wa.zip", "--redact", "--redact-pictures", "blur", "-o", "b.pdf"])
    try #require(result.status == 0, "\(result.standardError)")
    let tiny = try Self.images(sandbox, "b.pdf").filter { (Int($0[3]) ?? .max) <= 6 && (Int($0[4]) ?? .max) <= 6 }
    #expect(tiny.count == 3, "two photos and the sticker: \(tiny)")
    #expect(try Self.images(sandbox, "b.pdf").filter { $0[5] != "gray" }.allSatisfy { (Int($0[3]) ?? .max) <= 128 })
  }

  @Test("--redact-pictures needs --redact and one of its values")
  func redactPicturesUsage() throws {
    let sandbox = try Sandbox(writing: Self.whatsApp, to: "chat.txt")
    let alone = try sandbox.chatrender(["render", "chat.txt", "--redact-pictures", "blur", "-o", "x.png"])
    #expect(alone.status == 2 && alone.standardError.contains("add --redact"))
    let wrong = try sandbox.chatrender(["render", "chat.txt", "--redact", "--redact-pictures", "pixelate"])
    #expect(wrong.status == 2 && wrong.standardError.contains("expected placeholder or blur"))
    #expect(!sandbox.exists("x.png"))
  }
}
