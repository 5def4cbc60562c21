/// The translucent layer laid over everything but the highlighted messages (`--highlight`).
@_spi(Pages) public struct SpotlightStyle: Sendable, Hashable {
  /// The layer's colour; its own alpha is multiplied by `alpha`.
  public var color: Color
  /// How much of the picture the layer hides, 0…1.
  public var alpha: Double
  /// Room left undimmed around each highlighted bubble, in points.
  public var margin: Double

  /// A layer of `color` at `alpha` (0…1), leaving `margin` points clear around highlighted
  /// bubbles.
  public init(color: Color, alpha: Double, margin: Double) {
    self.color = color
    self.alpha = alpha
    self.margin = margin
  }

  /// The colour the layer is filled with.
  public var layerColor: Color {
    Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * alpha)
  }

  /// Black at 45 %, 6 points clear of the bubbles.
  public static let standard = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.45, margin: 6)
}
