import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Voice notes are drawn as the apps draw them: a play button, the waveform of the audio and
/// its length, never the file name (issue "Everyday content", point 7).
@Suite("voice notes")
struct VoiceNoteTests {
  init() { TestEnvironment.prepare() }

  /// Two seconds of Opus made for these tests: half a second loud, half a second of
  /// silence, then a second growing louder.
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/audio/PTT-20250412-WA0012.opus").path

  @Test("an Opus file gives its length and the loudness of each stretch")
  func readsOpus() throws {
    let note = try #require(VoiceNote.read(Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture)))))
    #expect(abs((note.duration ?? 0) - 2.0) < 0.05)
    #expect(note.peaks.count == VoiceNote.bars)
    #expect(note.peaks[1...6].allSatisfy { $0 > 0.6 }, "\(note.peaks)")
    #expect(note.peaks[10...14].allSatisfy { $0 < 0.15 }, "\(note.peaks)")
    #expect(note.peaks[30] > note.peaks[18] + 0.3, "\(note.peaks)")
  }

  @Test("what is not Opus gives nothing; the neutral waveform keeps the export's length")
  func notOpus() {
    #expect(VoiceNote.read(Array("not audio".utf8)) == nil)
    #expect(VoiceNote.read([]) == nil)
    let neutral = VoiceNote.neutral(duration: 12)
    #expect(neutral.duration == 12 && neutral.peaks.count == VoiceNote.bars)
  }

  /// The laid-out items of one voice note from `source`, in a bubble of `theme`.
  func items(source: AttachmentSource?, duration: Double? = nil, theme: Theme = .default) throws -> [LayoutItem] {
    var chat = try TestTranscripts.chat("me: Sam\n\n[2025-04-12 09:30] Ana: \n", path: "voice.chat")
    chat.messages = [
      Message(
        authorID: chat.participants.first { $0.name == "Ana" }?.id ?? "ana", text: "",
        extras: MessageExtras(attachments: [
          Attachment(kind: .audio, fileName: "PTT-20250412-WA0012.opus", source: source, duration: duration)
        ]))
    ]
    let options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    var pages = try ChatRenderer(theme: theme, options: options).pages(of: chat)
    let first = pages.next()
    return try #require(first).items
  }

  @Test(
    "a voice note is a play button, a waveform and its length, with no file name",
    arguments: [Theme.default, .whatsapp])
  func drawn(theme: Theme) throws {
    let items = try items(source: .file(path: Self.fixture), theme: theme)
    let texts = items.compactMap { item -> String? in if case .text(let text) = item { text.text.text } else { nil } }
    #expect(texts.contains("▶"))
    #expect(texts.contains("0:02"))
    #expect(!texts.contains { $0.contains("PTT-") || $0.contains(".opus") })
    let boxes = items.compactMap { item -> BoxItem? in if case .box(let box) = item { box } else { nil } }
    let bars = boxes.filter { $0.frame.width < 3 }
    #expect(bars.count == VoiceNote.bars)
    #expect(Set(bars.map(\.frame.height)).count > 3, "the bars follow the audio's loudness")
    #expect(boxes.contains { $0.frame.width == 30 && $0.frame.height == 30 }, "the play button")
  }

  @Test("without its file, a voice note keeps the export's length on a neutral waveform")
  func withoutFile() throws {
    let texts = try items(source: nil, duration: 83).compactMap { item -> String? in
      if case .text(let text) = item { text.text.text } else { nil }
    }
    #expect(texts.contains("1:23"))
    #expect(!texts.contains { $0.contains(".opus") })
  }
}
