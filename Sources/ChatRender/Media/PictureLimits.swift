import Foundation

/// How many pixels one picture may claim: a tiny file can announce a huge picture, whose
/// pixels would fill the memory.
package struct PictureLimits: Sendable, Hashable {
  /// Width × height, as the picture's header states it.
  package var maximumPixels: Int

  /// The limit when none is set: 50 million pixels.
  package static let defaultMaximumPixels = 50_000_000
  /// The environment variable that sets `maximumPixels`.
  package static let environmentKey = "CHATRENDER_MAX_PICTURE_PIXELS"

  /// A limit of `maximumPixels` (width × height), 50 million by default.
  package init(maximumPixels: Int = PictureLimits.defaultMaximumPixels) {
    self.maximumPixels = maximumPixels
  }

  /// The default, or `CHATRENDER_MAX_PICTURE_PIXELS` when it holds a positive whole number.
  package static var fromEnvironment: PictureLimits {
    PictureLimits(environment: ProcessInfo.processInfo.environment)
  }

  /// The limit `environment` sets, or the default.
  init(environment: [String: String]) {
    let text = environment[PictureLimits.environmentKey] ?? ""
    let value = Int(text.trimmingCharacters(in: .whitespaces)) ?? 0
    self.init(maximumPixels: value > 0 ? value : PictureLimits.defaultMaximumPixels)
  }

  /// Throws `PictureError.tooLarge` when `size` claims more pixels than allowed.
  func check(_ size: PixelSize) throws(PictureError) {
    guard size.width > 0, size.height > 0, size.pixelCount <= maximumPixels else {
      throw .tooLarge(size, limit: maximumPixels)
    }
  }
}
