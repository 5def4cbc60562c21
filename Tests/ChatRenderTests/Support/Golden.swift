import Foundation
import Testing

/// Golden files under `Tests/ChatRenderTests/Golden/`. A missing golden, or
/// `RECORD_GOLDENS=1`, writes the reference and fails the test.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

  static func assertText(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let url = directory.appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded golden \(name); run again", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "layout differs from \(name)", sourceLocation: sourceLocation)
  }
}

extension Golden {
  /// How far a picture may drift from its reference: a pixel differs when a channel is off by
  /// more than `channel`, and at most `share` of the pixels may differ (anti-aliasing and
  /// resampling move by a few levels; a regression moves whole shapes).
  struct PictureTolerance {
    var channel = 48
    var share = 0.004
  }

  /// Compares a PNG with `Golden/NAME`: same size, and pixels within `tolerance`. A missing
  /// reference, or `RECORD_GOLDENS=1`, writes it and fails; on a mismatch the picture made is
  /// written beside the temporary folder's copy, to look at.
  static func assertPicture(
    _ png: [UInt8], named name: String, tolerance: PictureTolerance = PictureTolerance(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = directory.appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    guard !record, let expected = try? [UInt8](Data(contentsOf: url)) else {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(png).write(to: url)
      Issue.record("recorded golden \(name); look at it, then run again", sourceLocation: sourceLocation)
      return
    }
    let (made, reference) = (try PixelBuffer(png: png), try PixelBuffer(png: expected))
    let actualPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      name.replacingOccurrences(of: "/", with: "-") + ".actual.png")
    guard made.width == reference.width, made.height == reference.height else {
      try Data(png).write(to: actualPath)
      let sizes = "\(made.width)×\(made.height) px, the reference is \(reference.width)×\(reference.height)"
      Issue.record("\(name): \(sizes) (made: \(actualPath.path))", sourceLocation: sourceLocation)
      return
    }
    let share = differingShare(made, reference, channel: tolerance.channel)
    if share > tolerance.share { try Data(png).write(to: actualPath) }
    #expect(
      share <= tolerance.share,
      "\(name): pixels differ (\(String(format: "%.2f", share * 100))%); made: \(actualPath.path)",
      sourceLocation: sourceLocation)
  }

  /// The share of pixels of two pictures of one size where a channel differs by more than
  /// `channel` levels.
  static func differingShare(_ one: PixelBuffer, _ two: PixelBuffer, channel: Int) -> Double {
    let differing = zip(one.premultiplied, two.premultiplied).count { pair in
      (0..<4).contains { byte in
        let shift = UInt32(byte * 8)
        return abs(Int(pair.0 >> shift & 0xFF) - Int(pair.1 >> shift & 0xFF)) > channel
      }
    }
    return Double(differing) / Double(max(one.premultiplied.count, 1))
  }
}
