/// A NUL in a stranger's text would end it wherever C reads it (Pango, cairo, PDF strings):
/// everything after would vanish. It is drawn as ␀ (U+2400) instead, one scalar for one, so
/// spans (counted in scalars) stay where they were.
enum NULMark {
  static let mark: Unicode.Scalar = "\u{2400}"

  /// `transcript` with every NUL of its texts, names and title shown as `mark`.
  static func show(in transcript: inout Transcript) {
    transcript.title = transcript.title.map(shown)
    for index in transcript.participants.indices where hasNUL(transcript.participants[index].name) {
      transcript.participants[index].name = shown(transcript.participants[index].name)
    }
    for index in transcript.messages.indices where hasNUL(transcript.messages[index].text) {
      transcript.messages[index].text = shown(transcript.messages[index].text)
    }
  }

  private static func hasNUL(_ text: String) -> Bool { text.utf8.contains(0) }

  private static func shown(_ text: String) -> String {
    guard hasNUL(text) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? mark : $0 }))
  }
}
