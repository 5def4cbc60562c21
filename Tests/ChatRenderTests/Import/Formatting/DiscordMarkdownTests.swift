import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct DiscordMarkdownTests {
  let reader = DiscordMarkdown(mentionedNames: ["42": ["Lena", "lena.k"], "7": ["Ana Lima"]])

  func read(_ content: String) -> (text: String, spans: [String]) {
    let result = reader.read(content)
    return (result.text, SpanText.describe(result))
  }

  @Test func doubleUnderscoresUnderline() {
    let result = read("__under__ and **bold** and ***both***")
    #expect(result.text == "under and bold and both")
    #expect(result.spans == ["underline 'under'", "bold 'bold'", "bold 'both'", "italic 'both'"])
  }

  /// Discord has no setext headings: the underline stays as typed and the next line is written
  /// once (cmark ends such a heading on the line after it).
  @Test(arguments: ["===", "---"])
  func setextUnderlineIsTypedTextOnce(underline: String) {
    #expect(read("Title\n\(underline)\nnext line\nlast").text == "Title\n\(underline)\nnext line\nlast")
  }

  @Test func spoilersArePairedAndRemoved() {
    let result = read("the end: ||he **lives**|| ok || unpaired")
    #expect(result.text == "the end: he lives ok || unpaired")
    #expect(result.spans == ["spoiler 'he lives'", "bold 'lives'"])
  }

  @Test func rawMentionsBecomeNamesAndEmojiBecomeShortcodes() {
    let result = read("hi <@42> and <@!7>, <@99>! <:blobwave:123> <a:party:456> `<@42>`")
    #expect(result.text == "hi @Lena and @Ana Lima, @99! :blobwave: :party: <@42>")
    #expect(
      result.spans == [
        "mention(value: \"42\") '@Lena'", "mention(value: \"7\") '@Ana Lima'",
        "mention(value: \"99\") '@99'", "code '<@42>'",
      ])
  }

  @Test func mentionsTheExporterWroteOutAreMarked() {
    let result = read("Welcome @Lena! and @lena.k, not @Lenara")
    #expect(
      result.spans == ["mention(value: \"42\") '@Lena'", "mention(value: \"42\") '@lena.k'"])
  }

  @Test func aQuoteMarkerQuotesOneLineAndThreeQuoteTheRest() {
    let one = read("> Ch. 7 is wild\nok now I have to read it")
    #expect(one.text == "Ch. 7 is wild\nok now I have to read it")
    #expect(one.spans == ["quote 'Ch. 7 is wild'"])
    let rest = read("before\n>>> all\nof this")
    #expect(rest.text == "before\nall\nof this")
    #expect(rest.spans == ["quote 'all\nof this'"])
  }

  @Test func markdownDiscordDoesNotDrawStaysAsTyped() {
    #expect(read("title\n---").text == "title\n---")
    #expect(read("---").text == "---")
    #expect(read("#### small").text == "#### small")
    #expect(read(">not a quote").text == ">not a quote")
    #expect(read("| a | b |\n|---|---|\n| 1 | 2 |").spans.isEmpty)
    #expect(read("## big").spans == ["heading(level: 2) 'big'"])
  }
}
