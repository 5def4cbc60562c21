import CCairo

extension Path {
  /// Replaces the current path of `cairo` with this one.
  func replaceCurrentPath(of cairo: OpaquePointer) {
    cairo_new_path(cairo)
    for element in elements {
      switch element {
      case .move(let point): cairo_move_to(cairo, point.x, point.y)
      case .line(let point): cairo_line_to(cairo, point.x, point.y)
      case .curve(let a, let b, let c): cairo_curve_to(cairo, a.x, a.y, b.x, b.y, c.x, c.y)
      case .close: cairo_close_path(cairo)
      }
    }
  }
}
