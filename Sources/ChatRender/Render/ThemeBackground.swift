/// A theme's background picture with its decoded pixels.
struct ThemeBackground {
  var image: BackgroundImage
  var pixels: DecodedPicture
}
