/// Something drawn on a page, in drawing order.
@_spi(Pages) public enum LayoutItem: Sendable, Hashable {
  /// A message bubble, system notice or date pill, with its border and shadow.
  case bubble(BubbleItem)
  /// Text set where it was measured.
  case text(TextBlock)
  /// A round picture with initials.
  case avatar(AvatarItem)
  /// A filled rectangle: a code block's background, a quote bar, a table's rule.
  case box(BoxItem)
  /// A clickable area (PDF and SVG) over text already drawn.
  case link(LinkItem)
  /// A small labelled shape drawn over bubbles: a reaction, a BOT badge, a time on a picture.
  case badge(BadgeItem)
  /// A photo or sticker, scaled into its frame and clipped to its rounded corners.
  case picture(PictureItem)
  /// A translucent layer over the page with holes (a spotlight): drawn over everything
  /// before it, under everything after it.
  case dim(DimItem)
  /// A stroked line from a reply to what it quotes.
  case line(LineItem)
}
