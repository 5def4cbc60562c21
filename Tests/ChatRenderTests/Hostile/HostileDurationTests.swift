import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Lengths a library user or a stranger's file may put in a `Transcript` (issue 35, point 7):
/// every Double is drawn, none traps.
@Suite struct HostileDurationTests {
  init() { TestEnvironment.prepare() }

  @Test("a length that is no recording's (1e300, 1e20, −1e300, NaN, ∞) is drawn as unknown")
  func anyDurationFormats() {
    for seconds in [1e300, 1e20, -1e300, -1, .nan, .infinity, -.infinity, 1e9] {
      #expect(BlockBuilder.clock(seconds) == "–:––", "\(seconds)")
    }
    #expect(BlockBuilder.clock(83.4) == "1:23")
    #expect(BlockBuilder.clock(0) == "0:00")
    #expect(BlockBuilder.clock(5517) == "1:31:57")
    #expect(BlockBuilder.clock(3600) == "1:00:00")
    #expect(BlockBuilder.clock(BlockBuilder.longestClock) == "8784:00:00")
  }

  @Test("voice notes, videos and files with such lengths are laid out")
  func anyDurationIsLaidOut() throws {
    let lengths = [1e300, 1e20, -1e300, .nan, .infinity]
    let attachments = lengths.enumerated().flatMap { index, seconds in
      [
        Attachment(kind: .audio, fileName: "PTT-\(index).opus", duration: seconds),
        Attachment(kind: .video, fileName: "VID-\(index).mp4", duration: seconds),
      ]
    }
    let transcript = Transcript(
      participants: [Participant(id: "a", name: "Ana")],
      messages: [Message(authorID: "a", text: "", extras: MessageExtras(attachments: attachments))])
    for format in [OutputFormat.png, .pdf] {
      let rendered = try ChatRenderer(options: ExportOptions(format: format)).render(transcript)
      #expect(!rendered.isEmpty, "\(format)")
    }
  }
}
