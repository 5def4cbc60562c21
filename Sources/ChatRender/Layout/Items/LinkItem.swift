/// An area that opens `url` when clicked, in PDF and SVG.
@_spi(Pages) public struct LinkItem: Sendable, Hashable {
  /// The area, or the frame of the text block holding the link when `textRange` is set.
  public var frame: Rect
  /// The address opened.
  public var url: String
  /// UTF-8 byte offsets of the link's words in that block's text, when known.
  public var textRange: Range<Int>?

  /// A link over `frame`; `textRange` (UTF-8 byte offsets into the block's text) narrows it to
  /// the link's words.
  public init(frame: Rect, url: String, textRange: Range<Int>? = nil) {
    self.frame = frame
    self.url = url
    self.textRange = textRange
  }

  /// A link over `frame`, or nil when `url` may not open (`LinkTarget`): the layout makes
  /// links only through this.
  static func clickable(frame: Rect, url: String, textRange: Range<Int>? = nil) -> LinkItem? {
    LinkTarget.isClickable(url) ? LinkItem(frame: frame, url: url, textRange: textRange) : nil
  }
}
