/// What every part of one message's bubble needs to know.
struct BubblePlan {
  var message: Message
  var index: Int
  var side: MessageSide
  var style: BubbleStyle
  var startsRun: Bool
  var endsRun: Bool
  var separatedAbove: Bool
  /// The lines of the text shown in this piece (all when nil).
  var lines: Range<Int>?
  var arrowSide: BubbleShape.Side?
  var carriesArrow: Bool
  /// Room kept beside the body for a side arrow.
  var arrowRoom: Double
  /// The width text wraps at inside the bubble.
  var wrap: Double
  var leftEdge: Double
  var rightEdge: Double
  var authorName: String?
  var showsName: Bool

  var isFirstPiece: Bool { lines == nil || lines?.lowerBound == 0 }
}
