/// Messages to point a reader at (`--highlight`, `--note`, `--crop`): everything else is
/// dimmed, notes point at them, and a crop keeps only them and a few messages around them.
public struct Highlights: Sendable, Hashable {
  /// One selector and the note that points at what it names.
  public struct Highlight: Sendable, Hashable {
    /// Which messages to highlight.
    public var selector: MessageSelector
    /// Text of a note pointing at the messages; nil for none.
    public var note: String?

    /// A highlight of what `selector` names, with an optional note.
    public init(selector: MessageSelector, note: String? = nil) {
      self.selector = selector
      self.note = note
    }
  }

  /// What to highlight, each with its note.
  public var highlights: [Highlight]
  /// When set, the transcript is cut down to the highlighted messages and this many entries
  /// before and after each.
  public var cropContext: Int?

  /// Highlights, with no crop unless `cropContext` (entries kept on each side) is given.
  public init(highlights: [Highlight], cropContext: Int? = nil) {
    self.highlights = highlights
    self.cropContext = cropContext
  }

  /// The messages each highlight names in `transcript`, and the transcript to draw (cropped
  /// when asked, with the selection's indexes following it).
  ///
  /// - Throws: `HighlightError` naming the first selector that matches no message.
  public func resolve(in transcript: Transcript) throws(HighlightError) -> (Transcript, SpotlightSelection) {
    var targets: [SpotlightSelection.Target] = []
    for highlight in highlights {
      let indexes = highlight.selector.indexes(in: transcript)
      guard !indexes.isEmpty else {
        throw HighlightError(selector: highlight.selector, entryCount: transcript.messages.count)
      }
      targets.append(SpotlightSelection.Target(messageIndexes: indexes, note: highlight.note))
    }
    let selection = SpotlightSelection(targets: targets)
    guard let cropContext else { return (transcript, selection) }
    return crop(transcript, keeping: selection, context: cropContext)
  }

  /// `transcript` with only the chosen messages and `context` entries on each side of them;
  /// the day labels they need follow from their times, as in any transcript.
  private func crop(
    _ transcript: Transcript, keeping selection: SpotlightSelection, context: Int
  ) -> (Transcript, SpotlightSelection) {
    let count = transcript.messages.count
    var kept = Set<Int>()
    for index in selection.messageIndexes {
      kept.formUnion(max(0, index - context)...min(count - 1, index + context))
    }
    let order = kept.sorted()
    var newIndex: [Int: Int] = [:]
    for (position, old) in order.enumerated() { newIndex[old] = position }
    let cropped = transcript.cut(to: order.map { transcript.messages[$0] })
    let targets = selection.targets.map { target in
      SpotlightSelection.Target(
        messageIndexes: target.messageIndexes.compactMap { newIndex[$0] }, note: target.note)
    }
    var croppedSelection = SpotlightSelection(targets: targets)
    croppedSelection.leftOut = Self.gaps(keeping: order, of: count)
    return (cropped, croppedSelection)
  }

  /// The entries left out before each kept one (by its place among the kept) and after the
  /// last (at `kept.count`), where any are: a crop marks every gap (issue 22, point 12).
  static func gaps(keeping kept: [Int], of count: Int) -> [Int: Int] {
    var gaps: [Int: Int] = [:]
    var next = 0
    for (position, index) in kept.enumerated() {
      if index > next { gaps[position] = index - next }
      next = index + 1
    }
    if count > next { gaps[kept.count] = count - next }
    return gaps
  }
}

/// A highlight that names no message of the transcript.
public struct HighlightError: Error, Sendable, CustomStringConvertible {
  /// The selector that names no message.
  public var selector: MessageSelector
  /// How many entries the transcript has.
  public var entryCount: Int

  /// The message, naming the selector and the number of entries.
  public var description: String {
    "highlight '\(selector)' matches no message (the chat has \(entryCount) entries)"
  }
}
