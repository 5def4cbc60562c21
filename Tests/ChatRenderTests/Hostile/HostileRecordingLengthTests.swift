import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A voice or video note's length comes from a stranger's file: one no recording has (1e300,
/// −1e300, 1e20 seconds) is read as no length, with a warning naming its key, and never
/// reaches the drawing, which would trap on it (issue 35).
@Suite struct HostileRecordingLengthTests {
  static let absurd = ["1e300", "-1e300", "1e20", "-5"]

  static func telegram(_ seconds: String) -> String {
    """
    {"name": "Bo", "type": "personal_chat", "id": 2, "messages": [
     {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
      "file": "voice.ogg", "media_type": "voice_message", "mime_type": "audio/ogg",
      "duration_seconds": \(seconds), "text": ""}]}
    """
  }

  static func matrix(_ milliseconds: String) -> String {
    """
    {"room_name": "Room", "messages": [
     {"type": "m.room.message", "sender": "@ana:example.org", "origin_server_ts": 1704449160000,
      "event_id": "$m1", "content": {"msgtype": "m.audio", "body": "voice.ogg",
      "info": {"mimetype": "audio/ogg", "duration": \(milliseconds)}}}]}
    """
  }

  static func ours(_ seconds: String) -> String {
    """
    {"version": 1, "participants": [{"id": "a", "name": "A"}], "messages": [
     {"id": "m1", "from": "a", "time": "2024-01-01T10:00:00Z", "text": "",
      "attachments": [{"kind": "audio", "file": "voice.ogg", "duration": \(seconds)}]}]}
    """
  }

  static func durations(_ text: String) throws -> ([Double?], [String]) {
    let (transcript, warnings) = try ImportFixtures.read(ImportFixtures.input(text: text))
    return (transcript.messages.flatMap(\.extras.attachments).map(\.duration), warnings.map(\.message))
  }

  @Test(arguments: absurd)
  func telegramLengthNoRecordingHasIsNone(seconds: String) throws {
    let (durations, warnings) = try Self.durations(Self.telegram(seconds))
    #expect(durations == [nil])
    #expect(warnings.contains { $0.hasPrefix("'messages[].duration_seconds' of ") && $0.contains("ignored") })
  }

  @Test(arguments: absurd)
  func matrixLengthNoRecordingHasIsNone(seconds: String) throws {
    let (durations, warnings) = try Self.durations(Self.matrix(seconds))
    #expect(durations == [nil])
    #expect(warnings.contains { $0.hasPrefix("'messages[].content.info.duration' of ") })
  }

  @Test(arguments: absurd)
  func ourJSONLengthNoRecordingHasIsNone(seconds: String) throws {
    let (durations, warnings) = try Self.durations(Self.ours(seconds))
    #expect(durations == [nil])
    #expect(warnings.contains { $0.hasPrefix("'messages[].attachments[].duration' of ") })
  }

  @Test func aRealLengthIsKept() throws {
    #expect(try Self.durations(Self.telegram("12.5")).0 == [12.5])
    #expect(try Self.durations(Self.matrix("4000")).0 == [4])
  }

  @Test func skypeCallOfAbsurdLengthEndsWithoutOne() throws {
    let path = ImportFixtures.path("skype-messages.json")
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: "<duration>95</duration>", with: "<duration>1e300</duration>")
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input(text: text), options: ImportOptions(chat: "Ana Costa"))
    #expect(transcript.messages.contains { $0.extras.call == Call(outcome: .answered) })
  }
}
