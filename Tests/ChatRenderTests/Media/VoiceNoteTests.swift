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
    let note = try VoiceNote.read(Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture))))
    #expect(abs((note.duration ?? 0) - 2.0) < 0.05)
    #expect(note.peaks.count == VoiceNote.bars)
    #expect(note.peaks[1...6].allSatisfy { $0 > 0.6 }, "\(note.peaks)")
    #expect(note.peaks[10...14].allSatisfy { $0 < 0.15 }, "\(note.peaks)")
    #expect(note.peaks[30] > note.peaks[18] + 0.3, "\(note.peaks)")
  }

  @Test("what is not Opus says why; the neutral waveform keeps the export's length")
  func notOpus() throws {
    let opus = Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
    #expect(throws: VoiceNote.Problem.notAudio) { try VoiceNote.read(Array("not audio".utf8)) }
    #expect(throws: VoiceNote.Problem.notAudio) { try VoiceNote.read(try PictureFixtures.bytes("quadrants.jpg")) }
    #expect(throws: VoiceNote.Problem.empty) { try VoiceNote.read([]) }
    #expect(throws: VoiceNote.Problem.damaged) { try VoiceNote.read(Array(opus.prefix(60))) }
    #expect(throws: VoiceNote.Problem.otherFormat) { try VoiceNote.read(Array("ID3\u{4}\0\0\0\0\0\0".utf8)) }
    let neutral = VoiceNote.neutral(duration: 12, seed: 1)
    #expect(neutral.duration == 12 && neutral.peaks.count == VoiceNote.bars)
  }

  @Test("broken voice notes (empty, a JPEG, cut short, missing) are drawn neutral with a warning each, once")
  func brokenNotesAreWarnedAbout() throws {
    let opus = Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
    try TemporaryFolder.with { folder in
      let files: [(String, [UInt8])] = [
        ("empty.opus", []), ("photo.opus", try PictureFixtures.bytes("quadrants.jpg")),
        ("cut.opus", Array(opus.prefix(60))),
      ]
      let catalog = PictureCatalog()
      for (name, bytes) in files {
        let url = folder.appendingPathComponent(name)
        try TemporaryFolder.write(bytes, to: url)
        for _ in 0..<2 {
          let note = catalog.voiceNote(of: .file(path: url.path), duration: 7, name: name)
          #expect(note == .neutral(duration: 7, seed: VoiceNote.seed(of: bytes)))
        }
      }
      _ = catalog.voiceNote(of: .file(path: folder.path + "/gone.opus"), duration: nil, name: "gone.opus")
      let warnings = catalog.takeWarnings().map(\.message)
      #expect(warnings.count == 4, "\(warnings)")
      for (name, reason) in [
        ("empty.opus", "the file is empty"), ("photo.opus", "the file is not audio"),
        ("cut.opus", "the Opus audio is damaged or cut short"), ("gone.opus", ""),
      ] {
        #expect(
          warnings.contains { $0.hasPrefix("voice note '\(name)' is drawn with a neutral waveform: \(reason)") },
          "\(name): \(warnings)")
      }
    }
  }

  @Test("a render decodes voice notes within its audio budget: the rest are neutral, with one warning")
  func audioBudgetBoundsAChatOfNotes() throws {
    let opus = Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
    try TemporaryFolder.with { folder in
      // Two-second notes, a budget of five seconds: two are decoded.
      let catalog = PictureCatalog(decodeAheadAt: nil, audioBudget: 5)
      var notes: [VoiceNote] = []
      for index in 0..<4 {
        let url = folder.appendingPathComponent("PTT-\(index).opus")
        try TemporaryFolder.write(opus, to: url)
        notes.append(catalog.voiceNote(of: .file(path: url.path), duration: nil, name: url.lastPathComponent))
      }
      let neutral = VoiceNote.neutral(duration: nil, seed: VoiceNote.seed(of: opus)).peaks
      #expect(notes.map { $0.peaks == neutral } == [false, false, true, true])
      #expect(notes.allSatisfy { abs(($0.duration ?? 0) - 2) < 0.05 }, "the length still comes from the header")
      #expect(
        catalog.takeWarnings().map(\.message) == [
          "the voice notes left are drawn with a neutral waveform: seconds of audio decoded in one render over the 5 limit (raise it with CHATRENDER_MAX_AUDIO_SECONDS)"
        ])
    }
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

  @Test("a note whose audio gives no waveform has a shape of its own, the same in every run")
  func neutralShapesDifferButStay() {
    #expect(VoiceNote.seed(of: Array("abc".utf8)) == 0xE71F_A219_0541_574B, "64-bit FNV-1a, the same everywhere")
    let first = VoiceNote.neutral(duration: 4, seed: VoiceNote.seed(of: Array("one note".utf8)))
    let again = VoiceNote.neutral(duration: 4, seed: VoiceNote.seed(of: Array("one note".utf8)))
    let other = VoiceNote.neutral(duration: 4, seed: VoiceNote.seed(of: Array("another note".utf8)))
    #expect(first == again)
    #expect(zip(first.peaks, other.peaks).filter { abs($0 - $1) > 0.05 }.count > VoiceNote.bars / 3)
    for note in [first, other] {
      #expect(note.peaks.count == VoiceNote.bars && note.peaks.max() == 1)
      #expect(note.peaks.allSatisfy { $0 >= 0.12 && $0 <= 1 })
      #expect(Set(note.peaks.map { ($0 * 20).rounded() }).count > 5, "bars of many heights: \(note.peaks)")
    }
    #expect(
      VoiceNote.seed(name: "PTT-1.opus", duration: 12) != VoiceNote.seed(name: "PTT-2.opus", duration: 12))
    #expect(VoiceNote.seed(name: "PTT-1.opus", duration: 12) != VoiceNote.seed(name: "PTT-1.opus", duration: 13))
    // Any length an export may claim makes a seed, however large.
    #expect(VoiceNote.seed(name: nil, duration: 1e300) != VoiceNote.seed(name: nil, duration: .infinity))
  }

  @Test("two notes of another format, or two missing ones, are drawn apart, each from what it is")
  func otherFormatsAndMissingNotesDiffer() throws {
    try TemporaryFolder.with { folder in
      let catalog = PictureCatalog()
      var notes: [VoiceNote] = []
      for (index, bytes) in [Array("\0\0\0\u{18}ftypM4A one".utf8), Array("\0\0\0\u{18}ftypM4A two".utf8)].enumerated()
      {
        let url = folder.appendingPathComponent("note-\(index).m4a")
        try TemporaryFolder.write(bytes, to: url)
        notes.append(catalog.voiceNote(of: .file(path: url.path), duration: 5, name: url.lastPathComponent))
        #expect(notes.last == .neutral(duration: 5, seed: VoiceNote.seed(of: bytes)))
      }
      #expect(notes[0].peaks != notes[1].peaks)
      #expect(catalog.takeWarnings().isEmpty, "another format is no fault")
      let missing = ["a.opus", "b.opus"].map { catalog.voiceNote(of: nil, duration: 5, name: $0) }
      #expect(missing[0].peaks != missing[1].peaks)
      #expect(missing[0] == catalog.voiceNote(of: nil, duration: 5, name: "a.opus"))
    }
  }

  @Test("an export's waveform is gathered into the bars, the loudest at full height")
  func exportedWaveform() throws {
    let long = (0..<256).map { Double($0 % 64) / 255 }
    let note = try #require(VoiceNote.exported(long, duration: 3))
    #expect(note.peaks.count == VoiceNote.bars && note.duration == 3)
    #expect(note.peaks.max() == 1 && note.peaks.allSatisfy { $0 >= 0.08 })
    let short = try #require(VoiceNote.exported([0.2, 1, 0.5], duration: nil))
    #expect(short.peaks.count == VoiceNote.bars)
    #expect(short.peaks.first == 0.2 && short.peaks.last == 0.5)
    #expect(VoiceNote.exported([], duration: 1) == nil)
  }

  @Test("a Discord voice message's own length and waveform are read and drawn")
  func discordWaveformIsDrawn() throws {
    let json = """
      {"guild": {"id": "1", "name": "Pedals"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "builds"},
       "messages": [{"id": "3", "type": "Default", "timestamp": "2024-03-09T18:40:58Z", "content": "",
         "author": {"id": "9", "name": "Lena"},
         "attachments": [{"id": "4", "url": "https://cdn.example/voice-message.ogg", "fileName": "voice-message.ogg",
                          "fileSizeBytes": 9000, "duration_secs": 3.5, "waveform": "AID/QA=="}]}]}
      """
    let (transcript, warnings) = try ImportFixtures.parse(ImportFixtures.input(text: json), with: DiscordFormat())
    #expect(warnings.isEmpty)
    let attachment = try #require(transcript.messages.first?.extras.attachments.first)
    #expect(attachment.duration == 3.5 && attachment.isVoiceNote)
    #expect(attachment.waveform == [0, 128.0 / 255, 1, 64.0 / 255])
    let options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    var pages = try ChatRenderer(theme: .default, options: options).pages(of: transcript)
    let first = pages.next()
    let items = try #require(first).items
    let bars = items.compactMap { item -> BoxItem? in if case .box(let box) = item { box } else { nil } }
      .filter { $0.frame.width < 3 }
    let heights = bars.map(\.frame.height)
    #expect(bars.count == VoiceNote.bars && heights.max() == 22, "\(heights)")
    #expect(heights[0] == 3 && heights[16] == 22, "silence, then the loudest level: \(heights)")
    let bad = json.replacingOccurrences(of: "AID/QA==", with: "not base64!")
    try ImportFixtures.expectParseError(
      bad, with: DiscordFormat(), at: "5:78", "expected base64 for 'waveform', one byte a level")
  }
}
