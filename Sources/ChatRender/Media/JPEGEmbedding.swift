import Foundation

/// What of a JPEG file a PDF or SVG may embed as it is: the bytes up to its end-of-image
/// marker (a stranger's file may trail a gigabyte of anything after it), and only when they
/// are not far more than its pixels need (a file bloated by its segments is re-encoded from
/// its pixels instead).
enum JPEGEmbedding {
  /// The bytes to embed, or nil when the picture should be drawn from its pixels.
  static func embeddable(_ bytes: [UInt8], pixels: PixelSize) -> ArraySlice<UInt8>? {
    let end = imageEnd(in: bytes) ?? bytes.count
    guard end <= byteBudget(for: pixels) else { return nil }
    return bytes[..<end]
  }

  /// The bytes to embed of a JPEG never decoded, checked as decoding would check them: a
  /// file that ends before its end-of-image marker is truncated, and one of more scans than
  /// `Limit.jpegScans` refused (a viewer would decode every one of them); nil when it should
  /// be drawn from its pixels.
  static func checkedEmbeddable(_ bytes: [UInt8], pixels: PixelSize) throws(PictureError) -> ArraySlice<UInt8>? {
    let limit = Limit.jpegScans.value
    let (end, scans) = walk(bytes, scanLimit: limit)
    if scans > limit { throw .corrupt(.jpeg, reason: "more than \(limit) progressive scans") }
    guard let end else { throw .corrupt(.jpeg, reason: "the file is truncated") }
    guard end <= byteBudget(for: pixels) else { return nil }
    return bytes[..<end]
  }

  /// The most bytes a JPEG of `pixels` may take as it is: 8 per pixel, far more than the
  /// finest quality needs, and room for EXIF, ICC profiles and thumbnails.
  static func byteBudget(for pixels: PixelSize) -> Int {
    let (product, overflow) = pixels.pixelCount.multipliedReportingOverflow(by: 8)
    return overflow ? .max : product + (4 << 20)
  }

  /// The offset just past the end-of-image marker (FF D9), found by walking the segments
  /// and skipping each scan's entropy-coded data (where FF is followed by 00, a restart
  /// marker or fill); nil when the bytes end first or are no JPEG.
  static func imageEnd(in bytes: [UInt8]) -> Int? { walk(bytes, scanLimit: .max).end }

  /// The end-of-image offset (as `imageEnd`) and the scans met on the way, walking no
  /// further once they pass `scanLimit`.
  private static func walk(_ bytes: [UInt8], scanLimit: Int) -> (end: Int?, scans: Int) {
    var scans = 0
    let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
      let count = buffer.count
      guard count >= 4, buffer[0] == 0xFF, buffer[1] == 0xD8 else { return nil }
      var offset = 2
      while offset + 1 < count {
        guard buffer[offset] == 0xFF else { return nil }
        let marker = buffer[offset + 1]
        if marker == 0xFF {  // fill byte before a marker
          offset += 1
          continue
        }
        offset += 2
        switch marker {
        case 0xD9: return offset
        case 0x01, 0xD0...0xD7: continue  // markers without a length
        default:
          guard offset + 1 < count else { return nil }
          let length = Int(buffer[offset]) << 8 | Int(buffer[offset + 1])
          guard length >= 2 else { return nil }
          offset += length
          if marker == 0xDA {
            scans += 1
            if scans > scanLimit { return nil }
            offset = endOfScanData(buffer, from: offset)
          }
        }
      }
      return nil
    }
    return (end, scans)
  }

  /// The offset of the marker that ends the entropy-coded data starting at `start`.
  private static func endOfScanData(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = buffer.baseAddress else { return start }
    var offset = start
    while offset < buffer.count {
      guard let found = memchr(base + offset, 0xFF, buffer.count - offset) else { return buffer.count }
      offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
      guard offset + 1 < buffer.count else { return buffer.count }
      switch buffer[offset + 1] {
      case 0x00, 0xD0...0xD7: offset += 2  // a stuffed FF, a restart marker
      case 0xFF: offset += 1  // fill
      default: return offset
      }
    }
    return offset
  }
}
