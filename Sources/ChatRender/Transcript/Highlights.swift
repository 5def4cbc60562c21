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

  /// `transcript` with only the chosen messages and `context` messages on each side of them,
  /// with the notices among and just before them (an explicit date entry, a join), which take
  /// no place of the context; the day labels they need follow from their times.
  private func crop(
    _ transcript: Transcript, keeping selection: SpotlightSelection, context: Int
  ) -> (Transcript, SpotlightSelection) {
    let messages = transcript.messages
    var kept = Set<Int>()
    for index in selection.messageIndexes {
      kept.formUnion(Self.stretch(around: index, context: context, in: messages))
    }
    let order = kept.sorted()
    var newIndex: [Int: Int] = [:]
    for (position, old) in order.enumerated() { newIndex[old] = position }
    let cropped = transcript.cut(to: order.map { messages[$0] })
    let targets = selection.targets.map { target in
      SpotlightSelection.Target(
        messageIndexes: target.messageIndexes.compactMap { newIndex[$0] }, note: target.note)
    }
    var croppedSelection = SpotlightSelection(targets: targets)
    croppedSelection.leftOut = Self.gaps(keeping: order, of: messages)
    return (cropped, croppedSelection)
  }

  /// The entries kept around `index`: `context` messages on each side, the notices among
  /// them, and the notices just before the first (what introduces it).
  static func stretch(around index: Int, context: Int, in messages: [Message]) -> ClosedRange<Int> {
    var first = index
    var found = 0
    while first > 0, found < context || messages[first - 1].kind == .system {
      first -= 1
      if messages[first].kind == .message { found += 1 }
    }
    var last = index
    found = 0
    while last < messages.count - 1, found < context {
      last += 1
      if messages[last].kind == .message { found += 1 }
    }
    return first...last
  }

  /// The messages left out before each kept entry (by its place among the kept) and after the
  /// last (at `kept.count`), where any are: a crop marks every gap (issue 22, point 12). Notices
  /// left out are not counted as messages.
  static func gaps(keeping kept: [Int], of messages: [Message]) -> [Int: Int] {
    func messageCount(_ range: Range<Int>) -> Int { messages[range].count { $0.kind == .message } }
    var gaps: [Int: Int] = [:]
    var next = 0
    for (position, index) in kept.enumerated() {
      let left = messageCount(next..<index)
      if left > 0 { gaps[position] = left }
      next = index + 1
    }
    let after = messageCount(next..<messages.count)
    if after > 0 { gaps[kept.count] = after }
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
