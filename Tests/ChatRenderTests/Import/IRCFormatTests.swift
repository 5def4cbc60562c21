import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct IRCFormatTests {
  let fixtures = ImportFixtures.self

  func read(_ text: String, path: String = "channel.log", options: ImportOptions = ImportOptions())
    throws -> (Transcript, [Diagnostic])
  {
    try fixtures.read(fixtures.input(text: text, path: path), as: IRCFormat(), options: options)
  }

  /// The warning about lines of no known shape, if any.
  func unread(_ warnings: [Diagnostic]) -> [Diagnostic] {
    warnings.filter { $0.message.contains("not IRC log lines") }
  }

  @Test func bracketedSample() throws {
    let input = try fixtures.input("irc.log")
    let (transcript, warnings) = try fixtures.readDetected(input, as: "irc")
    fixtures.expectRows(
      transcript,
      [
        "center - 09:58:12 system: kestrel joined",
        "received marla 09:58:40 message: morning kestrel o/",
        "received kestrel 09:59:02 message: hi all! first time here",
        "received kestrel 09:59:03 message: quick q: does the 2.x branch still build on arm64?",
        "received dev-ross 10:00:15 message: kestrel: yes, but you need the patch from #412",
        "received marla 10:00:31 message: hands kestrel a coffee ☕",
        "received kestrel 10:01:10 message: ありがとう! that worked",
        "center - 10:02:44 system: dev_ross is now known as ross_afk",
        "received marla 10:05:00 message: reminder: release meeting at 16:00 UTC",
        "received marla 10:05:01 message: agenda: https://example.org/agenda",
        "received chanserv 10:07:19 message: [#buildbots] Welcome! Please read the topic.",
        "received nadav 10:09:30 message: שלום לכולם 👋",
        "received nadav 10:10:02 message: marla: is the meeting on Jitsi?",
        "received marla 10:10:40 message: nadav: yep, link in the agenda",
        "center - 10:12:02 system: kestrel quit (Quit: Leaving)",
        "center - 10:15:45 system: marla sets mode: +v nadav",
        "center - 10:16:00 system: marla changed the topic to “Release 2.7 on Friday 🎉 | agenda: https://example.org/agenda”",
      ])
    #expect(
      transcript.participants == [
        Participant(id: "marla", name: "marla"), Participant(id: "kestrel", name: "kestrel"),
        Participant(id: "dev-ross", name: "dev_ross"),
        Participant(id: "chanserv", name: "ChanServ", isBot: true),
        Participant(id: "nadav", name: "nadav"),
      ])
    #expect(transcript.meID == nil)
    #expect(
      warnings.map(\.message) == ["cannot tell who is 'me'; every message is drawn as received"])
    let action = transcript.messages[5]
    #expect(action.extras.spans == [TextSpan(start: 0, length: 24, style: .italic)])
    #expect(transcript.messages[1].extras.isEmpty)
    #expect(transcript.messages[10].location?.line == 11)
  }

  @Test func irssiSample() throws {
    let input = try fixtures.input("irc-irssi.log")
    let (transcript, _) = try fixtures.readDetected(input, as: "irc", options: ImportOptions(me: ["dev_ross"]))
    fixtures.expectRows(
      transcript,
      [
        "center - 2024-03-09T09:58:00 system: kestrel joined #buildbots",
        "received marla 2024-03-09T09:58:00 message: morning kestrel o/",
        "received kestrel 2024-03-09T09:59:00 message: hi all! first time here",
        "sent dev-ross 2024-03-09T10:00:00 message: kestrel: yes, but you need the patch from #412",
        "received marla 2024-03-09T10:00:00 message: hands kestrel a coffee ☕",
        "received kestrel 2024-03-09T10:01:00 message: ありがとう! that worked",
        "center - 2024-03-09T10:02:00 system: dev_ross is now known as ross_afk",
        "received nadav 2024-03-09T10:09:00 message: שלום לכולם 👋",
        "center - 2024-03-09T10:12:00 system: kestrel quit (Quit: Leaving)",
        "center - 2024-03-09T10:15:00 system: mode/#buildbots [+v nadav] by marla",
        "sent dev-ross 2024-03-09T23:59:00 message: night all",
        "received nadav 2024-03-10T00:03:00 message: still here? the CI is red again 😬",
        "received marla 2024-03-10T00:04:00 message: nadav: looking",
      ])
    #expect(transcript.title == "#buildbots")
    #expect(transcript.participants.map(\.name) == ["marla", "kestrel", "dev_ross", "nadav"])
    #expect(transcript.messages[4].extras.spans == [TextSpan(start: 0, length: 24, style: .italic)])
    #expect(transcript.messages[0].location?.line == 2)
  }

  @Test func weeChatLog() throws {
    let text =
      "2024-03-09 09:58:12\t-->\tkestrel (~kestrel@user/kestrel) has joined #buildbots\n"
      + "2024-03-09 09:58:40\t@marla\tmorning kestrel o/\n"
      + "2024-03-09 10:00:31\t *\tmarla hands kestrel a coffee\n"
      + "2024-03-09 10:02:44\t--\tkestrel is now known as kes\n"
      + "2024-03-09 10:03:00\t kes\tstill me\n"
      + "2024-03-10 00:12:02\t<--\tkes (~kestrel@user/kestrel) has quit (Quit: Leaving)\n"
    let input = try fixtures.input(text: text, path: "chat.txt")
    #expect(IRCFormat().detect(input))
    let (transcript, _) = try fixtures.read(input, as: IRCFormat())
    fixtures.expectRows(
      transcript,
      [
        "center - 2024-03-09T09:58:12 system: kestrel joined #buildbots",
        "received marla 2024-03-09T09:58:40 message: morning kestrel o/",
        "received marla 2024-03-09T10:00:31 message: hands kestrel a coffee",
        "center - 2024-03-09T10:02:44 system: kestrel is now known as kes",
        "received kes 2024-03-09T10:03:00 message: still me",
        "center - 2024-03-10T00:12:02 system: kes quit (Quit: Leaving)",
      ])
    #expect(transcript.title == "#buildbots")
    // Named by the nick they spoke under; marla's lines keep hers.
    #expect(transcript.participants.map(\.name) == ["marla", "kes"])
  }

  @Test func dateFromTheFileNameMovesOnAtMidnight() throws {
    let text = "[23:59:00] <ana> late\n[00:01:30] <bo> early\n[00:02:00] <ana> still\n"
    let (transcript, _) = try read(text, path: "logs/#chan_20240229.log")
    #expect(
      transcript.messages.map { $0.time.map(ISO8601.format) } == [
        "2024-02-29T23:59:00", "2024-03-01T00:01:30", "2024-03-01T00:02:00",
      ])
    #expect(
      IRCFormat.date(inFileName: "znc/#rust/2023-12-31.log")
        == LocalDate(year: 2023, month: 12, day: 31))
    #expect(IRCFormat.date(inFileName: "dir_20240101/channel.log") == nil)
    #expect(IRCFormat.date(inFileName: "channel-123.log") == nil)
  }

  @Test func noticesControlCodesAndUnknownEvents() throws {
    let text =
      "10:00 -NickServ(NickServ@services.)- This nickname is registered.\n"
      + "10:01 <%op> \u{02}bold\u{02} and \u{1D}italic\u{0F} and \u{03}04,01red\u{03} text\n"
      + "10:02 !server.example.org Netsplit over\n"
      + "[10:03] <~founder> x\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received nickserv 10:00:00 message: This nickname is registered.",
        "received op 10:01:00 message: bold and italic and red text",
        "center - 10:02:00 system: !server.example.org Netsplit over",
        "received founder 10:03:00 message: x",
      ])
    #expect(transcript.participants.first?.isBot == true)
    #expect(
      transcript.messages[1].extras.spans == [
        TextSpan(start: 0, length: 4, style: .bold), TextSpan(start: 9, length: 6, style: .italic),
      ])
  }

  /// Each row of the dialect table reads its own example as marla saying "morning".
  @Test(arguments: IRCDialect.all.map(\.example))
  func everyDialectReadsItsExample(example: String) throws {
    #expect(IRCLine.parse(example)?.content == .message(nick: "marla", text: "morning"))
    let (transcript, warnings) = try read(example + "\n" + example + "\n")
    #expect(transcript.messages.map { "\($0.authorID ?? "-"): \($0.text)" } == ["marla: morning", "marla: morning"])
    #expect(transcript.messages.allSatisfy { $0.time != nil })
    #expect(unread(warnings).isEmpty)
  }

  @Test func supybotAndLimnoria() throws {
    let text =
      "2024-03-09T09:58:40  <marla> morning\n"
      + "2024-03-09T09:58:52  *** kestrel has joined #buildbots\n"
      + "2024-03-09T09:59:02  * kestrel waves\n"
      + "2024-03-09T09:59:10  -ChanServ- hello\n"
      + "2024-03-09T10:00:00  *** kestrel is now known as kes\n"
      + "2024-03-09T10:01:00  <kes> still me\n"
      + "2024-03-09T10:02:00  *** kes has quit IRC\n"
    let input = try fixtures.input(text: text, path: "log.txt")
    let (transcript, warnings) = try fixtures.readDetected(input, as: "irc")
    fixtures.expectRows(
      transcript,
      [
        "received marla 2024-03-09T09:58:40 message: morning",
        "center - 2024-03-09T09:58:52 system: kestrel joined #buildbots",
        "received kestrel 2024-03-09T09:59:02 message: waves",
        "received chanserv 2024-03-09T09:59:10 message: hello",
        "center - 2024-03-09T10:00:00 system: kestrel is now known as kes",
        "received kestrel 2024-03-09T10:01:00 message: still me",
        "center - 2024-03-09T10:02:00 system: kes quit",
      ])
    #expect(unread(warnings).isEmpty)
  }

  /// A reconnect takes the nick with a `_`; renamed back, the two are one person.
  @Test func renamedBackToAnEarlierNickIsThatPerson() throws {
    let text =
      "[09:00] <ryz> hi\n" + "[09:01] *** ryz has quit IRC\n" + "[09:02] <ryz_> back\n"
      + "[09:03] *** ryz_ is now known as ryz\n" + "[09:04] <ryz> ok\n" + "[09:05] <ana> yo\n"
    let (transcript, _) = try read(text)
    #expect(transcript.messages.compactMap(\.authorID) == ["ryz", "ryz", "ryz", "ana"])
    #expect(transcript.participants.map(\.name) == ["ryz", "ana"])
  }

  @Test func aNickRenamedAwayIsFreeForSomeoneElse() throws {
    // The server renames each web user who came in as "kubuntu": two people, named as they spoke.
    let text =
      "=== kubuntu is now known as Guest335\n" + "[19:18] <Guest335> hi, a live session question\n"
      + "=== kubuntu is now known as Guest462\n" + "[20:26] <Guest462> bluedevil does nothing\n"
      + "[20:27] <Guest335> thanks\n"
    let (transcript, _) = try read(text, path: "#kubuntu.txt")
    #expect(transcript.participants.map(\.name) == ["Guest335", "Guest462"])
    #expect(transcript.messages.compactMap(\.authorID) == ["guest335", "guest462", "guest335"])
  }

  @Test func irclogsUbuntuWithUntimedRenames() throws {
    let text =
      "=== marla is now known as marla_\n"
      + "[00:05] <marla_> morning\n"
      + "[00:06]  * kestrel hands marla_ a coffee\n"
      + "=== kestrel is now known as kes\n"
      + "[00:07] <kes> ok\n"
    let (transcript, warnings) = try read(text, path: "#ubuntu.txt")
    fixtures.expectRows(
      transcript,
      [
        "center - - system: marla is now known as marla_",
        "received marla 00:05:00 message: morning",
        "received kestrel 00:06:00 message: hands marla_ a coffee",
        "center - - system: kestrel is now known as kes",
        "received kestrel 00:07:00 message: ok",
      ])
    #expect(unread(warnings).isEmpty)
  }

  @Test func dircproxyWithHostmasksAndIdentifyFlags() throws {
    let text =
      "[15 Jan 00:53] *** You connected\n"
      + "[15 Jan 10:36] <marla!~m@example.org> +morning\n"
      + "[15 Jan 10:37] <kestrel!n=k@host> -hi\n"
      + "[15 Jan 10:37] <kestrel!n=k@host> +\n"
      + "[16 Jan 08:00] * marla waves\n"
      + "[16 Jan 08:01] -NickServ!s@services- identify please\n"
    let input = try fixtures.input(text: text, path: "logs/2009-01-15-dircproxy.log")
    let (transcript, _) = try fixtures.readDetected(input, as: "irc")
    fixtures.expectRows(
      transcript,
      [
        "center - 2009-01-15T00:53:00 system: You connected",
        "received marla 2009-01-15T10:36:00 message: morning",
        "received kestrel 2009-01-15T10:37:00 message: hi",
        "received marla 2009-01-16T08:00:00 message: waves",
        "received nickserv 2009-01-16T08:01:00 message: identify please",
      ])
  }

  @Test func hexChatAndXChat() throws {
    let text =
      "**** BEGIN LOGGING AT Sat Mar  9 09:55:02 2024\n\n"
      + "Mar 09 09:55:02 *\tNow talking on #buildbots\n"
      + "Mar 09 09:58:12 -->\tkestrel (~k@host) has joined #buildbots\n"
      + "Mar 09 09:58:40 <marla>\tmorning\n"
      + "Mar 09 09:59:00 *\tmarla hands kestrel a coffee\n"
      + "Mar 09 10:00:00 ---\tkestrel is now known as kes\n"
      + "Mar 09 10:12:02 <--\tkes (~k@host) has quit (Quit: Leaving)\n"
      + "**** ENDING LOGGING AT Sat Mar  9 10:20:00 2024\n"
    let (transcript, _) = try read(text, path: "buildbots.log")
    fixtures.expectRows(
      transcript,
      [
        "center - 2024-03-09T09:55:02 system: Now talking on #buildbots",
        "center - 2024-03-09T09:58:12 system: kestrel joined #buildbots",
        "received marla 2024-03-09T09:58:40 message: morning",
        "received marla 2024-03-09T09:59:00 message: hands kestrel a coffee",
        "center - 2024-03-09T10:00:00 system: kestrel is now known as kes",
        "center - 2024-03-09T10:12:02 system: kes quit (Quit: Leaving)",
      ])
    #expect(transcript.title == "#buildbots")
  }

  @Test func mIRCQuasselAndTextualEvents() throws {
    let text =
      "Session Start: Sat Mar 09 09:55:02 2024\n"
      + "Session Ident: #buildbots\n"
      + "[09:58] * Joins: kestrel (k@host)\n"
      + "[09:58] <marla> morning\n"
      + "[09:59] * kestrel is now known as kes\n"
      + "[10:00] <-> kes is now known as kestrel\n"
      + "[10:01] kestrel left the channel\n"
      + "Session Close: Sat Mar 09 10:02:00 2024\n"
    let (transcript, warnings) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "center - 2024-03-09T09:58:00 system: kestrel joined",
        "received marla 2024-03-09T09:58:00 message: morning",
        "center - 2024-03-09T09:59:00 system: kestrel is now known as kes",
        "center - 2024-03-09T10:00:00 system: kes is now known as kestrel",
        "center - 2024-03-09T10:01:00 system: kestrel left",
      ])
    #expect(unread(warnings).isEmpty)
  }

  /// In a file that is a log, a line of no known shape is a notice and one warning counts
  /// them; the log is never refused for it.
  @Test func unknownLinesBecomeNoticesWithOneWarning() throws {
    let text =
      "09:58 <a> hi\n" + "hello there\n" + "[25:00] <a> x\n" + "09:59 <b> ok\n"
      + "2024-13-01 10:00:00\tnick\ttext\n"
    let (transcript, warnings) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received a 09:58:00 message: hi",
        "center - - system: hello there",
        "center - - system: [25:00] <a> x",
        "received b 09:59:00 message: ok",
        "center - - system: 2024-13-01 10:00:00\tnick\ttext",
      ])
    #expect(unread(warnings).map(\.message) == ["3 lines are not IRC log lines; shown as notices"])
    #expect(unread(warnings).first?.location?.line == 2)
    #expect(transcript.messages[2].location?.line == 3)
  }

  @Test func brokenMessagesAfterATimeAreEvents() throws {
    let (transcript, _) = try read("09:58 <a> hi\n[09:58] <marla morning\n09:58 <> hi\n")
    #expect(
      fixtures.rows(transcript).dropFirst() == [
        "center - 09:58:00 system: <marla morning", "center - 09:58:00 system: <> hi",
      ])
  }
}
