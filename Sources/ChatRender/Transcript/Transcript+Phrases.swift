extension Transcript {
  /// Whether any message or name is a sentence of ours (`Phrase`).
  package var hasPhrases: Bool {
    titlePhrase != nil || participants.contains { $0.namePhrase != nil }
      || messages.contains { $0.extras.phrase != nil }
  }

  /// The transcript with each sentence of ours written by `write` (in the reader's language,
  /// docs/ARCHITECTURE.md, "Translations"): the title, a message's text and a participant's
  /// name. What is written is text as any export's, no phrase left: writing again writes none.
  package func withPhrasesWritten(_ write: (Phrase) -> String) -> Transcript {
    guard hasPhrases else { return self }
    var result = self
    if let titlePhrase { result.title = write(titlePhrase) }
    result.titlePhrase = nil
    for index in result.participants.indices {
      if let phrase = result.participants[index].namePhrase { result.participants[index].name = write(phrase) }
      result.participants[index].namePhrase = nil
    }
    for index in result.messages.indices {
      guard let phrase = result.messages[index].extras.phrase else { continue }
      result.messages[index].extras.phrase = nil
      let whole = result.messages[index].wholeTextSpan
      result.messages[index].text = write(phrase)
      result.messages[index].extras.spans =
        whole.map { [TextSpan(start: 0, length: result.messages[index].text.unicodeScalars.count, style: $0.style)] }
        ?? []
    }
    return result
  }
}

extension Transcript {
  /// The chat is named by a word of ours ("Saved Messages"), drawn in the reader's language.
  package mutating func name(by phrase: Phrase) {
    title = phrase.english
    titlePhrase = phrase
  }
}

extension Message {
  /// The message says `phrase`: its text is the English, written in the reader's language
  /// when drawn.
  package mutating func say(_ phrase: Phrase) {
    text = phrase.english
    extras.phrase = phrase
  }

  /// The one span over the whole text (a sentence of ours in italics), which a translation keeps.
  fileprivate var wholeTextSpan: TextSpan? {
    guard extras.spans.count == 1, let span = extras.spans.first, span.start == 0,
      span.length == text.unicodeScalars.count
    else { return nil }
    return span
  }
}

extension Participant {
  /// Someone the export does not name, named by a word of ours ("Me", "You") that is drawn in
  /// the reader's language.
  package init(id: String, word: Word, isBot: Bool = false, handles: [String] = []) {
    self.init(id: id, name: Phrase(word).english, isBot: isBot, handles: handles)
    namePhrase = Phrase(word)
  }
}
