import Foundation
import Testing

/// The iMessage database of `Samples/imessage/` through the command line: listing its chats,
/// rendering one with its HEIC photo, and the database size limit.
@Suite("iMessage database")
struct IMessageCommandTests {
  static let database = TestPaths.sample("imessage/chat.db")

  @Test("parse --list names each chat with its participants, counts and days")
  func list() throws {
    let result = try Sandbox().chatrender(["parse", "--list", Self.database])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.outputText == """
        Hiking Sunday 🥾 — 3 participants: +15551234567, bo@example.com, +15559876543; 7 messages, \
        2024-06-01 to 2024-06-01 (UTC); iMessage
        +15551234567 — 1 participant: +15551234567; 4 messages, 2024-06-01 to 2024-06-01 (UTC); SMS and iMessage

        """)
  }

  @Test("--chat by phone number, --names, and the HEIC photo drawn, not a chip")
  func renderWithNames() throws {
    let sandbox = try Sandbox()
    try """
    BEGIN:VCARD
    VERSION:3.0
    FN:Ana Souza
    TEL;type=CELL:+1 555 123 4567
    END:VCARD

    """.write(toFile: sandbox.path + "/contacts.vcf", atomically: true, encoding: .utf8)
    let parsed = try sandbox.chatrender(["parse", Self.database, "--chat", "Hiking", "--names", "contacts.vcf"])
    #expect(parsed.status == 0, "\(parsed.standardError)")
    #expect(parsed.outputText.contains("\"name\": \"Ana Souza\""))
    #expect(parsed.outputText.contains("IMG_2041.HEIC"))
    let rendered = try sandbox.chatrender([Self.database, "--chat", "hiking", "-t", "imessage", "-o", "hike.png"])
    #expect(rendered.status == 0, "\(rendered.standardError)")
    // Every attachment is found and decoded: no warning at all.
    #expect(rendered.standardError == "chatrender: wrote hike.png\n")
    #expect(sandbox.exists("hike.png"))
  }

  @Test("CHATRENDER_MAX_DATABASE_BYTES refuses a larger database, naming it")
  func sizeLimit() throws {
    let result = try Sandbox().chatrender(
      ["parse", Self.database, "--chat", "1"], environment: ["CHATRENDER_MAX_DATABASE_BYTES": "4k"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "chat.db: error: database file size over the 4 KiB limit (raise it with CHATRENDER_MAX_DATABASE_BYTES)"),
      "\(result.standardError)")
  }
}
