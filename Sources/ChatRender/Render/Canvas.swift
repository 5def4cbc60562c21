/// Where a renderer draws: cairo for pictures, a recording for tests.
public protocol Canvas {
  /// Fills the page (size in points) with the background colour.
  func fillBackground(_ color: Color, size: Size)
  /// Draws a blurred shadow of `path`.
  func drawShadow(of path: Path, style: ShadowStyle)
  func fill(_ path: Path, color: Color)
  /// Strokes `border` entirely inside `path`.
  func strokeInside(_ path: Path, border: BorderStyle)
  func draw(_ text: TextBlock)
}
