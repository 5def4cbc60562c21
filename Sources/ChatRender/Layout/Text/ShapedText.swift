import CPango

/// Text as Pango shaped it for a `TextEngine`: what drawing needs, carried in the layout
/// result so that no text is shaped twice. The layout is freed with the last reference.
///
/// A drawing cache, not content: `TextMetrics` leaves it out when it compares, so it has no
/// equality of its own. Sendable only to be handed over: draw it on one thread at a time,
/// after the engine that made it has finished with it (a prefetched block's text is drawn
/// once its thread has stopped; Pango objects are not shared).
@_spi(Pages) public final class ShapedText: @unchecked Sendable {
  let layout: OpaquePointer

  /// Takes over a reference to `layout`.
  init(taking layout: OpaquePointer) { self.layout = layout }

  /// A layout keeps its font map alive: the last one out frees the fonts (see `FontLoading`).
  deinit { FontLoading.run { g_object_unref(UnsafeMutableRawPointer(layout)) } }
}
