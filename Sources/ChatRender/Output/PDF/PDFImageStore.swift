/// The document's images, each written once as it is first drawn: JPEGs as their own bytes,
/// other pixels compressed with their alpha as a soft mask.
final class PDFImageStore {
  private let file: PDFFile
  private var images: [AnyHashable: Int] = [:]
  /// Keys whose `make` failed in `imageOnce`: not tried again.
  private var refused: Set<AnyHashable> = []

  init(file: PDFFile) { self.file = file }

  /// The resource name of image object `number`.
  static func resourceName(_ number: Int) -> String { "Im\(number)" }

  /// The image known as `key`, made by `make` (which writes it and gives its object) the
  /// first time; nil when `make` cannot.
  func image(for key: AnyHashable, make: (PDFFile) -> Int?) -> Int? {
    if let known = images[key] { return known }
    guard let made = make(file) else { return nil }
    images[key] = made
    return made
  }

  /// As `image(for:make:)`, but a key whose `make` fails is never tried again (an avatar
  /// drawn on every page decodes, and warns, once).
  func imageOnce(for key: AnyHashable, make: (PDFFile) -> Int?) -> Int? {
    guard !refused.contains(key) else { return nil }
    let made = image(for: key, make: make)
    if made == nil { refused.insert(key) }
    return made
  }

  /// Writes a JPEG file's bytes as they are; nil when its header cannot be read.
  static func writeJPEG(_ bytes: ArraySlice<UInt8>, to file: PDFFile) -> Int? {
    guard let header = JPEGHeader(bytes) else { return nil }
    let space =
      switch header.components {
      case 1: "/DeviceGray"
      case 4: "/DeviceCMYK/Decode[1 0 1 0 1 0 1 0]"
      default: "/DeviceRGB"
      }
    return file.addStream(
      dictionary:
        "/Type/XObject/Subtype/Image/Width \(header.width)/Height \(header.height)/ColorSpace\(space)"
        + "/BitsPerComponent 8/Filter/DCTDecode",
      data: Array(bytes), compress: false)
  }

  /// Writes premultiplied ARGB32 pixels (cairo's layout) as RGB with an alpha soft mask
  /// when any pixel is not opaque.
  static func writePixels(
    _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, to file: PDFFile,
    interpolates: Bool = true
  ) -> Int? {
    guard width > 0, height > 0 else { return nil }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var alpha = [UInt8](repeating: 0, count: width * height)
    var opaque = true
    for row in 0..<height {
      for column in 0..<width {
        let value = pixels.load(fromByteOffset: row * stride + column * 4, as: UInt32.self)
        let a = Int(value >> 24)
        let index = row * width + column
        alpha[index] = UInt8(a)
        if a != 255 { opaque = false }
        guard a > 0 else { continue }
        for (channel, shift) in [(0, 16), (1, 8), (2, 0)] {
          let premultiplied = Int((value >> UInt32(shift)) & 0xFF)
          rgb[index * 3 + channel] = UInt8(min(255, (premultiplied * 255 + a / 2) / a))
        }
      }
    }
    let interpolate = interpolates ? "/Interpolate true" : ""
    let mask =
      opaque
      ? ""
      : "/SMask \(writeMask(alpha, width: width, height: height, to: file, interpolates: interpolates)) 0 R"
    return file.addStream(
      dictionary:
        "/Type/XObject/Subtype/Image/Width \(width)/Height \(height)/ColorSpace/DeviceRGB/BitsPerComponent 8"
        + interpolate + mask,
      data: rgb)
  }

  /// Writes an 8-bit alpha mask as a soft-mask image.
  static func writeMask(_ alpha: [UInt8], width: Int, height: Int, to file: PDFFile, interpolates: Bool = true)
    -> Int
  {
    file.addStream(
      dictionary:
        "/Type/XObject/Subtype/Image/Width \(width)/Height \(height)/ColorSpace/DeviceGray/BitsPerComponent 8"
        + (interpolates ? "/Interpolate true" : ""),
      data: alpha)
  }

  /// Writes a one-pixel image of `color` (opaque) shown through the mask `alpha`: a
  /// shadow's blur.
  static func writeMasked(color: Color, alpha: [UInt8], width: Int, height: Int, to file: PDFFile) -> Int {
    let mask = writeMask(alpha, width: width, height: height, to: file)
    func channel(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    return file.addStream(
      dictionary:
        "/Type/XObject/Subtype/Image/Width 1/Height 1/ColorSpace/DeviceRGB/BitsPerComponent 8/SMask \(mask) 0 R",
      data: [channel(color.red), channel(color.green), channel(color.blue)])
  }
}
