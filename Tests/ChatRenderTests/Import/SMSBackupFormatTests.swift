import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct SMSBackupFormatTests {
  let format = SMSBackupFormat()

  var sample: ImportInput { get throws { try ImportFixtures.input("sms-backup.xml") } }

  func input(_ xml: String) throws -> ImportInput {
    ImportInput(file: try SourceFile(path: "sms.xml", bytes: Array(xml.utf8)))
  }

  /// `records` inside a backup's `<smses>`.
  func backup(_ records: String) throws -> ImportInput {
    try input(
      "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"1\">\n\(records)\n</smses>\n"
    )
  }

  func read(_ input: ImportInput, chat: String? = nil) throws -> (Transcript, [Diagnostic]) {
    try ImportFixtures.read(input, as: format, options: ImportOptions(chat: chat))
  }

  func sms(_ attributes: String) -> String {
    "<sms protocol=\"0\" address=\"+14155550142\" date=\"1710523200123\" type=\"1\" body=\"hi\" contact_name=\"Rosa\" \(attributes)/>"
  }

  // MARK: - The sample backup

  @Test func readsTheSampleMessageByMessage() throws {
    let (transcript, warnings) = try read(sample)
    #expect(transcript.meID == "me")
    #expect(transcript.title == nil)
    let expected: [(String, MessageSide, String, String)] = [
      (
        "Rosa Delgado", .received, "2024-03-15T17:20:00.123Z",
        "Hey! Are we still on for Saturday's farmers market? 🥕"
      ),
      (
        "Me", .sent, "2024-03-15T17:22:31.507Z",
        "Yes! Meet at the Ferry Building at 9?\nI'll bring bags"
      ),
      ("Rosa Delgado", .received, "2024-03-15T17:23:05.088Z", "Perfect 👍👍"),
      ("Rosa Delgado", .received, "2024-03-15T17:40:12Z", "Look at these peaches & plums 🍑"),
      (
        "BANKALERT", .received, "2024-03-15T18:02:00Z",
        "Your card ending 4821 was used for $23.40 at FERRY PLAZA. Reply STOP to opt out."
      ),
      ("Wei Zhang", .received, "2024-03-16T01:45:09.311Z", "你好！周六的排练改到下午三点了 🎻"),
      ("Me", .sent, "2024-03-16T01:47:40.902Z", "收到，谢谢！"),
      ("Layla Haddad", .received, "2024-03-16T02:10:02.045Z", "مرحبا! هل وصلتك الرسالة؟"),
      ("Me", .sent, "2024-03-16T02:12:20.610Z", "نعم، شكراً 🌙"),
      ("Me", .sent, "2024-03-16T15:15:00Z", "Running 10 min late, save me a coffee ☕"),
      ("Wei Zhang", .received, "2024-03-16T15:16:42Z", "No worries! 😄"),
      ("Me", .sent, "2024-03-16T20:30:00.214Z", "Thanks for today!! 🌸"),
    ]
    try #require(transcript.messages.count == expected.count)
    for (message, (author, side, time, text)) in zip(transcript.messages, expected) {
      #expect(message.authorID.flatMap { transcript.participant(id: $0)?.name } == author)
      #expect(transcript.side(of: message) == side)
      #expect(message.time.map(ISO8601.format) == time)
      #expect(message.kind == .message)
      #expect(message.text == text)
    }
    #expect(transcript.messages[0].text.unicodeScalars.last == "\u{1F955}")
    #expect(transcript.messages[0].location?.description == ImportFixtures.path("sms-backup.xml") + ":5:3")
    #expect(transcript.messages[3].location?.description == ImportFixtures.path("sms-backup.xml") + ":8:3")
    #expect(
      transcript.messages[3].extras.attachments == [
        Attachment(
          kind: .image, fileName: "IMG_0412.png", mimeType: "image/png",
          source: .data(SMSBackupFormatTests.onePixelPNG), byteCount: 70)
      ])
    #expect(
      transcript.participants.map(\.id) == [
        "+14155550142", "me", "BANKALERT", "+16505550177", "+16505550188",
      ])
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.message == "the backup holds 5 conversations; showing them all, in file order"
    )
    #expect(
      warnings.first?.notes == [
        "conversations: Rosa Delgado, BANKALERT, Wei Zhang, Layla Haddad, Rosa Delgado, Wei Zhang"
      ])
    #expect(warnings.first?.hint != nil)
  }

  /// Every text of a phone backup went as SMS or MMS, which Messages draws green: the
  /// `imessage` theme's `smsFill` on my bubbles.
  @Test func messagesWentAsSMSAndAreDrawnGreenInIMessage() throws {
    let (transcript, _) = try read(sample)
    let services = Set(transcript.messages.filter { $0.kind == .message }.compactMap(\.extras.service))
    #expect(services.isSubset(of: ["SMS", "MMS"]) && services.contains("SMS"))
    #expect(transcript.messages.allSatisfy { $0.kind != .message || $0.extras.service != nil })
    let me = Theme.imessage.me
    #expect(me.smsFill != nil)
    #expect(me.sent(by: "MMS").fill == me.smsFill)
  }

  @Test func listsTheConversations() throws {
    #expect(
      try format.listChats(sample)
        == ["Rosa Delgado", "BANKALERT", "Wei Zhang", "Layla Haddad", "Rosa Delgado, Wei Zhang"])
  }

  @Test(arguments: ["Rosa Delgado", "rosa delgado", "+1 (415) 555-0142", "4155550142"])
  func choosesAConversationByNameOrNumber(chat: String) throws {
    let (transcript, warnings) = try read(sample, chat: chat)
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Rosa Delgado")
    #expect(
      transcript.messages.map(\.text) == [
        "Hey! Are we still on for Saturday's farmers market? 🥕",
        "Yes! Meet at the Ferry Building at 9?\nI'll bring bags", "Perfect 👍👍",
        "Look at these peaches & plums 🍑", "Thanks for today!! 🌸",
      ])
    #expect(transcript.participants.map(\.name) == ["Rosa Delgado", "Me"])
  }

  @Test func readsGroupMessagesWithTheSenderFromTheFromAddress() throws {
    let (transcript, _) = try read(sample, chat: "Rosa Delgado, Wei Zhang")
    #expect(transcript.title == "Rosa Delgado, Wei Zhang")
    #expect(transcript.messages.map(\.authorID) == ["me", "+16505550177"])
    #expect(
      transcript.messages.map(\.text) == [
        "Running 10 min late, save me a coffee ☕", "No worries! 😄",
      ])
    #expect(transcript.participants.map(\.name) == ["Me", "Wei Zhang"])
  }

  @Test func namesTheNearestConversationForAnUnknownOne() throws {
    let error = try #require(throws: DiagnosticError.self) { try read(sample, chat: "Rosa Delgad") }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message.hasSuffix("no conversation 'Rosa Delgad' in the backup"))
    #expect(diagnostic.notes.first == "did you mean 'Rosa Delgado'?")
  }

  // MARK: - Detection

  @Test func detectsTheSample() throws {
    #expect(format.detect(try sample))
    #expect(Importer.detect(try sample)?.name == "sms")
  }

  @Test(
    arguments: try ImportFixtures.fixtureNames(except: "sms-backup.xml"))
  func rejectsTheOtherSamples(name: String) throws {
    #expect(!format.detect(try ImportFixtures.input(name)))
  }

  @Test func detectsABackupWithoutDeclarationAndRejectsOtherXML() throws {
    #expect(format.detect(try input("\u{FEFF}\n  <smses count=\"0\"></smses>")))
    #expect(
      !format.detect(
        try input("<?xml version=\"1.0\"?><calls count=\"1\"><call number=\"1\"/></calls>")))
    #expect(!format.detect(try input("hello <smses>")))
  }

  // MARK: - Traps

  @Test func decodesSurrogatePairReferencesInAnyForm() throws {
    let (transcript, _) = try read(
      try backup(
        #"<sms address="1" date="1" type="1" body="a &#55357;&#56832; b &#xD83D;&#xDC4D; c &#55357; d &#128512; &#x2615;&#10;e" />"#
      ))
    #expect(transcript.messages.first?.text == "a 😀 b 👍 c \u{FFFD} d 😀 ☕\ne")
  }

  @Test func readsSentFailedAndQueuedAsMeAndSkipsDrafts() throws {
    let records = [
      sms(#"type="2""#).replacingOccurrences(of: "type=\"1\" ", with: ""),
      sms(#"type="5""#).replacingOccurrences(of: "type=\"1\" ", with: ""),
      sms(#"type="6""#).replacingOccurrences(of: "type=\"1\" ", with: ""),
      sms(#"type="3""#).replacingOccurrences(of: "type=\"1\" ", with: ""),
      sms(#"type="9""#).replacingOccurrences(of: "type=\"1\" ", with: ""),
      sms(""),
    ].joined(separator: "\n")
    let (transcript, warnings) = try read(try backup(records))
    #expect(transcript.messages.map(\.authorID) == ["me", "me", "me", "+14155550142"])
    #expect(warnings.map(\.message) == ["skipped 1 draft, 1 message of unknown type"])
    #expect(warnings.first?.location?.description == "sms.xml:6:1")
  }

  /// A message with no text and nothing attached would be a bubble holding only a time.
  @Test func skipsEmptyMessagesWithOneNote() throws {
    let records = [
      sms(#"body="""#).replacingOccurrences(of: #"body="hi" "#, with: ""),
      "<mms date=\"2\" msg_box=\"1\" address=\"+14155550142\"><parts></parts></mms>",
      "<mms date=\"3\" msg_box=\"1\" address=\"+14155550142\"><parts>"
        + "<part ct=\"application/smil\" text=\"&lt;smil/&gt;\" /></parts></mms>",
      sms(""),
    ].joined(separator: "\n")
    let (transcript, warnings) = try read(try backup(records))
    #expect(transcript.messages.map(\.text) == ["hi"])
    #expect(warnings.map(\.message) == ["skipped 3 empty messages (no text, no parts)"])
    #expect(warnings.first?.location?.description == "sms.xml:3:1")
  }

  @Test func treatsNullAndUnknownContactNamesAsMissing() throws {
    let records = """
      <sms address="BANK" date="1" type="1" body="null" contact_name="(Unknown)" subject="null" />
      <sms address="+44 7700 900123" date="2" type="1" body="x" contact_name="null" />
      <sms address="+447700900123" date="3" type="1" body="y" contact_name="Alex" subject="Re: tea" />
      """
    let (transcript, _) = try read(try backup(records))
    #expect(transcript.participants.map(\.name) == ["BANK", "Alex", "Me"])
    #expect(transcript.messages.map(\.text) == ["null", "x", "Re: tea\ny"])
    #expect(transcript.messages[2].extras.spans == [TextSpan(start: 0, length: 7, style: .bold)])
    #expect(transcript.messages.map(\.authorID) == ["BANK", "+44 7700 900123", "+44 7700 900123"])
    #expect(try format.listChats(try backup(records)) == ["BANK", "Alex"])
  }

  @Test func joinsTheNumbersOfOneContactIntoOneConversation() throws {
    let records = """
      <sms address="+15550001" date="1000" type="1" body="from mobile" contact_name="Ann" />
      <sms address="+15550009" date="2000" type="1" body="other" contact_name="Bo" />
      <sms address="+15550002" date="3000" type="2" body="to work" contact_name="Ann" />
      """
    #expect(try format.listChats(try backup(records)) == ["Ann", "Bo"])
    let (transcript, warnings) = try read(try backup(records), chat: "ann")
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Ann")
    #expect(transcript.messages.map(\.text) == ["from mobile", "to work"])
    let (byNumber, _) = try read(try backup(records), chat: "555-0002")
    #expect(byNumber.messages.map(\.text) == ["to work"])
  }

  @Test func readsMMSPartsAndAddresses() throws {
    let records = """
      <mms date="1710524412000" msg_box="1" address="+15550001~+15550002" contact_name="Ann, Ben" sub="null" m_type="132">
        <parts>
          <part seq="-1" ct="application/smil" name="null" cl="smil.xml" text='&lt;smil&gt;&lt;/smil&gt;' />
          <part seq="0" ct="text/x-vCard" name="null" cl="null" fn="Ben.vcf" text="null" />
          <part seq="0" ct="video/mp4" name="clip.mp4" cl="null" text="null" />
          <part seq="0" ct="text/plain" cl="text000001.txt" text="line one&#13;&#10;line two" />
          <part seq="0" ct="text/plain" cl="text000002.txt" text="null" />
        </parts>
        <addrs>
          <addr address="+15550002" type="137" charset="106" />
          <addr address="insert-address-token" type="151" charset="106" />
        </addrs>
      </mms>
      <mms date="1710524413000" msg_box="1" address="+15550001" contact_name="Ann">
        <parts><part seq="0" ct="image/jpeg" cl="IMG_1.jpg" /></parts>
        <addrs><addr address="insert-address-token" type="137" /></addrs>
      </mms>
      <mms date="1710524414000" msg_box="2" address="+15550001" contact_name="Ann" sub="Hello" />
      """
    let (transcript, _) = try read(try backup(records))
    let messages = transcript.messages
    #expect(messages.map(\.authorID) == ["+15550002", "+15550001", "me"])
    #expect(messages.map(\.text) == ["line one\nline two", "", "Hello"])
    #expect(
      messages.map { $0.time.map(ISO8601.format) } == [
        "2024-03-15T17:40:12Z", "2024-03-15T17:40:13Z", "2024-03-15T17:40:14Z",
      ])
    #expect(
      messages[0].extras.attachments == [
        Attachment(kind: .contact, fileName: "Ben.vcf", mimeType: "text/x-vcard", isOmitted: true),
        Attachment(kind: .video, fileName: "clip.mp4", mimeType: "video/mp4", isOmitted: true),
      ])
    #expect(
      messages[1].extras.attachments == [
        Attachment(kind: .image, fileName: "IMG_1.jpg", mimeType: "image/jpeg", isOmitted: true)
      ])
    #expect(transcript.participants.map(\.name) == ["Ben", "Ann", "Me"])
    #expect(try format.listChats(try backup(records)) == ["Ann, Ben", "Ann"])
  }

  @Test func aReceivedMMSOfOneContactIsTheirsWhateverItsFromAddressSays() throws {
    let records = """
      <sms protocol="0" address="+15551234567" date="1609459200000" type="1" body="Hey" contact_name="Alice" />
      <mms date="1609462800000" msg_box="1" address="+15551234567" contact_name="Alice">
        <parts><part seq="0" ct="text/plain" text="an MMS from Alice" /></parts>
        <addrs><addr address="+15559876543" type="137" /><addr address="+15551234567" type="151" /></addrs>
      </mms>
      """
    let (transcript, _) = try read(try backup(records))
    #expect(transcript.messages.map(\.authorID) == ["+15551234567", "+15551234567"])
    #expect(transcript.participants.map(\.name) == ["Alice", "Me"])
  }

  @Test func skipsUnknownElementsWithAWarning() throws {
    let records = """
      <!-- a comment --><?xml-stylesheet type="text/xsl" href="sms.xsl"?>
      <call number="1" duration="3" date="1" type="1"/>
      <call number="2" duration="3" date="1" type="1"></call>
      \(sms(""))
      """
    let (transcript, warnings) = try read(try backup(records))
    #expect(transcript.messages.map(\.text) == ["hi"])
    #expect(warnings.map(\.message) == ["skipped 2 <call> elements"])
    #expect(warnings.first?.location?.description == "sms.xml:4:1")
  }

  @Test func acceptsSingleQuotesAnyAttributeOrderAndDoctype() throws {
    let xml = """
      <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
      <!DOCTYPE smses [ <!ELEMENT smses ANY> ]>
      <smses count='1'><sms body='say &quot;hi&quot; &amp; &apos;bye&apos; &lt;3' type = '2' date='0' address='1'/></smses>
      """
    let (transcript, _) = try read(try input(xml))
    #expect(transcript.messages.first?.text == "say \"hi\" & 'bye' <3")
    #expect(transcript.messages.first?.authorID == "me")
  }

  // MARK: - Errors

  @Test(arguments: [
    (
      "<smses>\n  <sms body=\"a\" date=\"1\" type=\"1\" address=\"x\">\n</smses>", "3:1",
      "expected </sms>, found </smses>"
    ),
    (
      "<smses>\n  <sms body=\"a &nbsp; b\" date=\"1\" type=\"1\" address=\"x\"/>\n</smses>", "2:16",
      "'&' must start an entity such as &amp; or &#10;"
    ),
    (
      "<smses>\n  <sms body=\"a date=\"1\"/>\n</smses>", "2:22",
      "expected a space, '>' or '/>' in <sms>, found '1'"
    ),
    (
      "<smses>\n  <sms body=\"a/>\n</smses>", "3:1",
      "'<' is not allowed in the value of 'body' (missing closing quote?)"
    ),
    // Cut short before any whole message: nothing to keep.
    ("<smses>\n  <sms body=\"a\" date=\"1\"", "2:3", "unterminated tag <sms>"),
    ("<smses count=\"0\">\n", "1:1", "element <smses> is never closed (the file ends first)"),
    (
      "<smses>\n  <sms body=\"a\" type=\"1\" address=\"x\"/>\n</smses>", "2:3",
      "missing attribute 'date' in <sms>"
    ),
    (
      "<smses>\n  <sms body=\"a\" type=\"1\" date=\"yesterday\" address=\"x\"/>\n</smses>", "2:26",
      "expected a number for 'date', found 'yesterday'"
    ),
    (
      // Far outside the years 1…9999: a time that could not be written back.
      "<smses>\n  <sms body=\"a\" type=\"1\" date=\"9223372036854775807\" address=\"x\"/>\n</smses>",
      "2:26", "'date' is out of range"
    ),
    (
      "<smses>\n  <sms body=\"a\" type=\"1\" type=\"2\" date=\"1\" address=\"x\"/>\n</smses>",
      "2:26",
      "duplicate attribute 'type' in <sms>"
    ),
    ("<calls>\n</calls>", "1:1", "expected <smses> as the root element, found <calls>"),
    ("<smses>\n</smses>\n<smses/>", "3:1", "a second root element"),
    ("<smses>\n</smses>\ntrailing", "3:1", "text after the root element"),
    (
      "<smses>\n  <!-- oops\n  <sms body=\"a\" date=\"1\" type=\"1\" address=\"x\" />\n</smses>",
      "2:3",
      "unterminated comment"
    ),
    ("<smses>\n  <1sms/>\n</smses>", "2:4", "expected an element name after '<', found '1'"),
  ])
  func reportsMalformedXMLAtLineAndColumn(xml: String, position: String, message: String) throws {
    let error = try #require(throws: DiagnosticError.self) { try read(try input(xml)) }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message == message)
    #expect(diagnostic.location?.description == "sms.xml:" + position)
  }

  /// A backup cut off while it was written keeps the messages it finished, wherever the cut
  /// falls: between records, inside an MMS's parts, inside a tag.
  @Test(arguments: [
    ("\n", "2:1", "element <smses> is never closed (the file ends first)"),
    (
      "\n  <mms date=\"2\" msg_box=\"1\" address=\"x\">\n    <parts>\n      <part ct=\"text/plain\" text=\"b\"/>\n",
      "5:5", "element <parts> is never closed (the file ends first)"
    ),
    ("\n  <sms body=\"b\" ", "4:3", "unterminated tag <sms>"),
  ])
  func keepsTheMessagesBeforeACut(tail: String, position: String, cause: String) throws {
    let xml = "<?xml version='1.0'?>\n<smses>\n  <sms body=\"a\" date=\"1\" type=\"1\" address=\"x\"/>" + tail
    let (transcript, warnings) = try read(try input(xml))
    #expect(transcript.messages.map(\.text) == ["a"])
    let warning = try #require(warnings.first)
    #expect(warning.message == "the file is cut short (\(cause)): read the 1 message before it")
    #expect(warning.location?.description == "sms.xml:" + position)
  }

  @Test func reportsEmptyAndNonUTF8Files() throws {
    let empty = try #require(throws: DiagnosticError.self) {
      try SourceFile(path: "sms.xml", bytes: Array("  \n".utf8))
    }
    #expect(empty.description == "sms.xml:1:1: error: file is empty")
    var bytes = Array("<smses>\n<sms body=\"".utf8)
    bytes += [0xFF] + Array("\"/></smses>".utf8)
    let latin = try SourceFile(path: "sms.xml", bytes: bytes)
    #expect(latin.lineText(2) == "<sms body=\"ÿ\"/></smses>")
    #expect(latin.encodingWarning?.message == "1 line is not UTF-8; read as Windows-1252")
    #expect(latin.encodingWarning?.location?.description == "sms.xml:2:1")
  }

  @Test func countsColumnsInScalarsAfterNonASCIIText() throws {
    let xml = "<smses>\n  <sms body=\"😀 ünï\" date=\"x\" type=\"1\" address=\"1\"/>\n</smses>"
    let error = try #require(throws: DiagnosticError.self) { try read(try input(xml)) }
    #expect(error.diagnostics.first?.location?.description == "sms.xml:2:21")
  }

  /// The 1×1 PNG the sample's MMS carries in base64.
  static let onePixelPNG = Array(
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    )!)
}
