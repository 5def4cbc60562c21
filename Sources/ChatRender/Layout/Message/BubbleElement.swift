/// One kind of thing a bubble holds besides its text (a quoted reply, a picture, a call, a
/// link card): a type that builds its rows from what the message carries. The kinds a layout
/// knows are a table (`BubbleElements.standard`), so a new element is one type and one row.
protocol BubbleElement: BlockPart {
  /// Above the text, on a message's first piece; or below it, on its last.
  static var place: BubbleElementPlace { get }
  /// A builder for one message's rows, reading the layout's theme, words and measurer.
  init(builder: BlockBuilder)
  /// The rows this element adds to the bubble of `plan`'s message: none when it carries none.
  func rows(_ plan: BubblePlan) -> [BubbleRow]
}

/// Where an element's rows stand in the bubble.
enum BubbleElementPlace {
  case aboveText
  case belowText
}

/// A part of a message's block built apart from `BlockBuilder`: it reads the layout (theme,
/// words, measurer) through the builder, by the names the builder gives them.
protocol BlockPart {
  var builder: BlockBuilder { get }
}

extension BlockPart {
  var theme: Theme { builder.theme }
  var measurer: any TextMeasurer { builder.measurer }
  var labels: LocalizedLabels { builder.labels }

  func font(size: Double, bold: Bool = false, italic: Bool = false) -> FontSpec {
    builder.font(size: size, bold: bold, italic: italic)
  }

  func onBubble(_ color: Color, _ plan: BubblePlan) -> Color { builder.onBubble(color, plan) }

  func secondaryColor(_ plan: BubblePlan) -> Color { builder.secondaryColor(plan) }
}
