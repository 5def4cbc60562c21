import Foundation

/// How many pixels one picture may claim: a tiny file can announce a huge picture, whose
/// pixels would fill the memory.
package struct PictureLimits: Sendable, Hashable {
  /// Width × height, as the picture's header states it.
  package var maximumPixels: Int
  /// The render's pixels of all pictures decoded, when one counts them (`PictureCatalog`).
  var renderBudget: PictureBudget?

  /// A limit of `maximumPixels` (width × height).
  package init(maximumPixels: Int) {
    self.maximumPixels = maximumPixels
  }

  /// The limit in force: the limits table's `picturePixels`, which reads
  /// `CHATRENDER_MAX_PICTURE_PIXELS` with its suffixes as every other limit does.
  package static var fromEnvironment: PictureLimits {
    PictureLimits(maximumPixels: Limit.picturePixels.value)
  }

  /// These limits, with a fresh budget of `renderPixels` for all the pictures a render decodes.
  func counting(renderPixels: Int) -> PictureLimits {
    var limits = self
    limits.renderBudget = PictureBudget(limit: renderPixels)
    return limits
  }

  /// Takes what decoding `size` costs from the render's budget, if there is one.
  func spend(decoding size: PixelSize) throws(PictureError) {
    try renderBudget?.spend(size.pixelCount)
  }

  /// Throws `PictureError.tooLarge` when `size` claims more pixels than allowed.
  func check(_ size: PixelSize) throws(PictureError) {
    guard size.width > 0, size.height > 0, size.pixelCount <= maximumPixels else {
      throw .tooLarge(size, limit: maximumPixels)
    }
  }
}
