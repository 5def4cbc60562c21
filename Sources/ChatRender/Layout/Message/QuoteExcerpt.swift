/// The first lines of a quoted message's text, joined by spaces, and where its spoilers fall
/// in them: a quote must hide what the message itself hides.
struct QuoteExcerpt {
  /// The lines joined by spaces (empty lines left out).
  var text = ""
  /// UTF-8 byte ranges of `text` inside the message's spoilers.
  var spoilers: [Range<Int>] = []

  /// The first `lineCount` non-empty lines of `message`'s text.
  init(_ message: Message, lineCount: Int) {
    let spoilers = message.extras.spans.filter { $0.style == .spoiler }.map { $0.start..<($0.start + $0.length) }
    var scalarIndex = 0
    var lines = 0
    var lineHasText = false
    for character in message.text {
      let isSpoiler = spoilers.contains { $0.contains(scalarIndex) }
      scalarIndex += character.unicodeScalars.count
      if character.isNewline {
        if lineHasText { lines += 1 }
        lineHasText = false
        if lines == lineCount { break }
        continue
      }
      if !lineHasText, !text.isEmpty { text += " " }
      lineHasText = true
      append(character, isSpoiler: isSpoiler)
    }
  }

  private mutating func append(_ character: Character, isSpoiler: Bool) {
    let start = text.utf8.count
    text.append(character)
    guard isSpoiler else { return }
    if let last = spoilers.last, last.upperBound == start {
      spoilers[spoilers.count - 1] = last.lowerBound..<text.utf8.count
    } else {
      spoilers.append(start..<text.utf8.count)
    }
  }
}
