import Foundation

/// A `chat.db` made at test time in a folder of its own: a group chat with tapbacks, a
/// thread reply, an edit, two unsends, notices, a text held only in `attributedBody` and
/// attachments; and a one-to-one chat with Ana in two rows of `chat` (iMessage and SMS).
struct IMessageFixture {
  let folder: String
  var path: String { folder + "/chat.db" }

  static let start = Date(timeIntervalSince1970: 1_709_283_600)  // 2024-03-01T09:00:00Z
  static func minute(_ minutes: Int) -> Date { start.addingTimeInterval(Double(minutes) * 60) }

  /// A new folder under the temporary directory, emptied first.
  static func folder(_ name: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imessage-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  static func make(_ name: String) throws -> IMessageFixture {
    let fixture = IMessageFixture(folder: folder(name))
    let database = try TestMessagesDatabase(path: fixture.path)
    let ana = try database.handle("+15551234567")
    let bo = try database.handle("bo@example.com")
    let anaSMS = try database.handle("+15551234567", service: "SMS")
    let group = try database.chat(identifier: "chat493827", displayName: "Trip 🏔️", group: true, handles: [ana, bo])
    typealias Row = TestMessagesDatabase.Row
    try database.message(
      Row(chat: group, guid: "N1", handle: ana, date: minute(0), itemType: 2, groupTitle: "Trip 🏔️"))
    try database.message(
      Row(chat: group, guid: "N2", handle: ana, date: minute(1), itemType: 1, otherHandle: bo))
    try database.message(Row(chat: group, guid: "G1", text: "Who's in for Saturday?", handle: ana, date: minute(2)))
    let body = TypedStreamWriter.attributedString(
      "I am! See example.com/trail @Bo",
      runs: [
        (10, [.part(0)]), (17, [.part(0), .link("https://example.com/trail")]), (1, [.part(0)]),
        (3, [.part(0), .mention("bo@example.com")]),
      ])
    try database.message(Row(chat: group, guid: "G2", text: nil, attributedBody: body, isFromMe: true, date: minute(3)))
    try database.message(
      Row(
        chat: group, guid: "T1", text: "Loved “Who's in for Saturday?”", handle: bo, date: minute(4),
        associatedGUID: "p:0/G1", associatedType: 2000))
    try database.message(
      Row(
        chat: group, guid: "T2", text: "Liked “Who's in for Saturday?”", isFromMe: true, date: minute(5),
        associatedGUID: "p:0/G1", associatedType: 2001))
    // Bo changes the heart to a laugh: the laugh replaces it.
    try database.message(
      Row(
        chat: group, guid: "T3", text: "Laughed at “Who's in for Saturday?”", handle: bo, date: minute(6),
        associatedGUID: "p:0/G1", associatedType: 2003))
    try database.message(
      Row(
        chat: group, guid: "T4", text: "Reacted 🔥 to “I am!”", handle: ana, date: minute(7),
        associatedGUID: "bp:G2", associatedType: 2006, associatedEmoji: "🔥"))
    // Then takes back the like given at minute 5.
    try database.message(
      Row(
        chat: group, guid: "T5", text: "Removed a like", isFromMe: true, date: minute(8), associatedGUID: "p:0/G1",
        associatedType: 3001))
    try database.message(
      Row(chat: group, guid: "G3", text: "Count me in", handle: bo, date: minute(9), threadOriginatorGUID: "G1"))
    try database.message(
      Row(chat: group, guid: "G4", text: "Meet at 8", handle: ana, date: minute(10), dateEdited: minute(11)))
    try database.message(
      Row(
        chat: group, guid: "G5", text: nil, handle: bo, date: minute(12), dateEdited: minute(13),
        summaryInfo: TestMessagesDatabase.unsentSummaryInfo))
    try database.message(
      Row(chat: group, guid: "G6", text: "oops", handle: ana, date: minute(14), dateRetracted: minute(15)))
    let photo = try database.message(Row(chat: group, guid: "G7", text: "\u{FFFC}", handle: ana, date: minute(16)))
    try database.attachment(
      message: photo, filename: "~/Library/Messages/Attachments/ab/12/A1B2/IMG_0001.HEIC", mimeType: "image/heic")
    let lost = try database.message(Row(chat: group, guid: "G8", text: "\u{FFFC}", isFromMe: true, date: minute(17)))
    try database.attachment(
      message: lost, filename: "~/Library/Messages/Attachments/cd/34/C3D4/lost.jpeg", mimeType: "image/jpeg")
    try database.message(
      Row(chat: group, guid: "N3", handle: bo, date: minute(18), itemType: 3, groupActionType: 0))
    // A FaceTime call Bo placed: a call of Bo's (issue 36).
    try database.message(Row(chat: group, guid: "F1", handle: bo, date: minute(19), itemType: 6))

    let direct = try database.chat(identifier: "+15551234567", handles: [ana])
    let directSMS = try database.chat(identifier: "+15551234567", service: "SMS", handles: [anaSMS])
    try database.message(Row(chat: direct, guid: "D1", text: "See you!", handle: ana, date: minute(30)))
    try database.message(
      Row(
        chat: directSMS, guid: "D2", text: "No data here, sent as SMS", isFromMe: true, date: minute(31), service: "SMS"
      ))
    try database.message(Row(chat: direct, guid: "D3", text: "Back on iMessage", isFromMe: true, date: minute(32)))
    return fixture
  }

  static let heifEncoder = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// `Attachments/ab/12/A1B2/IMG_0001.HEIC` beside the database, with `bytes`.
  func addPhoto(_ bytes: [UInt8], under base: String? = nil) throws {
    let folder = (base ?? self.folder) + "/Attachments/ab/12/A1B2"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/IMG_0001.HEIC"))
  }

  /// A HEIC picture made by `heif-enc` from a PNG; nil when `heif-enc` (Debian's
  /// libheif-examples, which CI installs) is not installed.
  static func heic(fromPNG png: String) throws -> [UInt8]? {
    guard let encoder = heifEncoder else { return nil }
    let output = folder("heic") + "/picture.heic"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: encoder)
    process.arguments = ["-q", "90", "-o", output, png]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TestMessagesDatabase.Failure(message: "heif-enc failed with status \(process.terminationStatus)")
    }
    return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
  }
}
