/// Decoded pixels in cairo's `CAIRO_FORMAT_ARGB32` layout: rows of native-endian 32-bit
/// pixels, alpha in the high byte, colours premultiplied by alpha. Render wraps them in an
/// image surface without converting.
struct DecodedPicture: Sendable {
  var width: Int
  var height: Int
  /// Bytes from one row to the next: `width * 4`.
  var stride: Int
  var pixels: [UInt8]
  /// The format the pixels came from (a JPEG's original bytes can go into a PDF as they are).
  var format: PictureFormat
  /// The picture's full size (after EXIF orientation); `width`×`height` may be smaller when
  /// it was decoded scaled down.
  var originalSize: PixelSize
  /// A JPEG whose file a PDF or SVG may embed as it is (upright and not CMYK): pass its bytes
  /// to Render's `PictureSurface`.
  var isEmbeddableJPEG = false

  var size: PixelSize { PixelSize(width: width, height: height) }
}
