import CCairo

/// Paints a real blurred shadow: the shape drawn into an alpha mask at device resolution,
/// blurred with three box passes (close to a Gaussian), then painted in the shadow colour.
enum ShadowPainter {
  static func draw(path: Path, style: ShadowStyle, on cairo: OpaquePointer) {
    let shifted = path.offsetBy(dx: style.dx, dy: style.dy)
    guard style.blur > 0 else {
      shifted.replaceCurrentPath(of: cairo)
      cairo_set_source_rgba(cairo, style.color.red, style.color.green, style.color.blue, style.color.alpha)
      cairo_fill(cairo)
      return
    }
    // Device pixels per point, so the mask is as sharp as the target.
    var unitX = 1.0
    var unitY = 0.0
    cairo_user_to_device_distance(cairo, &unitX, &unitY)
    let deviceScale = (unitX * unitX + unitY * unitY).squareRoot()
    guard let geometry = ShadowMask(bounds: shifted.bounds, blur: style.blur, deviceScale: deviceScale) else {
      return
    }
    let (width, height, scale) = (geometry.width, geometry.height, geometry.scale)
    let (originX, originY) = (geometry.origin.x, geometry.origin.y)
    guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return }
    defer { cairo_surface_destroy(mask) }
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let maskContext = cairo_create(mask) else {
      return
    }
    cairo_scale(maskContext, scale, scale)
    cairo_translate(maskContext, -originX, -originY)
    shifted.replaceCurrentPath(of: maskContext)
    cairo_set_source_rgba(maskContext, 0, 0, 0, 1)
    cairo_fill(maskContext)
    cairo_destroy(maskContext)
    cairo_surface_flush(mask)
    if let data = cairo_image_surface_get_data(mask) {
      let stride = Int(cairo_image_surface_get_stride(mask))
      BoxBlur.blur(data, width: width, height: height, stride: stride, radius: geometry.radius, passes: 3)
    }
    cairo_surface_mark_dirty(mask)
    cairo_save(cairo)
    cairo_set_source_rgba(cairo, style.color.red, style.color.green, style.color.blue, style.color.alpha)
    cairo_translate(cairo, originX, originY)
    cairo_scale(cairo, 1 / scale, 1 / scale)
    cairo_mask_surface(cairo, mask, 0, 0)
    cairo_restore(cairo)
  }
}

/// Box blur of an 8-bit alpha buffer, in place, horizontally then vertically.
enum BoxBlur {
  static func blur(
    _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int, passes: Int
  ) {
    var line = [UInt8](repeating: 0, count: max(width, height))
    for _ in 0..<passes {
      for row in 0..<height {
        blurLine(data + row * stride, step: 1, count: width, radius: radius, scratch: &line)
      }
      for column in 0..<width {
        blurLine(data + column, step: stride, count: height, radius: radius, scratch: &line)
      }
    }
  }

  /// A running-sum box filter over `count` samples `step` apart; outside is zero.
  private static func blurLine(
    _ start: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int, scratch: inout [UInt8]
  ) {
    for index in 0..<count { scratch[index] = start[index * step] }
    let window = 2 * radius + 1
    var sum = 0
    for index in 0..<min(radius, count) { sum += Int(scratch[index]) }
    for index in 0..<count {
      let entering = index + radius
      if entering < count { sum += Int(scratch[entering]) }
      let leaving = index - radius - 1
      if leaving >= 0 { sum -= Int(scratch[leaving]) }
      start[index * step] = UInt8((sum + window / 2) / window)
    }
  }
}
