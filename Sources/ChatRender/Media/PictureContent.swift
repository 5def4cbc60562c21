/// One picture as the renderer draws it, resolved by the render's `PictureCatalog` so that
/// drawing reads no file and decodes nothing.
enum PictureContent {
  /// Pixels, with the JPEG's own bytes when a PDF or SVG may embed them instead.
  case pixels(DecodedPicture, originalJPEG: ArraySlice<UInt8>?)
  /// A JPEG that a PDF or SVG embeds as it is, never decoded: its bytes, its stored size at
  /// the scale its pixels would have been decoded at, and how it turns upright.
  case undecodedJPEG(ArraySlice<UInt8>, storedSize: PixelSize, orientation: JPEGOrientation)
}
