import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A Takeout of several products: every chat of each, each read by its product's reader.
@Suite struct GoogleTakeoutFormatTests {
  static let products = ["google-chat-takeout", "hangouts-takeout", "google-voice-takeout"]

  /// The three products' fixtures side by side under one `Takeout/`, as one download holds them.
  static func takeout() throws -> (input: ImportInput, folder: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("takeout-\(UUID().uuidString)")
    let takeout = folder.appendingPathComponent("Takeout")
    try FileManager.default.createDirectory(at: takeout, withIntermediateDirectories: true)
    for product in products {
      let source = URL(fileURLWithPath: ImportFixtures.path(product + "/Takeout"))
      for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
        try FileManager.default.copyItem(
          at: source.appendingPathComponent(name), to: takeout.appendingPathComponent(name))
      }
    }
    return (try ImportInput.open(folder.path), folder)
  }

  @Test func listsTheChatsOfEveryProduct() throws {
    let (input, folder) = try Self.takeout()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Importer.detect(input)?.name == "googletakeout")
    #expect(
      try GoogleTakeoutFormat().listChats(input) == [
        "Google Chat - Ana Costa", "Google Chat - Harbour Walk", "Hangouts - Ana Costa", "Hangouts - Harbour Walk",
        "Google Voice - Ana Costa", "Google Voice - Ana Costa, Cy Mendes",
      ])
  }

  @Test func eachChatIsReadByItsProduct() throws {
    let (input, folder) = try Self.takeout()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (chat, product, inner) in [
      ("Hangouts - Harbour Walk", "hangouts-takeout", "Harbour Walk"),
      ("google voice - ana costa, cy", "google-voice-takeout", "Ana Costa, Cy Mendes"),
      ("#1", "google-chat-takeout", "Ana Costa"),
    ] {
      let part = try Importer.part(of: GoogleTakeoutFormat(), input: input, chat: chat)
      let (whole, _) = try ImportFixtures.read(input, options: ImportOptions(chat: chat))
      let (alone, _) = try ImportFixtures.read(ImportFixtures.input(product), options: ImportOptions(chat: inner))
      #expect(Importer.detect(try ImportFixtures.input(product))?.name == part.format.name)
      #expect(MessageRow.rows(whole) == MessageRow.rows(alone), "\(chat)")
      #expect(!whole.messages.isEmpty)
    }
  }

  @Test func aChatNamedByNoProductListsThemAll() throws {
    let (input, folder) = try Self.takeout()
    defer { try? FileManager.default.removeItem(at: folder) }
    for chat in [nil, "book club"] {
      let error = try #require(throws: DiagnosticError.self) {
        _ = try ImportFixtures.read(input, options: ImportOptions(chat: chat))
      }
      #expect(error.diagnostics[0].notes.count == 6)
      #expect(error.diagnostics[0].notes[2] == "3. Hangouts - Ana Costa (hangouts)")
    }
  }

  @Test func aTakeoutOfOneProductIsThatProducts() throws {
    for product in Self.products {
      #expect(Importer.detect(try ImportFixtures.input(product))?.name != "googletakeout")
    }
  }
}
