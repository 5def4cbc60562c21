/// A translucent layer over `area` with even-odd holes: what lies under a hole stays as it is.
@_spi(Pages) public struct DimItem: Sendable, Hashable {
  /// The rectangle covered, in layout points (for a PDF, the whole sheet).
  public var area: Rect
  /// The holes, one closed sub-path each; they never overlap.
  public var cutouts: Path
  /// The layer's colour, its alpha included.
  public var color: Color
  /// A line around each hole, on the layer just outside it; nil for none.
  public var ring: BorderStyle?

  /// A layer over `area` with `cutouts` left clear, each outlined by `ring` when given.
  public init(area: Rect, cutouts: Path, color: Color, ring: BorderStyle? = nil) {
    self.area = area
    self.cutouts = cutouts
    self.color = color
    self.ring = ring
  }

  /// The area and its holes as one path, to be filled with the even-odd rule.
  public var path: Path {
    var path = Path()
    path.move(to: Point(x: area.minX, y: area.minY))
    path.line(to: Point(x: area.maxX, y: area.minY))
    path.line(to: Point(x: area.maxX, y: area.maxY))
    path.line(to: Point(x: area.minX, y: area.maxY))
    path.close()
    path.append(cutouts)
    return path
  }
}
