import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `--redact` attacked as someone would who wants to learn who is in a shared chat: one test
/// per way a person's data could slip through (issue 26, "Redaction leaks").
@Suite struct RedactionLeakTests {
  init() { TestEnvironment.prepare() }

  /// A chat of Ana Souza and Rui Lima in which Rui says each of `texts`.
  static func chat(_ texts: [String], kind: Message.Kind = .message) -> Transcript {
    Transcript(
      participants: [Participant(id: "ana", name: "Ana Souza"), Participant(id: "rui", name: "Rui Lima")],
      meID: "rui",
      messages: [Message(authorID: "ana", text: "hi")]
        + texts.map { Message(authorID: kind == .system ? nil : "rui", text: $0, kind: kind) })
  }

  /// The texts of `transcript` after redaction, the first ("hi") left out.
  static func redacted(_ transcript: Transcript, pictures: RedactedPictures = .placeholder) -> [String] {
    var filter = TranscriptFilter(redact: true, timeZone: .gmt)
    filter.redactedPictures = pictures
    return Array(filter.apply(to: transcript).messages.dropFirst().map(\.text))
  }

  static func redacted(_ text: String) -> String { redacted(chat([text])).first ?? "" }

  // MARK: - Numbers

  @Test(
    "phone numbers in national and international forms are masked",
    arguments: [
      "4155550142", "01 23 45 67 89", "13800138000", "1-800-356-9377", "+٩٧١٥٠١٢٣٤٥٦٧", "00 44 20 7946 0958",
      "+1 (415) 555-0142", "0049 30 1234567", "06.12.34.56.78", "+７１２３４５６７８９０",
    ])
  func phones(number: String) {
    #expect(Self.redacted("call \(number) now") == "call [phone] now")
  }

  @Test("an IBAN is masked, grouped or not; a wrong check digit is no IBAN")
  func ibans() {
    #expect(Self.redacted("IBAN DE89 3704 0044 0532 0130 00 thanks") == "IBAN [IBAN] thanks")
    #expect(Self.redacted("GB82WEST12345698765432.") == "[IBAN].")
    #expect(Self.redacted("pay FR76 3000 6000 0112 3456 7890 189") == "pay [IBAN]")
    #expect(!Self.redacted("DE00 3704 0044 0532 0130 00").contains("[IBAN]"))
  }

  @Test("a card number is masked when it passes Luhn's check")
  func cards() {
    #expect(Self.redacted("card 4111 1111 1111 1111 exp") == "card [card] exp")
    #expect(Self.redacted("amex 3782-822463-10005") == "amex [card]")
    #expect(Self.redacted("5555555555554444") == "[card]")
    // 16 digits failing the check are no card (docs/REDACTION.md says so).
    #expect(Self.redacted("4111 1111 1111 1112") == "4111 1111 1111 1112")
  }

  @Test("passport-like and account ids are masked")
  func ids() {
    #expect(Self.redacted("passport X12345678 ok") == "passport [id] ok")
    #expect(Self.redacted("I am user6120448391 there") == "I am [id] there")
    #expect(Self.redacted("steam_76561198000000000") == "[id]")
  }

  @Test("IPv4 and IPv6 addresses are masked")
  func ipAddresses() {
    #expect(Self.redacted("ssh 192.168.1.20 or 2001:db8::1") == "ssh [IP] or [IP]")
    #expect(Self.redacted("fe80:0:0:0:202:b3ff:fe1e:8329") == "[IP]")
  }

  @Test("coordinates written in a text are masked; prices, thousands and versions are not")
  func coordinates() {
    #expect(Self.redacted("home is 38.7223, -9.1393 ok") == "home is [location] ok")
    #expect(Self.redacted("at 51.50072,-0.12462.") == "at [location].")
    #expect(Self.redacted("2.50, 3.75 and 1.2.3, 10.000, 20.000") == "2.50, 3.75 and 1.2.3, 10.000, 20.000")
  }

  @Test(
    "postal codes are masked where their shape is sure",
    arguments: [
      ("SW1A 1AA", "[postcode]"), ("K1A 0B1", "[postcode]"), ("10115 Berlin", "[postcode] Berlin"),
      ("CA 94105", "CA [postcode]"), ("1200-195 Lisboa", "[postcode] Lisboa"),
    ])
  func postalCodes(text: String, masked: String) {
    #expect(Self.redacted("at \(text).") == "at \(masked).")
  }

  @Test("times, dates, prices, versions and scores survive")
  func ordinaryNumbers() {
    let text = "Meet at 14:20 on 3 May, costs 25 €"
    #expect(Self.redacted(text) == text)
    let more = "In 2024 we paid 1 250 000 € at 10:30:15 on 2024-03-15 (15.03.2024), v1.2.3, score 3-1, 3.14159"
    #expect(Self.redacted(more) == more)
  }

  // MARK: - Addresses and handles

  @Test("@handles are masked, a participant's becomes their alias")
  func handles() {
    #expect(Self.redacted("ask @rosa_d or @Ana") == "ask @[user] or @Person A")
  }

  @Test("an internationalised e-mail address is masked")
  func internationalEmail() {
    #expect(Self.redacted("write ана@пример.рф or 山田@例え.jp") == "write [email] or [email]")
  }

  @Test("a personal domain without a scheme is masked; file names stay")
  func personalDomains() {
    #expect(Self.redacted("see anasouza.github.io/cv, or ana-souza.com.") == "see [link], or [link].")
    #expect(Self.redacted("open notes.md and main.rs") == "open notes.md and main.rs")
  }

  @Test("Discord mentions of users, roles and channels are masked")
  func discordMentions() {
    #expect(
      Self.redacted("hey <@402115786921181194> and <@!12345678> in <#998877665544>")
        == "hey @[user] and @[user] in @[user]")
  }

  // MARK: - Names

  @Test("a stranger with a participant's surname is one new person, both names masked")
  func strangerWithAParticipantsSurname() {
    let texts = Self.redacted(Self.chat(["Bruno Souza came", "Bruno Souza again, and Souza alone"]))
    #expect(texts == ["Person C came", "Person C again, and Person A alone"])
  }

  @Test("a name written inside a word is masked", arguments: ["AnaSouza", "anasouza", "ana_souza", "helloAna"])
  func namesInsideWords(text: String) {
    #expect(!Self.redacted("it was \(text)!").lowercased().contains("ana"))
  }

  @Test("a part of a participant's name in capitals is masked; in lower case it is a word")
  func shoutedNames() {
    #expect(
      Self.redacted("ANA and SOUZA, ana souza, but rosa is a colour")
        == "Person A and Person A, Person A, but rosa is a colour")
  }

  @Test("a stranger introduced by name is masked everywhere")
  func introducedStranger() {
    let texts = Self.redacted(Self.chat(["my name is Carla Dias", "Carla says hi", "ask Dr. Mendes"]))
    #expect(texts == ["my name is Person C", "Person C says hi", "ask Dr. Person D"])
  }

  @Test("every name in an OpenAI system prompt is masked")
  func systemPromptNames() throws {
    let source = """
      {"messages": [
        {"role": "system", "content": "You help Carla Dias and Bruno Mendes plan a trip. The user is Ines. You are Joana's assistant; ask Tiago."},
        {"role": "user", "content": "Hi! What should Carla pack?"},
        {"role": "assistant", "content": "Carla Dias needs boots."}]}
      """
    let file = try SourceFile(path: "chat.json", bytes: Array(source.utf8))
    let transcript = try ImportFixtures.read(ImportInput(file: file), as: OpenAIMessagesFormat()).0
    let text = TranscriptFilter(redact: true, timeZone: .gmt).apply(to: transcript).messages.map(\.text)
      .joined(separator: "\n")
    for name in ["Carla", "Dias", "Bruno", "Mendes", "Ines", "Joana", "Tiago"] {
      #expect(!text.contains(name), "\(text)")
    }
    #expect(text.contains("You help Person"))
  }

  @Test("a one-word stranger's name from a notice is masked as written, the word in lower case stays")
  func oneWordStrangerFromANotice() {
    var chat = Self.chat(["Ana pinned Meeting"], kind: .system)
    chat.messages.append(Message(authorID: "rui", text: "the meeting is at Meeting"))
    #expect(Self.redacted(chat) == ["Person A pinned Person C", "the meeting is at Person C"])
  }

  @Test("a notice keeps its app's name and its sentences' first words")
  func noticeWordsStay() {
    let notice =
      "Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read them."
    #expect(Self.redacted(Self.chat([notice], kind: .system)) == [notice])
  }

  // MARK: - Attachments, previews, titles

  @Test("attachment names become generic, their extension kept")
  func attachmentNames() {
    var chat = Self.chat(["here"])
    chat.messages[1].extras.attachments = [
      Attachment(kind: .file, fileName: "ana_contact.vcf"), Attachment(kind: .audio, fileName: "Ana Souza 2024.opus"),
    ]
    chat.messages[1].extras.attachments[1].source = .archiveMember(
      archive: "WhatsApp Chat with Ana Souza.zip", member: "Ana Souza 2024.opus")
    let attachments = TranscriptFilter(redact: true).apply(to: chat).messages[1].extras.attachments
    #expect(attachments.map(\.fileName) == ["file-1.vcf", "file-2.opus"])
    #expect(attachments.allSatisfy { $0.source == nil }, "a path names the file again")
  }

  @Test("a contact card's name and number are masked")
  func contactCards() {
    var chat = Self.chat(["card"])
    chat.messages[1].extras.attachments = [
      Attachment(kind: .contact, fileName: "Carla Dias.vcf", title: "Carla Dias", detail: "+351 912 345 678")
    ]
    let card = TranscriptFilter(redact: true).apply(to: chat).messages[1].extras.attachments[0]
    #expect(card.title == "Person C" && card.detail == "[phone]" && card.fileName == "file-1.vcf")
  }

  @Test("link previews lose their title, text and target")
  func linkPreviews() {
    var chat = Self.chat(["see [link]"])
    chat.messages[1].extras.linkPreviews = [
      LinkPreview(
        url: "https://www.linkedin.com/in/ana-souza-12345/", title: "Ana Souza - LinkedIn",
        description: "Ana Souza, engineer in Lisbon", siteName: "LinkedIn")
    ]
    let message = TranscriptFilter(redact: true).apply(to: chat).messages[1]
    #expect(message.extras.linkPreviews.isEmpty)
    let page = try? TestTranscripts.firstPage(of: TranscriptFilter(redact: true).apply(to: chat))
    let links = page?.items.compactMap { if case .link(let link) = $0 { link.url } else { nil } } ?? []
    #expect(links.isEmpty)
  }

  @Test("a channel's or group's title is dropped; a title of names becomes their aliases")
  func titles() {
    var chat = Self.chat(["x"])
    chat.title = "#souza-family-lawsuit"
    #expect(TranscriptFilter(redact: true).apply(to: chat).title == nil)
    chat.title = "Ana Souza"
    #expect(TranscriptFilter(redact: true).apply(to: chat).title == "Person A")
    chat.title = "Ana Souza & Rui Lima"
    #expect(TranscriptFilter(redact: true).apply(to: chat).title == "Person A & Person B")
  }

  @Test("participants' other handles are dropped and masked in texts")
  func participantHandles() {
    var chat = Self.chat(["ping ana.s.1990 please"])
    chat.participants[0].handles = ["ana.s.1990"]
    let result = TranscriptFilter(redact: true).apply(to: chat)
    #expect(result.participants.allSatisfy { $0.handles.isEmpty })
    #expect(result.messages[1].text == "ping Person A please")
  }

  // MARK: - Pictures

  /// A chat whose second message is a photo (`quadrants.jpg`), a sticker and a reply to it.
  static func chatWithPictures() -> Transcript {
    var chat = Self.chat(["", "nice"])
    let source = AttachmentSource.file(path: PictureFixtures.path("quadrants.jpg"))
    chat.messages[1].id = "p"
    chat.messages[1].extras.attachments = [
      Attachment(kind: .image, fileName: "IMG_Ana_Souza.jpg", source: source),
      Attachment(kind: .sticker, fileName: "s.webp", source: .file(path: PictureFixtures.path("quadrants.webp"))),
    ]
    chat.messages[2].extras.replyTo = "p"
    return chat
  }

  @Test("redacted photos and stickers are 'Photo (redacted)' chips: no picture is drawn")
  func picturesArePlaceholders() throws {
    let redacted = TranscriptFilter(redact: true).apply(to: Self.chatWithPictures())
    let page = try TestTranscripts.firstPage(of: redacted)
    #expect(!page.items.contains { if case .picture = $0 { true } else { false } })
    let texts = page.items.compactMap { if case .text(let text) = $0 { text.text.text } else { nil } }
    #expect(texts.contains("Photo (redacted)") && texts.contains("Sticker (redacted)"))
    #expect(redacted.messages[1].extras.attachments.allSatisfy { $0.source == nil && $0.fileName == nil })
  }

  @Test("a redacted PDF holds no picture of the chat, only the chips' emoji icons")
  func placeholderPDFHoldsNoPhoto() throws {
    let renderer = try ChatRenderer(
      theme: .default, options: ExportOptions(format: .pdf, timeZone: TimeZone(identifier: "UTC")!))
    let plain = try #require(try renderer.render(Self.chatWithPictures()).first)
    let redacted = try #require(
      try renderer.render(TranscriptFilter(redact: true).apply(to: Self.chatWithPictures())).first)
    let (before, _) = try PopplerTools.images(inPDF: plain)
    #expect(before.contains("jpeg"), "the photo is embedded unredacted: \(before)")
    let (listing, rows) = try PopplerTools.images(inPDF: redacted)
    #expect(!listing.contains("jpeg"), "\(listing)")
    // What is left are emoji glyphs: at 300 per inch, a chip's icon.
    for row in rows where row[2] == "image" {
      #expect(Int(row[12]).map { (290...310).contains($0) } == true, "\(listing)")
    }
  }

  @Test("--redact-pictures blur keeps at most 6×6 pixels of each picture, thumbnail included")
  func blurredPictures() throws {
    var filter = TranscriptFilter(redact: true)
    filter.redactedPictures = .blur
    let redacted = filter.apply(to: Self.chatWithPictures())
    let page = try TestTranscripts.firstPage(of: redacted)
    let pictures = page.items.compactMap { if case .picture(let picture) = $0 { picture } else { nil } }
    #expect(pictures.count == 3 && pictures.allSatisfy(\.isBlurred), "photo, sticker and the reply's thumbnail")
    let renderer = try ChatRenderer(
      theme: .default, options: ExportOptions(format: .pdf, timeZone: TimeZone(identifier: "UTC")!))
    let pdf = try #require(try renderer.render(redacted).first)
    let (listing, rows) = try PopplerTools.images(inPDF: pdf)
    let small = rows.filter { $0[2] == "image" && (Int($0[3]) ?? 0) <= 6 && (Int($0[4]) ?? 0) <= 6 }
    #expect(small.count == 3, "\(listing)")
    #expect(!listing.contains("jpeg"), "\(listing)")
  }

  @Test("on a PNG of several pictures (decoded ahead on other cores), every picture is blurred")
  func blurredOnImages() throws {
    var filter = TranscriptFilter(redact: true)
    filter.redactedPictures = .blur
    let redacted = filter.apply(to: Self.chatWithPictures())
    let page = try TestTranscripts.firstPage(of: redacted)
    let frames = page.items.compactMap { if case .picture(let picture) = $0 { picture.frame } else { nil } }
    let renderer = try ChatRenderer(
      theme: .default, options: ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!))
    let pixels = try PixelBuffer(png: try #require(try renderer.render(redacted).first))
    #expect(frames.count == 3)
    for frame in frames {
      // The quadrants' sharp edges (a jump of 255 between neighbours) are gone.
      var steepest = 0
      for y in stride(from: frame.minY + 4, to: frame.maxY - 4, by: 2) {
        for x in stride(from: frame.minX + 4, to: frame.maxX - 5, by: 1) {
          let (left, right) = (pixels[(x, y)], pixels[(x + 1, y)])
          steepest = max(steepest, abs(left.r - right.r), abs(left.g - right.g), abs(left.b - right.b))
        }
      }
      #expect(steepest < 60, "a sharp edge in the picture at \(frame)")
    }
  }

  @Test("blurring averages a picture down to at most 6 pixels a side")
  func blurKeepsFewPixels() throws {
    let picture = try PictureDecoder.decode(try PictureFixtures.bytes("quadrants.jpg"))
    let blurred = PictureCatalog.blurred(picture)
    #expect(max(blurred.width, blurred.height) <= 6)
    #expect(picture.width > 6)
  }
}
