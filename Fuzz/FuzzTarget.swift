import Foundation

/// The libFuzzer targets: one per reader of untrusted bytes. `scripts/fuzz.sh` compiles this
/// folder together with the ChatRender sources (as one module, so internal readers can be
/// reached) into one binary; `CHATRENDER_FUZZ_TARGET` picks the target.
///
/// A target feeds the bytes to its reader and ignores the thrown errors: only a crash, a
/// sanitizer report, a hang or runaway memory is a finding.
///
/// Adding a target: add a row to `all` with a name and a closure taking the input bytes.
/// Picture decoding (Media/) goes in the marked place below.
struct FuzzTarget {
  let name: String
  let run: ([UInt8]) -> Void

  static let all: [FuzzTarget] =
    [
      FuzzTarget(name: "detect") { bytes in
        guard let input = singleFile(bytes, path: "/fuzz/input") else { return }
        _ = Importer.detect(input)
      },
      FuzzTarget(name: "json-reader") { bytes in
        guard let file = try? SourceFile(path: "input.json", bytes: bytes) else { return }
        _ = try? JSONReader.parse(file)
        _ = try? JSONReader.parseLines(file)
      },
      FuzzTarget(name: "zip") { bytes in
        guard let archive = try? ZipArchive(path: "input.zip", bytes: bytes) else { return }
        for path in (try? archive.filePaths()) ?? [] { _ = try? archive.read(path) }
      },
      FuzzTarget(name: "xml") { bytes in
        guard let file = try? SourceFile(path: "input.xml", bytes: bytes) else { return }
        var scanner = XMLScanner(file: file)
        var events = 0
        while events < 1_000_000, let event = try? scanner.next() {
          if case .end = event { break }
          if case .start(let tag) = event { for attribute in tag.attributes { _ = scanner.value(of: attribute) } }
          events += 1
        }
      },
      FuzzTarget(name: "theme") { bytes in
        guard let file = try? SourceFile(path: themePath, bytes: bytes) else { return }
        var warnings: [Diagnostic] = []
        guard let theme = try? ThemeLoader.decode(file, warnings: &warnings) else { return }
        _ = ThemeLoader.json(for: theme)
      },
      FuzzTarget(name: "slack-markup") { bytes in
        let markup = SlackMarkup(userName: { $0 == "U1" ? "Ana" : nil }, channelName: { _ in nil })
        _ = markup.decode(String(decoding: bytes, as: UTF8.self))
      },
      FuzzTarget(name: "html") { bytes in
        guard let file = try? SourceFile(path: "messages.html", bytes: bytes),
          let page = try? HTMLDocument(file)
        else { return }
        for element in page.root.descendants { _ = element.text.count + element.classes.count }
      },
      // DiscordChatExporter's HTML, plain text and CSV, each read whole; the text's dates too.
      FuzzTarget(name: "dce-html") { bytes in importAndWrite(bytes, format: DCEHTMLFormat()) },
      FuzzTarget(name: "dce-text") { bytes in
        importAndWrite(bytes, format: DCETextFormat())
        for line in String(decoding: bytes.prefix(4096), as: UTF8.self).split(separator: "\n").prefix(64) {
          _ = DCEDate(String(line))?.wallClock(dayFirst: true)
          _ = DCEDate.timeOfDay(String(line))
        }
      },
      FuzzTarget(name: "dce-csv") { bytes in importAndWrite(bytes, format: DCECSVFormat()) },
      FuzzTarget(name: "telegram-html") { bytes in
        // One page read alone (not messages.html, so no sibling page is looked for), and the
        // attribute values the reader takes apart by hand.
        let text = String(decoding: bytes, as: UTF8.self)
        _ = TelegramHTMLDate.parse(text)
        _ = TelegramHTMLMedia.seconds(text)
        _ = TelegramHTMLMedia.coordinates(text)
        guard let file = try? SourceFile(path: "page.html", bytes: bytes) else { return }
        var warnings: [Diagnostic] = []
        _ = try? TelegramHTMLFormat().parse(ImportInput(file: file), options: ImportOptions(), warnings: &warnings)
      },
      FuzzTarget(name: "pdf-uri-string") { bytes in
        // Whatever the address, what goes between `/URI (` and `)` is safe and means the same.
        let address = String(decoding: bytes, as: UTF8.self)
        let written = PDFURIString.encode(address)
        // Printable ASCII without the string's delimiters, its escape or cairo's quote,
        // and nothing left to escape.
        precondition(written.utf8.allSatisfy { (0x21...0x7E).contains($0) && !Array("()\\'".utf8).contains($0) })
        precondition(PDFURIString.encode(written) == written)
        precondition(percentDecoded(written) == percentDecoded(address))
      },
      FuzzTarget(name: "irc-formatting") { bytes in
        _ = IRCFormatting.strip(String(decoding: bytes, as: UTF8.self))
      },
      FuzzTarget(name: "text-decoding") { bytes in
        // Lines that are not UTF-8 are read as Windows-1252: always valid UTF-8, no line lost.
        if let mixed = TextEncoding.decodingLineByLine(bytes) {
          precondition(TextEncoding.firstInvalidUTF8Offset(mixed.bytes[...]) == nil)
          let ends = { (bytes: [UInt8]) in bytes.lazy.filter { $0 == 0x0A || $0 == 0x0D }.count }
          precondition(ends(mixed.bytes) == ends(bytes))
        }
        guard let file = try? SourceFile(path: "input.txt", bytes: bytes) else { return }
        for line in file.textLines(limit: 64) { _ = IRCLine.parse(file.text(of: line)) }
        _ = file.location(ofOffset: file.bytes.count / 2)
      },
      FuzzTarget(name: "markdown") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = MarkdownReader.read(text)
        _ = DiscordMarkdown.readQuotesAndMarkdown(text)
        _ = WhatsAppFormatting.read(text)
      },
      FuzzTarget(name: "csv") { bytes in
        guard let file = try? SourceFile(path: "input.csv", bytes: bytes) else { return }
        _ = try? CSVReader(file: file).rows()
      },
      FuzzTarget(name: "kakaotalk-line-kinds") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline).prefix(10_000) {
          _ = KakaoTalkLine.parse(String(line))
          _ = LINELine.parse(String(line))
          _ = KakaoTalkBody(String(line))
          _ = KakaoTalkBody.isCall(String(line))
          _ = KakaoTalkReader.title(from: [String(line)])
        }
      },
      FuzzTarget(name: "meta-text") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = MetaText.mend(text)
        _ = MessengerNotices.textReaction(text)
        _ = MessengerNotices.isAttachmentNotice(text)
      },
      FuzzTarget(name: "html-fragment") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = HTMLFragmentReader().read(text)
        _ = SkypeConversationReader.read(text, knownIDs: ["1"])
      },
      FuzzTarget(name: "typedstream") { bytes in
        // The bytes as a whole stream, and as the values after a header (so that mutations
        // reach nested arrays, structs and objects, not only the header); the seeds include
        // Fixtures/formats/typedstream/nested-arrays.typedstream.
        let header: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
        for candidate in [bytes, header + bytes] {
          guard let stream = try? TypedStreamDecoder.decode(candidate) else { continue }
          _ = AttributedBody(stream)
        }
      },
      FuzzTarget(name: "imessage-database") { bytes in
        // Every chat of the database, as `--all-chats` reads them.
        guard
          let database = try? IMessageDatabase(DatabaseFile(path: "/nonexistent-fuzz-folder/chat.db", bytes: bytes)),
          let conversations = try? IMessageConversation.all(in: database)
        else { return }
        for conversation in conversations.prefix(50) {
          guard let rows = try? database.messages(inChats: conversation.chats.map(\.rowID)) else { continue }
          var reader = IMessageChatReader(path: "chat.db", names: ContactNames(), attachmentsBase: nil)
          var warnings: [Diagnostic] = []
          let transcript = reader.read(
            rows, title: conversation.title(names: ContactNames()), handles: conversation.handles, warnings: &warnings)
          _ = TranscriptJSONWriter.write(transcript)
        }
      },
      FuzzTarget(name: "picture") { bytes in
        _ = try? PictureDecoder.decode(bytes, fitting: PixelSize(width: 64, height: 64))
        _ = try? PictureInfo.read(bytes)
        // What a PDF embeds of a JPEG it never decodes, checked as decoding would.
        _ = try? JPEGEmbedding.checkedEmbeddable(bytes, pixels: PixelSize(width: 64, height: 64))
      },
      // libopusfile on a stranger's voice note: its length and waveform.
      FuzzTarget(name: "call-lines") { bytes in
        // The readers of calls written as text (issue 36): any line, a call or nil.
        let text = String(decoding: bytes, as: UTF8.self)
        _ = LINEBody.call(text)
        _ = SignalFormat.call(text)
        _ = SkypeConversationReader.call(type: "Event/Call", content: text)
        _ = MessengerNotices.call(type: "Call", duration: nil, text: text)
        _ = Call.seconds(ofClock: Substring(text))
        _ = GoogleVoicePage.seconds(ofISODuration: text)
        _ = HangoutsConversationReader.unwrapped(text)
      },
      FuzzTarget(name: "threema-line") { bytes in
        // Threema's headers and its `<file>` references (issue 38), on any text.
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") { _ = ThreemaLine.parse(String(line))?.date(monthFirst: true) }
        _ = ThreemaReader.fileReferences(in: text)
      },
      FuzzTarget(name: "voice-note") { bytes in _ = try? VoiceNote.read(bytes) },
      FuzzTarget(name: "message-filter") { bytes in
        _ = try? MessageFilterParser.parse(String(decoding: bytes, as: UTF8.self))
      },
      FuzzTarget(name: "vcard") { bytes in
        guard let file = try? SourceFile(path: "contacts.vcf", bytes: bytes) else { return }
        _ = try? ContactNames(vCard: file)
      },
      FuzzTarget(name: "snapchat-history") { bytes in
        // Every conversation of a chat_history.json, in either form.
        guard let file = try? SourceFile(path: "chat_history.json", bytes: bytes),
          let history = try? SnapchatHistory(ImportInput(file: file))
        else { return }
        for conversation in history.conversations.prefix(50) { _ = try? history.transcript(of: conversation) }
      },
      FuzzTarget(name: "discord-package-times") { bytes in
        // The package's two ways of writing a time, and a channel's index names.
        let text = String(decoding: bytes, as: UTF8.self)
        _ = DiscordPackageReader.time(text)
        _ = DiscordPackage.shownName(text)
        _ = DiscordPackage.channelFolders(in: text.split(separator: "\n").map(String.init))
      },
      FuzzTarget(name: "linkedin-messages") { bytes in
        // Every conversation of a messages.csv, and its content read as HTML or text.
        _ = LinkedInMessages.content(String(decoding: bytes.prefix(4096), as: UTF8.self))
        guard let file = try? SourceFile(path: "messages.csv", bytes: bytes),
          let messages = try? LinkedInMessages(file)
        else { return }
        for conversation in messages.conversations.prefix(50) { _ = try? messages.transcript(of: conversation) }
      },
      FuzzTarget(name: "x-archive-file") { bytes in
        // An X archive's data file: its `window.YTD.…` start blanked, each conversation read.
        guard let file = try? SourceFile(path: "direct-messages.js", bytes: bytes) else { return }
        _ = XArchive.messageFileKind(String(decoding: bytes.prefix(64), as: UTF8.self))
        guard let conversations = try? XArchive.conversations(in: file, mediaFolder: "m") else { return }
        let media = MediaLocator(besideFile: "<stdin>")
        for conversation in conversations.prefix(50) {
          var warnings: [Diagnostic] = []
          let reader = XConversationReader(conversation: conversation, owner: nil, media: media)
          _ = try? reader.read(warnings: &warnings)
        }
      },
    ]
    + Importer.formats.map { format in
      FuzzTarget(name: "import-" + format.name) { bytes in importAndWrite(bytes, format: format) }
    }

  /// Theme files claim to live here, so that `extends` and image paths lead nowhere real.
  static let themePath = "/nonexistent-fuzz-folder/theme.json"

  static func singleFile(_ bytes: [UInt8], path: String) -> ImportInput? {
    if DatabaseFile.hasSignature(bytes) { return ImportInput(database: DatabaseFile(path: path, bytes: bytes)) }
    if ZipArchive.hasSignature(bytes) {
      return (try? ZipArchive(path: path, bytes: bytes)).map { ImportInput(path: path, tree: $0) }
    }
    return (try? SourceFile(path: path, bytes: bytes)).map { ImportInput(file: $0) }
  }

  /// Parses with one format, then runs what follows an import on the result: the JSON writer
  /// and the redactor.
  static func importAndWrite(_ bytes: [UInt8], format: any TranscriptFormat) {
    guard let input = singleFile(bytes, path: "/nonexistent-fuzz-folder/input") else { return }
    var warnings: [Diagnostic] = []
    guard let transcript = try? Importer.read(input, format: format, warnings: &warnings) else {
      return
    }
    _ = TranscriptJSONWriter.write(transcript)
    _ = TranscriptJSONWriter.write(TranscriptFilter(redact: true, timeZone: .gmt).apply(to: transcript))
  }

  /// The bytes `text` stands for, each whole `%XX` escape decoded and everything else as it is.
  static func percentDecoded(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        result.append(high << 4 | low)
        index += 3
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
