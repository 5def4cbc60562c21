/// A note's text as measured, and the size of its bubble: the same for the layout, which
/// keeps room for the note under its message, and the spotlight, which draws it there.
struct NoteLabel {
  let styled: StyledText
  let wrapWidth: Double
  let metrics: TextMetrics
  /// The note without its arrow.
  let bodySize: Size
  /// The note with its arrow.
  let height: Double

  /// `text` as a note on a page `pageWidth` wide in `theme`.
  init(_ text: String, theme: Theme, measurer: any TextMeasurer, pageWidth: Double) {
    let style = theme.note
    let padding = style.padding
    let contentWidth = max(1, pageWidth - theme.canvas.padding.horizontal)
    wrapWidth = max(1, contentWidth * min(max(style.maxWidth, 0.05), 1) - padding.horizontal)
    styled = StyledText(
      text, font: FontSpec(families: theme.font.families, size: style.fontSize, lineSpacing: theme.font.lineSpacing))
    metrics = measurer.measure(styled, maxWidth: wrapWidth)
    bodySize = Size(width: metrics.size.width + padding.horizontal, height: metrics.size.height + padding.vertical)
    height = bodySize.height + style.arrowHeight
  }

  /// The room a message keeps under itself for this note: the cut-out's margin above the
  /// note and as much below it, before the next message.
  func room(in theme: Theme) -> Double { height + 2 * theme.spotlight.margin }
}

extension SpotlightSelection {
  /// The note of each target, by the message it goes under: the last of the target's first
  /// run of consecutive messages (its first cut-out), where the spotlight points it. Of two
  /// notes under one message, the first.
  var notesByLastMessage: [Int: String] {
    var notes: [Int: String] = [:]
    for target in targets {
      guard let note = target.note, !note.isEmpty, var last = target.messageIndexes.first else { continue }
      for index in target.messageIndexes.dropFirst() where index == last + 1 { last = index }
      if notes[last] == nil { notes[last] = note }
    }
    return notes
  }
}

extension LayoutItem {
  /// Where the item lies on its page (nil for a dim layer, which covers it all).
  var frame: Rect? {
    switch self {
    case .bubble(let bubble): bubble.shape.frame
    case .text(let text): text.frame
    case .avatar(let avatar): avatar.frame
    case .box(let box): box.frame
    case .link(let link): link.frame
    case .picture(let picture): picture.frame
    case .badge(let badge): badge.shape.frame
    case .dim: nil
    case .line(let line): line.frame
    }
  }
}
