import CCairo

@testable import ChatRender

/// PNG bytes decoded by cairo into straight-alpha pixels, for pixel probes.
struct DecodedPNG {
  let width: Int
  let height: Int
  /// Cairo's native-endian ARGB32 (premultiplied) or RGB24 words, row by row.
  private let words: [UInt32]
  private let hasAlpha: Bool

  struct DecodeError: Error, CustomStringConvertible {
    var description: String
  }

  /// The bytes read so far; cairo pulls from it through a C callback.
  private final class Reader {
    let bytes: [UInt8]
    var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  init(_ bytes: [UInt8]) throws {
    let reader = Reader(bytes)
    let closure = Unmanaged.passUnretained(reader).toOpaque()
    let surface = withExtendedLifetime(reader) {
      cairo_image_surface_create_from_png_stream(
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
          let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
          let count = Int(length)
          guard reader.position + count <= reader.bytes.count else {
            return CAIRO_STATUS_READ_ERROR
          }
          for index in 0..<count { data[index] = reader.bytes[reader.position + index] }
          reader.position += count
          return CAIRO_STATUS_SUCCESS
        }, closure)
    }
    guard let surface else { throw DecodeError(description: "cairo returned no surface") }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw DecodeError(description: String(cString: cairo_status_to_string(status)))
    }
    cairo_surface_flush(surface)
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    let format = cairo_image_surface_get_format(surface)
    guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
      throw DecodeError(description: "unexpected pixel format \(format.rawValue)")
    }
    hasAlpha = format == CAIRO_FORMAT_ARGB32
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else {
      throw DecodeError(description: "no pixel data")
    }
    var words: [UInt32] = []
    words.reserveCapacity(width * height)
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride)
      for x in 0..<width { words.append(row.load(fromByteOffset: x * 4, as: UInt32.self)) }
    }
    self.words = words
  }

  /// The pixel at (`x`, `y`) as 0…255 channels, alpha un-premultiplied.
  func pixel(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
    let word = words[y * width + x]
    let alpha = hasAlpha ? Int(word >> 24) : 255
    func channel(_ shift: UInt32) -> Int {
      let value = Int((word >> shift) & 0xFF)
      guard alpha > 0, alpha < 255 else { return alpha == 0 ? 0 : value }
      return min(255, (value * 255 + alpha / 2) / alpha)
    }
    return (channel(16), channel(8), channel(0), alpha)
  }

  /// Whether the pixel at (`x`, `y`) is `color` (composited over `background` when it is
  /// translucent), within `tolerance` per channel.
  func matches(
    _ color: Color, over background: Color = .white, x: Int, y: Int, tolerance: Int = 3
  ) -> Bool {
    let expected = DecodedPNG.composite(color, over: background)
    let actual = pixel(x: x, y: y)
    return abs(actual.red - expected.red) <= tolerance
      && abs(actual.green - expected.green) <= tolerance
      && abs(actual.blue - expected.blue) <= tolerance
  }

  static func composite(_ color: Color, over background: Color) -> (red: Int, green: Int, blue: Int)
  {
    func mix(_ top: Double, _ bottom: Double) -> Int {
      Int(((top * color.alpha + bottom * (1 - color.alpha)) * 255).rounded())
    }
    return (
      mix(color.red, background.red), mix(color.green, background.green),
      mix(color.blue, background.blue)
    )
  }

  /// "#rrggbb" of the pixel, for failure messages.
  func hex(x: Int, y: Int) -> String {
    let value = pixel(x: x, y: y)
    return Color(
      red: Double(value.red) / 255, green: Double(value.green) / 255,
      blue: Double(value.blue) / 255
    ).hex
  }
}
