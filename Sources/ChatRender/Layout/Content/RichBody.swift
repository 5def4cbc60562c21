/// A formatted message body laid out relative to its top-left corner (0, 0).
public struct RichBody: Sendable, Hashable {
  /// Text and boxes (code backgrounds, quote bars, table lines), in drawing order.
  public var items: [LayoutItem]
  /// Where links are, for PDF and SVG annotations.
  public var links: [LinkItem]
  public var size: Size
  /// The width of the last line when the body ends in text, so the time may sit beside it;
  /// the body's width when it ends in a box (code, a table), where it never fits.
  public var lastLineWidth: Double
  /// Whether the body ends in a line of text (not a code block, table or rule).
  public var endsInText: Bool
  /// Whether the last paragraph reads right to left.
  public var isRightToLeft: Bool

  public init(
    items: [LayoutItem], links: [LinkItem], size: Size, lastLineWidth: Double, endsInText: Bool,
    isRightToLeft: Bool
  ) {
    self.items = items
    self.links = links
    self.size = size
    self.lastLineWidth = lastLineWidth
    self.endsInText = endsInText
    self.isRightToLeft = isRightToLeft
  }

  /// The body moved by (dx, dy): where a bubble places it.
  public func offsetBy(dx: Double, dy: Double) -> [LayoutItem] {
    items.map { item in
      switch item {
      case .text(var text):
        text.origin.x += dx
        text.origin.y += dy
        return .text(text)
      case .box(var box):
        box.frame = box.frame.offsetBy(dx: dx, dy: dy)
        return .box(box)
      case .bubble(var bubble):
        bubble.shape.frame = bubble.shape.frame.offsetBy(dx: dx, dy: dy)
        return .bubble(bubble)
      case .avatar(var avatar):
        avatar.frame = avatar.frame.offsetBy(dx: dx, dy: dy)
        avatar.initials.origin.x += dx
        avatar.initials.origin.y += dy
        return .avatar(avatar)
      }
    }
  }
}

/// A link in laid-out text: the text block it is in and its byte range there, from which a
/// renderer holding the Pango layout finds the exact rectangles of each line it covers.
public struct LinkItem: Sendable, Hashable {
  /// The frame of the text block holding the link.
  public var frame: Rect
  public var url: String
  /// UTF-8 byte offsets of the link's words in that block's text.
  public var textRange: Range<Int>

  public init(frame: Rect, url: String, textRange: Range<Int>) {
    self.frame = frame
    self.url = url
    self.textRange = textRange
  }
}
