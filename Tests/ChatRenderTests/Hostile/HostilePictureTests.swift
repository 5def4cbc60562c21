import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Pictures a stranger made: sparse files of gigabytes that start like a JPEG, zip members
/// of a gigabyte, JPEGs trailing garbage, FIFOs where a photo should be. Each is a
/// placeholder or a chip with a warning; none aborts, hangs or bloats the output.
@Suite struct HostilePictureTests {
  typealias Files = AttachmentResolutionTests

  /// A sparse file at `url`: `head`, then holes up to `size` bytes.
  static func writeSparse(_ head: [UInt8], size: UInt64, to url: URL) throws {
    try TemporaryFolder.write(head, to: url)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.truncate(atOffset: size)
  }

  /// Renders `transcript` as a PDF into `folder`; the renderer's warnings.
  static func renderPDF(_ transcript: Transcript, into folder: URL) throws -> (bytes: [UInt8], warnings: [Diagnostic]) {
    let renderer = try ChatRenderer(options: ExportOptions(format: .pdf))
    let path = folder.appendingPathComponent("x.pdf").path
    try renderer.write(transcript, to: path)
    return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), renderer.takeWarnings())
  }

  static func leftovers(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp") }
  }

  @Test("a sparse 3 GiB or 1.2 GiB 'JPEG' is a placeholder and a warning, the PDF is written, no temporary file stays")
  func sparseHugePhotosArePlaceholders() throws {
    try TemporaryFolder.with { folder in
      let head = try PictureFixtures.bytes("quadrants.jpg")
      try Self.writeSparse(head, size: 3 << 30, to: folder.appendingPathComponent("huge.jpg"))
      try Self.writeSparse(head, size: 1229 << 20, to: folder.appendingPathComponent("large.jpg"))
      let json = HostileMediaPathTests.ourJSON(paths: ["huge.jpg", "large.jpg"])
      try TemporaryFolder.write(Array(json.utf8), to: folder.appendingPathComponent("chat.json"))
      let (transcript, _) = try Files.read(folder.path + "/chat.json")
      let (pdf, warnings) = try Self.renderPDF(transcript, into: folder)
      #expect(pdf.count < 1 << 20)
      let refused = warnings.filter { $0.message.contains("input file size over the 1 GiB limit") }
      #expect(refused.count == 2, "\(warnings)")
      #expect(try Self.leftovers(in: folder).isEmpty)
    }
  }

  @Test("a picture's header is read from a bounded prefix: a FIFO is refused at once, a file over the limit unread")
  func pictureHeadersAreReadThroughTheFileChecks() throws {
    try TemporaryFolder.with { folder in
      let fifo = folder.appendingPathComponent("pipe.jpg").path
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect(throws: PictureError.unreadable(path: fifo, reason: "expected a regular file, found a named pipe (FIFO)"))
      {
        try PictureLoader.info(of: .file(path: fifo))
      }
      let huge = folder.appendingPathComponent("huge.jpg")
      try Self.writeSparse(try PictureFixtures.bytes("quadrants.jpg"), size: 2 << 30, to: huge)
      #expect(throws: PictureError.self) { try PictureLoader.info(of: .file(path: huge.path)) }
      #expect(throws: PictureError.self) { try PictureLoader.bytes(of: .file(path: huge.path)) }
    }
  }

  @Test("a zip member's header is unpacked alone: a member larger than the archive's budget still gives its size")
  func zipMemberHeaderIsUnpackedAlone() throws {
    let jpeg = try PictureFixtures.bytes("quadrants.jpg")
    let data = jpeg + [UInt8](repeating: 0, count: 8 << 20)
    var writer = TestZipWriter()
    writer.entries.append(
      TestZipWriter.Entry(
        name: Array("IMG-1.jpg".utf8), data: HostileZipTests.deflated(data), method: 8,
        crc: TestZipWriter.crc32(data), declaredSize: UInt32(data.count)))
    let archive = try ZipArchive(path: "x.zip", bytes: writer.bytes(), totalLimit: 1 << 20)
    let head = try archive.prefix(of: "IMG-1.jpg", count: PictureLoader.headerReadSize)
    #expect(head == Array(data.prefix(PictureLoader.headerReadSize)))
    #expect(try PictureInfo.read(head).size == PixelSize(width: 160, height: 120))
    #expect(throws: FileError.self) { try archive.read("IMG-1.jpg") }
  }

  @Test("WhatsApp zip members of a JPEG and 64 MiB of zeros give a PDF of the JPEGs' own size")
  func zipMembersTrailingZerosDoNotBloatThePDF() throws {
    try TemporaryFolder.with { folder in
      let jpeg = try PictureFixtures.bytes("quadrants.jpg")
      let data = jpeg + [UInt8](repeating: 0, count: 64 << 20)
      let deflated = HostileZipTests.deflated(data)
      var writer = TestZipWriter()
      var chat = ""
      for index in 1...2 {
        writer.entries.append(
          TestZipWriter.Entry(
            name: Array("IMG-\(index).jpg".utf8), data: deflated, method: 8, crc: TestZipWriter.crc32(data),
            declaredSize: UInt32(data.count)))
        chat += "14/03/2024, 09:0\(index) - Ana: IMG-\(index).jpg (file attached)\n"
      }
      writer.add("WhatsApp Chat with Ana.txt", chat)
      let zip = folder.appendingPathComponent("chat.zip")
      try TemporaryFolder.write(writer.bytes(), to: zip)
      let (transcript, _) = try Files.read(zip.path)
      let (pdf, warnings) = try Self.renderPDF(transcript, into: folder)
      #expect(warnings.isEmpty, "\(warnings)")
      #expect(pdf.count < 1 << 20)
      let images = try PopplerTools.images(inPDF: pdf).rows
      #expect(images.count == 2 && images.allSatisfy { $0[8] == "jpeg" })
    }
  }

  /// A render opens each archive once: its pictures share one unpack budget, which a second
  /// picture past it finds spent (opened per picture, each would start the budget afresh).
  @Test func picturesOfOneArchiveShareItsUnpackBudget() throws {
    try TemporaryFolder.with { folder in
      let jpeg = try PictureFixtures.bytes("quadrants.jpg")
      var writer = TestZipWriter()
      for index in 1...2 {
        writer.entries.append(
          TestZipWriter.Entry(
            name: Array("IMG-\(index).jpg".utf8), data: HostileZipTests.deflated(jpeg), method: 8,
            crc: TestZipWriter.crc32(jpeg), declaredSize: UInt32(jpeg.count)))
      }
      let zip = folder.appendingPathComponent("photos.zip")
      try TemporaryFolder.write(writer.bytes(), to: zip)
      let archives = PictureArchives(totalLimit: jpeg.count * 3 / 2, entryLimit: 1 << 20)
      let first = AttachmentSource.archiveMember(archive: zip.path, member: "IMG-1.jpg")
      let second = AttachmentSource.archiveMember(archive: zip.path, member: "IMG-2.jpg")
      #expect(try PictureLoader.bytes(of: first, archives: archives) == jpeg)
      // The same member again is charged once.
      #expect(try PictureLoader.bytes(of: first, archives: archives) == jpeg)
      #expect(throws: PictureError.self) { try PictureLoader.bytes(of: second, archives: archives) }
      archives.close()
      #expect(try PictureLoader.bytes(of: second, archives: archives) == jpeg)
    }
  }

  @Test("a render decodes pictures within its pixel budget: the rest are placeholders, with one warning")
  func pixelBudgetBoundsAChatOfPictures() throws {
    try TemporaryFolder.with { folder in
      let png = try PictureFixtures.bytes("quadrants.png")  // 160 × 120: 19,200 pixels
      let catalog = PictureCatalog(decodeAheadAt: nil, pixelBudget: 50_000)
      var drawn: [Bool] = []
      for index in 0..<4 {
        let url = folder.appendingPathComponent("p\(index).png")
        try TemporaryFolder.write(png, to: url)
        do throws(PictureError) {
          _ = try catalog.content(
            of: .file(path: url.path), needing: PixelSize(width: 160, height: 120), blurred: false, embedsJPEG: false)
          drawn.append(true)
        } catch {
          catalog.warn(error, name: url.lastPathComponent)
          drawn.append(false)
        }
      }
      #expect(drawn == [true, true, false, false])
      #expect(
        catalog.takeWarnings().map(\.message) == [
          "the pictures left are drawn as placeholders: pixels of pictures decoded in one render over the 50,000 limit (raise it with CHATRENDER_MAX_RENDER_PIXELS)"
        ])
      catalog.finishRender()
      #expect(throws: Never.self) {
        try catalog.content(
          of: .file(path: folder.path + "/p0.png"), needing: PixelSize(width: 160, height: 120), blurred: false,
          embedsJPEG: false)
      }
    }
  }

  // MARK: - JPEG bytes as they are embedded

  /// The progressive fixture with its last scan said again until it has `scans` scans: each
  /// is a full pass a viewer decodes.
  static func progressiveJPEG(scans: Int) throws -> [UInt8] {
    let jpeg = try PictureFixtures.bytes("quadrants-progressive.jpg")
    let starts = (0..<jpeg.count - 1).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
    let last = Array(jpeg[starts[starts.count - 1]..<(jpeg.count - 2)])
    return Array(jpeg.dropLast(2)) + Array(repeating: last, count: scans - starts.count).joined() + [0xFF, 0xD9]
  }

  @Test("a truncated JPEG and one of 600 scans are placeholders with a warning in a PDF, as in a PNG")
  func jpegsEmbeddedAsTheyAreAreCheckedFirst() throws {
    try TemporaryFolder.with { folder in
      let jpeg = try PictureFixtures.bytes("quadrants.jpg")
      try TemporaryFolder.write(Array(jpeg.prefix(jpeg.count * 2 / 3)), to: folder.appendingPathComponent("cut.jpg"))
      try TemporaryFolder.write(try Self.progressiveJPEG(scans: 600), to: folder.appendingPathComponent("scans.jpg"))
      try TemporaryFolder.write(try Self.progressiveJPEG(scans: 20), to: folder.appendingPathComponent("fine.jpg"))
      let json = HostileMediaPathTests.ourJSON(paths: ["cut.jpg", "scans.jpg", "fine.jpg"])
      try TemporaryFolder.write(Array(json.utf8), to: folder.appendingPathComponent("chat.json"))
      let (transcript, _) = try Files.read(folder.path + "/chat.json")
      let (pdf, warnings) = try Self.renderPDF(transcript, into: folder)
      let messages = warnings.map(\.message)
      #expect(
        messages.contains {
          $0.contains("'p0.png' is drawn as a placeholder: damaged JPEG picture: the file is truncated")
        }, "\(messages)")
      #expect(
        messages.contains {
          $0.contains("'p1.png' is drawn as a placeholder: damaged JPEG picture: more than 500 progressive scans")
        }, "\(messages)")
      #expect(messages.count == 2, "\(messages)")
      let images = try PopplerTools.images(inPDF: pdf).rows
      #expect(images.count == 1 && images.allSatisfy { $0[8] == "jpeg" }, "only the sound one is embedded")
    }
  }

  @Test("a JPEG ends at its end-of-image marker, not at an FF D9 in a segment or in what trails it")
  func jpegEndsAtItsEndOfImage() throws {
    for name in ["quadrants.jpg", "quadrants-progressive.jpg", "quadrants-orientation6.jpg"] {
      let jpeg = try PictureFixtures.bytes(name)
      #expect(JPEGEmbedding.imageEnd(in: jpeg) == jpeg.count, "\(name)")
      let trailed = jpeg + [0xFF, 0xD9, 0, 0, 0xFF, 0xD8, 0xFF, 0xD9] + [UInt8](repeating: 7, count: 1000)
      #expect(JPEGEmbedding.imageEnd(in: trailed) == jpeg.count, "\(name)")
    }
    // A comment segment holding FF D9 right after the start of image.
    let jpeg = try PictureFixtures.bytes("quadrants.jpg")
    let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x06, 0xFF, 0xD9, 0xFF, 0xD9]
    let commented = Array(jpeg[..<2]) + comment + Array(jpeg[2...])
    #expect(JPEGEmbedding.imageEnd(in: commented) == commented.count)
    #expect(JPEGEmbedding.imageEnd(in: Array(jpeg.dropLast(2))) == nil)
    #expect(JPEGEmbedding.imageEnd(in: [0x89, 0x50, 0x4E, 0x47]) == nil)
  }

  @Test("a JPEG far larger than its pixels need is drawn from its pixels, not embedded as it is")
  func bloatedJPEGIsReencoded() throws {
    let jpeg = try PictureFixtures.bytes("quadrants.jpg")
    let small = PixelSize(width: 160, height: 120)
    #expect(JPEGEmbedding.embeddable(jpeg, pixels: small)?.count == jpeg.count)
    // 100 comment segments of 64 KiB: 6.5 MB on 19,200 pixels.
    let segment: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 0xFFFD)
    let bloated = Array(jpeg[..<2]) + Array([[UInt8]](repeating: segment, count: 100).joined()) + Array(jpeg[2...])
    #expect(JPEGEmbedding.imageEnd(in: bloated) == bloated.count)
    #expect(JPEGEmbedding.embeddable(bloated, pixels: small) == nil)
  }

  // MARK: - FIFOs and missing files

  @Test("a Telegram photo, a WhatsApp attached file and a Discord attachment that are FIFOs are warned about, unread")
  func fifoMediaAreSkippedWithAWarning() throws {
    try HostileMediaPathTests.withExport { export, _ in
      let telegram = """
        {"name": "Bo", "type": "personal_chat", "id": 2, "messages": [
         {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
          "photo": "photos/pipe.png", "text": ""}]}
        """
      try TemporaryFolder.write(Array(telegram.utf8), to: export.appendingPathComponent("result.json"))
      let whatsApp = "14/03/2024, 09:01 - Ana: pipe.png (file attached)\n"
      try TemporaryFolder.write(
        Array(whatsApp.utf8), to: export.appendingPathComponent("photos/WhatsApp Chat with Ana.txt"))
      let discord = """
        {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "name": "c", "type": "GuildTextChat"},
         "messages": [{"id": "3", "type": "Default", "timestamp": "2024-01-01T10:00:00+00:00",
           "content": "", "author": {"id": "4", "name": "bo"},
           "attachments": [{"id": "5", "url": "photos/pipe.png", "fileName": "pipe.png"}]}]}
        """
      try TemporaryFolder.write(Array(discord.utf8), to: export.appendingPathComponent("channel.json"))
      for (path, line) in [("result.json", 2), ("photos/WhatsApp Chat with Ana.txt", 1), ("channel.json", 2)] {
        let (transcript, warnings) = try Files.read(export.path + "/" + path)
        #expect(Files.attachments(transcript).map { $0.source == nil } == [true], "\(path)")
        let refusal = warnings.first { $0.message.hasSuffix("found a named pipe (FIFO)") }
        #expect(refusal?.location?.line == line, "\(path): \(warnings)")
      }
    }
  }

  @Test("a Slack day file that is a FIFO is warned about, its name given")
  func slackDayFileFIFOIsWarned() throws {
    try TemporaryFolder.with { folder in
      try TemporaryFolder.write(
        Array(#"[{"id": "C1", "name": "general"}]"#.utf8), to: folder.appendingPathComponent("channels.json"))
      try TemporaryFolder.write(
        Array(#"[{"id": "U1", "name": "ana", "real_name": "Ana"}]"#.utf8),
        to: folder.appendingPathComponent("users.json"))
      try TemporaryFolder.write(
        Array(#"[{"type": "message", "user": "U1", "text": "hi", "ts": "1704103200.000100"}]"#.utf8),
        to: folder.appendingPathComponent("general/2024-01-01.json"))
      let fifo = folder.appendingPathComponent("general/2024-01-02.json").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let (transcript, warnings) = try Files.read(folder.path)
      #expect(transcript.messages.count == 1)
      #expect(
        warnings.contains { $0.message == "'\(fifo)' skipped: expected a regular file, found a named pipe (FIFO)" })
    }
  }

  @Test("a Telegram photo missing from the export is a chip and one warning; a skipped one and a place are not")
  func missingTelegramMediaAreWarned() throws {
    try TemporaryFolder.with { folder in
      let telegram = """
        {"name": "Bo", "type": "personal_chat", "id": 2, "messages": [
         {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
          "photo": "photos/gone.jpg", "text": ""},
         {"id": 2, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
          "photo": "(File not included. Change data exporting settings to download.)", "text": ""},
         {"id": 3, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
          "location_information": {"latitude": 1, "longitude": 2}, "text": ""}]}
        """
      try TemporaryFolder.write(Array(telegram.utf8), to: folder.appendingPathComponent("result.json"))
      let (transcript, warnings) = try Files.read(folder.path + "/result.json")
      #expect(Files.attachments(transcript).allSatisfy { $0.source == nil })
      let missing = warnings.filter { $0.message == "1 attached file is not in the export" }
      #expect(missing.count == 1, "\(warnings)")
      #expect(missing.first?.notes == ["missing: gone.jpg"])
      #expect(missing.first?.location?.line == 2)
    }
  }
}
