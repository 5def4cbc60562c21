/// The size and colour components of a JPEG, from its frame header (SOFn).
struct JPEGHeader {
  var width: Int
  var height: Int
  var components: Int

  /// Nil when no frame header is found before the image data.
  init?(_ bytes: ArraySlice<UInt8>) {
    var index = bytes.startIndex
    guard bytes.count > 4, bytes[index] == 0xFF, bytes[index + 1] == 0xD8 else { return nil }
    index += 2
    while index + 9 < bytes.endIndex {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC).
      if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
        height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        components = Int(bytes[index + 9])
        guard width > 0, height > 0 else { return nil }
        return
      }
      if marker == 0xDA { return nil }
      index += 2 + length
    }
    return nil
  }
}
