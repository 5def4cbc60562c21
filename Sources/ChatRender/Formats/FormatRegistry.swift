/// The list of formats in detection order. Add a new format here.
enum FormatRegistry {
  static let all: [any TranscriptFormat] = [
    JSONTranscriptFormat(),
    // Importers of other apps' exports go here, in FORMATS.md §0.5 order.
    ChatTextFormat(),
  ]
}
