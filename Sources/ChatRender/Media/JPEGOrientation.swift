/// The EXIF orientation of a JPEG (tag 0x0112 in its APP1 segment): how the stored pixels
/// turn to stand upright, as phone cameras write it.
struct JPEGOrientation: Sendable, Hashable {
  /// 1 (as stored) … 8, as EXIF numbers them.
  var value: Int

  /// Reads the tag from the segments before the image data; 1 when there is none.
  init(reading bytes: [UInt8]) {
    value = JPEGOrientation.find(in: bytes) ?? 1
  }

  init(value: Int) { self.value = value }

  /// Orientations 5 to 8 swap width and height.
  var turnsQuarter: Bool { value >= 5 && value <= 8 }

  /// The pixels turned and mirrored upright.
  func apply(to picture: DecodedPicture) -> DecodedPicture {
    guard value >= 2 && value <= 8 else { return picture }
    let width = turnsQuarter ? picture.height : picture.width
    let height = turnsQuarter ? picture.width : picture.height
    var output = [UInt32](repeating: 0, count: width * height)
    picture.pixels.withUnsafeBytes { raw in
      let input = raw.bindMemory(to: UInt32.self)
      let rowPixels = picture.stride / 4
      output.withUnsafeMutableBufferPointer { out in
        for y in 0..<height {
          for x in 0..<width {
            let (sourceX, sourceY) = source(ofX: x, y: y, width: width, height: height)
            out[y * width + x] = input[sourceY * rowPixels + sourceX]
          }
        }
      }
    }
    var turned = picture
    turned.width = width
    turned.height = height
    turned.stride = width * 4
    turned.pixels = output.withUnsafeBytes { Array($0) }
    return turned
  }

  /// The affine map (xx, yx, xy, yy, x0, y0, as cairo orders a matrix) from stored
  /// coordinates to upright ones in a picture `width` × `height` upright: what `apply(to:)`
  /// does to pixels, for a vector output that embeds the stored JPEG and turns it.
  func uprightTransform(width: Double, height: Double) -> (Double, Double, Double, Double, Double, Double) {
    switch value {
    case 2: return (-1, 0, 0, 1, width, 0)
    case 3: return (-1, 0, 0, -1, width, height)
    case 4: return (1, 0, 0, -1, 0, height)
    case 5: return (0, 1, 1, 0, 0, 0)
    case 6: return (0, 1, -1, 0, width, 0)
    case 7: return (0, -1, -1, 0, width, height)
    case 8: return (0, -1, 1, 0, 0, height)
    default: return (1, 0, 0, 1, 0, 0)
    }
  }

  /// Where the pixel drawn at (`x`, `y`) is stored.
  private func source(ofX x: Int, y: Int, width: Int, height: Int) -> (Int, Int) {
    switch value {
    case 2: return (width - 1 - x, y)
    case 3: return (width - 1 - x, height - 1 - y)
    case 4: return (x, height - 1 - y)
    case 5: return (y, x)
    case 6: return (y, width - 1 - x)
    case 7: return (height - 1 - y, width - 1 - x)
    case 8: return (height - 1 - y, x)
    default: return (x, y)
    }
  }

  /// Walks the segments up to the image data for an `Exif` APP1 and reads its IFD0.
  private static func find(in bytes: [UInt8]) -> Int? {
    guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      if marker == 0xDA || marker == 0xD9 { return nil }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
      let body = Array(bytes[(offset + 4)..<(offset + 2 + length)])
      if marker == 0xE1, body.starts(with: Array("Exif".utf8) + [0, 0]) {
        return orientation(inTIFF: Array(body.dropFirst(6)))
      }
      offset += 2 + length
    }
    return nil
  }

  private static func orientation(inTIFF tiff: [UInt8]) -> Int? {
    guard tiff.count >= 8 else { return nil }
    let little = tiff[0] == 0x49 && tiff[1] == 0x49
    guard little || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return nil }
    func number(_ at: Int, _ count: Int) -> Int? {
      guard at >= 0, at + count <= tiff.count else { return nil }
      var value = 0
      for index in 0..<count {
        let byte = Int(tiff[at + (little ? count - 1 - index : index)])
        value = value << 8 | byte
      }
      return value
    }
    guard let ifd = number(4, 4), let entries = number(ifd, 2) else { return nil }
    for entry in 0..<min(entries, 512) {
      let at = ifd + 2 + entry * 12
      guard let tag = number(at, 2) else { return nil }
      if tag == 0x0112, let value = number(at + 8, 2), (1...8).contains(value) { return value }
    }
    return nil
  }
}
