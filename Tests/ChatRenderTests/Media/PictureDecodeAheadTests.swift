import Dispatch
import Synchronization
import Testing

@_spi(Pages) @testable import ChatRender

/// The decoders of an image's pictures (issue 25): each announced picture decoded once,
/// whoever gets to it first, within the budget, and the drawing never left waiting.
@Suite struct PictureDecodeAheadTests {
  /// A decoder that records what it was asked for and makes a picture of the box's size.
  final class Recorder: Sendable {
    let calls = Mutex<[(AttachmentSource, PixelSize)]>([])

    func decode(_ source: AttachmentSource, _ box: PixelSize) -> Result<DecodedPicture, PictureError> {
      calls.withLock { $0.append((source, box)) }
      if case .file(path: "missing") = source { return .failure(.unknownFormat) }
      return .success(
        DecodedPicture(
          width: box.width, height: box.height, stride: box.width * 4,
          pixels: [UInt8](repeating: 0, count: box.width * box.height * 4), format: .png, originalSize: box))
    }
  }

  private func picture(_ name: String, width: Double, height: Double, blurred: Bool = false) -> PictureItem {
    PictureItem(
      frame: Rect(x: 0, y: 0, width: width, height: height), radius: 0, source: .file(path: name),
      pixelSize: PixelSize(width: 4000, height: 3000), isBlurred: blurred)
  }

  private func decoders(budget: Int = 64 << 20, _ recorder: Recorder) -> PictureDecodeAhead {
    PictureDecodeAhead(pixelsPerPoint: 2, helpers: 2, budget: budget) { recorder.decode($0, $1) }
  }

  @Test func announcedPictureIsTakenAtTheDeviceSize() throws {
    let recorder = Recorder()
    let ahead = decoders(recorder)
    ahead.announce(picture("a.jpg", width: 100.2, height: 75), message: 0)
    let taken = try #require(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 201, height: 150)))
    #expect(try taken.get().size == PixelSize(width: 201, height: 150))
    #expect(recorder.calls.withLock { $0.count } == 1)
    // Taken by its only user: released, so a second take finds nothing.
    #expect(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 201, height: 150)) == nil)
  }

  @Test func unannouncedOrLargerIsNotTaken() {
    let recorder = Recorder()
    let ahead = decoders(recorder)
    ahead.announce(picture("a.jpg", width: 100, height: 75), message: 0)
    #expect(ahead.take(.file(path: "b.jpg"), covering: PixelSize(width: 10, height: 10)) == nil)
    #expect(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 400, height: 300)) == nil)
  }

  /// A photo and a reply's thumbnail of it: one decode, at the photo's size, for both.
  @Test func thumbnailReusesThePhotosPixels() throws {
    let recorder = Recorder()
    let ahead = decoders(budget: 0, recorder)
    ahead.announce(picture("a.jpg", width: 280, height: 210), message: 0)
    ahead.announce(picture("a.jpg", width: 48, height: 36), message: 5)
    let photo = try #require(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 560, height: 420)))
    let thumbnail = try #require(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 96, height: 72)))
    #expect(try photo.get().size == thumbnail.get().size)
    #expect(recorder.calls.withLock { $0.map(\.1) } == [PixelSize(width: 560, height: 420)])
  }

  /// A block laid out twice (a copy measuring sizes) announces its picture once.
  @Test func repeatedAnnouncementCountsOnce() {
    let recorder = Recorder()
    let ahead = decoders(recorder)
    let item = picture("a.jpg", width: 100, height: 75)
    ahead.announce(item, message: 3)
    ahead.announce(item, message: 3)
    #expect(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 200, height: 150)) != nil)
    #expect(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 200, height: 150)) == nil)
  }

  /// With no budget the helpers take one picture at a time; the drawing, taking them last
  /// first, decodes the rest itself: every picture once, each failure its own.
  @Test func drawingNeverWaitsForABlockedHelper() throws {
    let recorder = Recorder()
    let ahead = decoders(budget: 1, recorder)
    let names = ["a.jpg", "b.jpg", "missing", "c.jpg"]
    for (index, name) in names.enumerated() { ahead.announce(picture(name, width: 10, height: 10), message: index) }
    for name in names.reversed() {
      let taken = try #require(ahead.take(.file(path: name), covering: PixelSize(width: 20, height: 20)))
      #expect((try? taken.get()) == nil ? name == "missing" : name != "missing")
    }
    #expect(Set(recorder.calls.withLock { $0.map { "\($0.0)" } }).count == 4)
    #expect(recorder.calls.withLock { $0.count } == 4)
  }

  /// While a helper decodes the picture the drawing needs, the drawing decodes the next one
  /// rather than wait: here the helper's picture cannot finish until the next is decoded.
  @Test func drawingDecodesTheNextWhileAHelperHoldsItsOwn() throws {
    let started = DispatchSemaphore(value: 0)
    let nextDone = DispatchSemaphore(value: 0)
    let finished = Mutex<[String]>([])
    let ahead = PictureDecodeAhead(pixelsPerPoint: 1, helpers: 1) { source, box in
      guard case .file(let path) = source else { return .failure(.unknownFormat) }
      if path == "held.jpg" {
        started.signal()
        // Only the drawing can decode the next picture (the one helper is here): without its
        // help this would wait for ever.
        nextDone.wait()
        finished.withLock { $0.append(path) }
      } else {
        // Recorded before the held picture is let go, so the order cannot race.
        finished.withLock { $0.append(path) }
        nextDone.signal()
      }
      return Recorder().decode(source, box)
    }
    ahead.announce(picture("held.jpg", width: 10, height: 10), message: 0)
    started.wait()
    ahead.announce(picture("next.jpg", width: 10, height: 10), message: 1)
    #expect(ahead.take(.file(path: "held.jpg"), covering: PixelSize(width: 10, height: 10)) != nil)
    #expect(finished.withLock { $0 } == ["next.jpg", "held.jpg"])
    #expect(ahead.take(.file(path: "next.jpg"), covering: PixelSize(width: 10, height: 10)) != nil)
  }

  @Test func blurredPicturesAreLeftToTheDrawing() {
    let recorder = Recorder()
    let ahead = decoders(recorder)
    ahead.announce(picture("a.jpg", width: 100, height: 75, blurred: true), message: 0)
    #expect(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 1, height: 1)) == nil)
  }

  @Test func resetForgetsWhatWasNotDrawn() {
    let recorder = Recorder()
    let ahead = decoders(recorder)
    ahead.announce(picture("a.jpg", width: 100, height: 75), message: 0)
    ahead.reset()
    #expect(ahead.take(.file(path: "a.jpg"), covering: PixelSize(width: 1, height: 1)) == nil)
  }
}
