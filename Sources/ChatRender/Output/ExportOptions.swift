import Foundation

/// How a transcript becomes files.
public struct ExportOptions: Sendable {
  public var format: OutputFormat
  /// Device pixels per point for PNG (2 for "retina"); PDF and SVG are vector.
  public var scale: Double
  /// The tallest PNG image in pixels before the chat is split into numbered images; cairo
  /// cannot make images taller than 32767 pixels.
  public var maxImageHeight: Int
  /// The zone in which absolute times are shown.
  public var timeZone: TimeZone
  /// The PDF's title; defaults to the transcript's.
  public var title: String?

  public init(
    format: OutputFormat = .png, scale: Double = 1, maxImageHeight: Int = 32767,
    timeZone: TimeZone = .current, title: String? = nil
  ) {
    self.format = format
    self.scale = scale
    self.maxImageHeight = maxImageHeight
    self.timeZone = timeZone
    self.title = title
  }
}
