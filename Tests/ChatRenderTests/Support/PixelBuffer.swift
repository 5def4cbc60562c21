import CCairo
@_spi(Pages) import ChatRender
import Foundation
import Testing

typealias ChatRenderColor = ChatRender.Color

/// A PNG decoded by cairo (libpng underneath: it checks CRCs and the zlib stream), for
/// pixel probes: the one decoder of the tests' pictures.
struct PixelBuffer {
  let width: Int
  let height: Int
  /// Cairo's premultiplied native-endian ARGB32 words, row after row, no padding (opaque
  /// images get alpha 255).
  let premultiplied: [UInt32]

  struct DecodeError: Error, CustomStringConvertible {
    var description: String
  }

  struct RGBA: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int, a: Int
    var description: String { "rgba(\(r), \(g), \(b), \(a))" }

    /// Within `tolerance` per channel of `color`.
    func matches(_ color: ChatRenderColor, tolerance: Int = 2) -> Bool {
      abs(r - Int((color.red * 255).rounded())) <= tolerance
        && abs(g - Int((color.green * 255).rounded())) <= tolerance
        && abs(b - Int((color.blue * 255).rounded())) <= tolerance
    }

    var isDark: Bool { r + g + b < 300 }
  }

  /// Decodes PNG bytes with cairo; throws when cairo refuses them.
  init(png: [UInt8]) throws {
    final class Reader {
      let bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let reader = Reader(png)
    let surface = cairo_image_surface_create_from_png_stream(
      { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        reader.bytes.withUnsafeBufferPointer { buffer in
          data.update(from: buffer.baseAddress! + reader.offset, count: count)
        }
        reader.offset += count
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(reader).toOpaque())
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw DecodeError(description: "not a readable PNG: " + String(cString: cairo_status_to_string(status)))
    }
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface)) / 4
    let format = cairo_image_surface_get_format(surface)
    guard let data = cairo_image_surface_get_data(surface) else { throw DecodeError(description: "no pixel data") }
    let words = UnsafeRawPointer(data).bindMemory(to: UInt32.self, capacity: stride * height)
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        var value = words[y * stride + x]
        if format == CAIRO_FORMAT_RGB24 { value |= 0xFF00_0000 }
        pixels[y * width + x] = value
      }
    }
    premultiplied = pixels
  }

  subscript(x: Int, y: Int) -> RGBA {
    let value = premultiplied[y * width + x]
    let a = Int(value >> 24)
    func channel(_ shift: UInt32) -> Int {
      let premultiplied = Int((value >> shift) & 0xFF)
      return a == 0 ? 0 : min(255, (premultiplied * 255 + a / 2) / a)
    }
    return RGBA(r: channel(16), g: channel(8), b: channel(0), a: a)
  }

  subscript(_ point: (Double, Double)) -> RGBA {
    self[Int(point.0), Int(point.1)]
  }

  /// Whether any pixel in the rectangle is dark (text).
  func hasDarkPixel(x: Range<Int>, y: Range<Int>) -> Bool {
    for row in y where row >= 0 && row < height {
      for column in x where column >= 0 && column < width && self[column, row].isDark { return true }
    }
    return false
  }

  /// The share of pixels in the rectangle that differ from `color`.
  func share(notMatching color: ChatRenderColor, x: Range<Int>, y: Range<Int>) -> Double {
    var differing = 0
    var total = 0
    for row in y {
      for column in x {
        total += 1
        if !self[column, row].matches(color, tolerance: 3) { differing += 1 }
      }
    }
    return total == 0 ? 0 : Double(differing) / Double(total)
  }

  /// Whether the pixel at (`x`, `y`) is `color`, composited over `background` when it is
  /// translucent, within `tolerance` per channel.
  func matches(
    _ color: ChatRenderColor, over background: ChatRenderColor = .white, x: Int, y: Int, tolerance: Int = 3
  ) -> Bool {
    func mix(_ top: Double, _ bottom: Double) -> Double { top * color.alpha + bottom * (1 - color.alpha) }
    let composite = ChatRenderColor(
      red: mix(color.red, background.red), green: mix(color.green, background.green),
      blue: mix(color.blue, background.blue))
    return self[x, y].matches(composite, tolerance: tolerance)
  }

  /// "#rrggbb" of the pixel, for failure messages.
  func hex(x: Int, y: Int) -> String {
    let value = self[x, y]
    return ChatRenderColor(red: Double(value.r) / 255, green: Double(value.g) / 255, blue: Double(value.b) / 255).hex
  }
}
