/// The translucent layer laid over everything but the highlighted messages (`--highlight`).
@_spi(Pages) public struct SpotlightStyle: Sendable, Hashable {
  /// The layer's colour; its own alpha is multiplied by `alpha`.
  public var color: Color
  /// How much of the picture the layer hides, 0…1.
  public var alpha: Double
  /// Room left undimmed around each highlighted bubble, in points.
  public var margin: Double
  /// A line around each cut-out, on the layer just outside it (covering nothing shown); nil
  /// for none.
  public var ring: BorderStyle?

  /// A layer of `color` at `alpha` (0…1), leaving `margin` points clear around highlighted
  /// bubbles, each cut-out outlined by `ring` when given.
  public init(color: Color, alpha: Double, margin: Double, ring: BorderStyle? = nil) {
    self.color = color
    self.alpha = alpha
    self.margin = margin
    self.ring = ring
  }

  /// The colour the layer is filled with.
  public var layerColor: Color {
    Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * alpha)
  }

  /// Black at 45 %, 6 points clear of the bubbles, a white ring around them.
  public static let standard = SpotlightStyle(
    color: Color(rgb: 0x000000), alpha: 0.45, margin: 6, ring: BorderStyle(width: 2, color: Color(rgb: 0xFFFFFF)))
}
