extension Transcript {
  /// Whether any message or name is a sentence of ours (`Phrase`).
  package var hasPhrases: Bool {
    participants.contains { $0.namePhrase != nil } || messages.contains { $0.extras.phrase != nil }
  }

  /// The transcript with each sentence of ours written by `write` (in the reader's language,
  /// docs/ARCHITECTURE.md, "Translations"): a message's text and a participant's name.
  package func withPhrasesWritten(_ write: (Phrase) -> String) -> Transcript {
    guard hasPhrases else { return self }
    var result = self
    for index in result.participants.indices {
      if let phrase = result.participants[index].namePhrase { result.participants[index].name = write(phrase) }
    }
    for index in result.messages.indices {
      guard let phrase = result.messages[index].extras.phrase else { continue }
      result.messages[index].text = write(phrase)
      result.messages[index].extras.spans = []
    }
    return result
  }
}
