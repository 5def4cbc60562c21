import Foundation

@_spi(Pages) @testable import ChatRender

/// Avatar pictures of our own (Fixtures/avatars, made with Python's PIL): `magenta.png`, a
/// 96 × 96 square of one colour; `teal-wide.jpg`, 120 × 80 teal with red bands 16 pixels wide
/// at its left and right, which covering a square crops off; `magenta-large.png`, 1024 × 1024;
/// `broken.png`, a PNG cut after its header, which reads but does not decode.
enum AvatarFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/avatars")

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

  static let magenta = Color(rgb: 0xD81B60)
  static let teal = Color(rgb: 0x00897B)
  static let red = Color(rgb: 0xE60000)

  /// A group chat: Ana (magenta) and Ben (teal-wide) with pictures, Cy with none, each
  /// speaking in two runs, and Sam ("me").
  static func chat(ana: String? = path("magenta.png"), ben: String? = path("teal-wide.jpg")) throws -> Transcript {
    var transcript = try TestTranscripts.json(
      """
      {"version": 1, "me": "sam",
       "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana Lima"},
                        {"id": "ben", "name": "Ben Okafor"}, {"id": "cy", "name": "Cy Park"}],
       "messages": [
        {"from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Morning all"},
        {"from": "ben", "time": "2025-03-01T09:31:00Z", "text": "Hi Ana"},
        {"from": "cy", "time": "2025-03-01T09:32:00Z", "text": "Hello"},
        {"from": "sam", "time": "2025-03-01T09:33:00Z", "text": "Coffee?"},
        {"from": "ana", "time": "2025-03-01T09:34:00Z", "text": "Yes please"},
        {"from": "ben", "time": "2025-03-01T09:35:00Z", "text": "Two sugars"},
        {"from": "cy", "time": "2025-03-01T09:36:00Z", "text": "None for me"}
       ]}
      """)
    transcript.participants[1].avatar = ana.map { .file(path: $0) }
    transcript.participants[2].avatar = ben.map { .file(path: $0) }
    return transcript
  }

  /// The avatars of laid-out pages, in page order.
  static func avatars(_ pages: [LaidOutPage]) -> [AvatarItem] {
    pages.flatMap { $0.items }.compactMap { if case .avatar(let avatar) = $0 { avatar } else { nil } }
  }
}
