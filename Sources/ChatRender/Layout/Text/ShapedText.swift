import CPango

/// Text as Pango shaped it for a `TextEngine`: what drawing needs, carried in the layout
/// result so that no text is shaped twice. The layout is freed with the last reference.
///
/// A cache, not content: every `ShapedText` is equal to every other, since the `TextBlock`
/// that carries one already says what it shows. Two layouts of one chat are then equal.
/// Draw it only on the thread of the engine that made it (Pango objects are not shared).
@_spi(Pages) public final class ShapedText: Hashable, @unchecked Sendable {
  let layout: OpaquePointer

  /// Takes over a reference to `layout`.
  init(taking layout: OpaquePointer) { self.layout = layout }

  deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

  /// Always equal: shaped text follows from the `StyledText` it was made from, which layout
  /// results compare, so two layouts of one chat are equal.
  public static func == (lhs: ShapedText, rhs: ShapedText) -> Bool { true }
  /// Adds nothing, as `==` compares nothing.
  public func hash(into hasher: inout Hasher) {}
}
