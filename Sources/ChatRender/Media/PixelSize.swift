/// A size in whole device pixels.
@_spi(Pages) public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// A size of `width` × `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `width × height`; `Int.max` when the product overflows.
  public var pixelCount: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }

  /// The most bytes a picture decoded to cover this size may take: ARGB32, and a scaled
  /// decode may be up to twice as large each way.
  var decodeCost: Int { min(pixelCount, Int.max / 16) * 16 }

  /// `width×height`, as in `640×480`.
  public var description: String { "\(width)×\(height)" }

  /// The largest size with this one's aspect ratio that fits in `box`, at least 1×1; never
  /// larger than this size itself.
  public func fitted(in box: PixelSize) -> PixelSize {
    guard width > 0, height > 0 else { return PixelSize(width: 1, height: 1) }
    let scale = min(1, min(Double(max(box.width, 1)) / Double(width), Double(max(box.height, 1)) / Double(height)))
    return PixelSize(
      width: max(1, Int((Double(width) * scale).rounded())),
      height: max(1, Int((Double(height) * scale).rounded())))
  }
}
