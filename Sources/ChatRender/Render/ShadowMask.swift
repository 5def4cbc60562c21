/// The alpha mask a blurred shadow is drawn into: where it sits, how many pixels a point gets,
/// its size and the blur radius in its pixels.
///
/// A blur holds no detail finer than itself, so a mask never needs more than
/// `largestRadius` pixels of blur: a wide blur is made on a coarser mask that cairo scales up,
/// and the work stays bounded whatever the theme asks (a blur of 20,000 points once made a
/// mask of a gigabyte per bubble).
struct ShadowMask: Equatable {
  /// The most mask pixels a blur radius is given; blurs up to this many device pixels (16
  /// points at 2x) are drawn at full resolution.
  static let largestRadius = 24.0

  /// The mask's top-left corner, in points.
  var origin: Point
  /// Mask pixels per point.
  var scale: Double
  var width: Int
  var height: Int
  /// The box blur's radius, in mask pixels.
  var radius: Int

  /// The mask for a shape of `bounds` blurred by `blur` points, drawn at `deviceScale`
  /// pixels per point; nil when there is nothing to draw.
  init?(bounds: Rect, blur: Double, deviceScale: Double) {
    let margin = blur * 1.5
    let longest = max(bounds.width, bounds.height) + 2 * margin
    // Three box blurs of radius r approximate a Gaussian of sigma ≈ r; blur is ~2 sigma.
    let detail = 2 * Self.largestRadius / blur
    // A mask past cairo's largest image (a bubble of a very long message) is made coarser,
    // never dropped: a blurred edge loses nothing at a lower resolution.
    let scale = min(max(0.25, deviceScale), detail, Double(Limit.imageSide - 1) / longest)
    let maskWidth = ((bounds.width + 2 * margin) * scale).rounded(.up)
    let maskHeight = ((bounds.height + 2 * margin) * scale).rounded(.up)
    // Compared as doubles first: converting a huge (or NaN) size to Int would trap.
    let side = Double(Limit.imageSide)
    guard maskWidth > 0, maskHeight > 0, maskWidth <= side, maskHeight <= side else { return nil }
    self.origin = Point(x: bounds.minX - margin, y: bounds.minY - margin)
    self.scale = scale
    self.width = Int(maskWidth)
    self.height = Int(maskHeight)
    self.radius = max(1, Int((blur * scale / 2).rounded()))
  }
}
