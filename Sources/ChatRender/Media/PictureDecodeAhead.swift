import Foundation

/// An image's pictures decoded on other threads while it is laid out and drawn (issue 25:
/// decoding is most of a photo chat's cost, and the layout and the PNG encoder need only
/// one core). The layout announces each picture at the size it will be drawn; helpers
/// decode them in that order, holding at most `budget` bytes of pixels not yet drawn; the
/// drawing takes each, decoding it itself when no helper has got to it (and the next one
/// while a helper finishes its own), so it never waits for a picture nobody decodes. A file announced twice (a photo and a reply's thumbnail of
/// it) is decoded once, at the larger size.
final class PictureDecodeAhead: @unchecked Sendable {
  /// Device pixels per layout point of the image the pictures are drawn on.
  let pixelsPerPoint: Double
  private let helpers: Int
  private let budget: Int
  private let decode: @Sendable (AttachmentSource, PixelSize) -> Result<DecodedPicture, PictureError>
  /// Guards everything below.
  private let condition = NSCondition()
  private var entries: [AttachmentSource: [Entry]] = [:]
  /// Entries no one has started, in the order they were announced.
  private var waiting: [Entry] = []
  /// Each announcement once, so a block laid out twice (a copy measuring sizes) counts once.
  private var announced: Set<Announcement> = []
  /// The estimated bytes of the entries started and not yet released.
  private var heldBytes = 0
  private var runningHelpers = 0

  private struct Announcement: Hashable {
    var message: Int
    var source: AttachmentSource
    var box: PixelSize
  }

  private final class Entry {
    let source: AttachmentSource
    var box: PixelSize
    var uses = 1
    var state = State.waiting

    enum State {
      case waiting
      case decoding
      case done(Result<DecodedPicture, PictureError>)
    }

    init(source: AttachmentSource, box: PixelSize) {
      self.source = source
      self.box = box
    }

    /// What decoding it may hold.
    var cost: Int { box.decodeCost }

    func covers(_ needed: PixelSize) -> Bool { box.width >= needed.width && box.height >= needed.height }
  }

  /// - Parameters:
  ///   - pixelsPerPoint: the image's scale.
  ///   - helpers: threads that decode (at least 1).
  ///   - budget: the most bytes of pixels decoded ahead and not yet drawn.
  ///   - decode: decodes a picture to cover a box of device pixels.
  init(
    pixelsPerPoint: Double, helpers: Int, budget: Int = 64 << 20,
    decode: @escaping @Sendable (AttachmentSource, PixelSize) -> Result<DecodedPicture, PictureError>
  ) {
    self.pixelsPerPoint = pixelsPerPoint
    self.helpers = max(1, helpers)
    self.budget = budget
    self.decode = decode
  }

  /// The device pixels a picture needs when drawn `size` points large at `pixelsPerPoint`.
  static func pixels(for size: Size, pixelsPerPoint: Double) -> PixelSize {
    PixelSize(
      width: max(1, Int((abs(size.width) * pixelsPerPoint).rounded(.up))),
      height: max(1, Int((abs(size.height) * pixelsPerPoint).rounded(.up))))
  }

  /// Announces that message `message` draws `source` `drawnSize` points large.
  func announce(_ source: AttachmentSource, drawnSize: Size, message: Int) {
    let box = Self.pixels(for: drawnSize, pixelsPerPoint: pixelsPerPoint)
    condition.lock()
    defer { condition.unlock() }
    guard announced.insert(Announcement(message: message, source: source, box: box)).inserted else { return }
    let known = entries[source] ?? []
    if let entry = known.first(where: { $0.covers(box) }) {
      entry.uses += 1
    } else if let entry = known.first(where: { if case .waiting = $0.state { true } else { false } }) {
      entry.box = PixelSize(width: max(entry.box.width, box.width), height: max(entry.box.height, box.height))
      entry.uses += 1
    } else {
      let entry = Entry(source: source, box: box)
      entries[source, default: []].append(entry)
      waiting.append(entry)
    }
    startHelpers()
  }

  /// The pixels of `source` decoded to cover `needed` when it was announced, decoded here if
  /// no helper has started it; nil when it was not announced at such a size.
  func take(_ source: AttachmentSource, covering needed: PixelSize) -> Result<DecodedPicture, PictureError>? {
    condition.lock()
    defer { condition.unlock() }
    guard let entry = entries[source]?.first(where: { $0.covers(needed) }) else { return nil }
    var result: Result<DecodedPicture, PictureError>?
    while result == nil {
      switch entry.state {
      case .waiting:
        start(entry)
        result = run(entry)
      case .decoding:
        // Decoding the next picture meanwhile rather than waiting: else the drawing and a
        // helper would go in step, the helper always a picture ahead, one core idle.
        if let next = nextStartable() {
          start(next)
          _ = run(next)
        } else {
          condition.wait()
        }
      case .done(let decoded):
        result = decoded
      }
    }
    entry.uses -= 1
    if entry.uses == 0 { release(entry) }
    return result
  }

  /// Forgets every picture not drawn (the image is done); helpers stop after their current one.
  func reset() {
    condition.lock()
    defer { condition.unlock() }
    entries = [:]
    waiting = []
    announced = []
    heldBytes = 0
  }

  // MARK: - Under the lock

  private func start(_ entry: Entry) {
    entry.state = .decoding
    heldBytes += entry.cost
    waiting.removeAll { $0 === entry }
  }

  /// Decodes a started `entry` with the lock released, and says so to whoever waits.
  private func run(_ entry: Entry) -> Result<DecodedPicture, PictureError> {
    condition.unlock()
    let result = decode(entry.source, entry.box)
    condition.lock()
    entry.state = .done(result)
    condition.broadcast()
    return result
  }

  private func release(_ entry: Entry) {
    entries[entry.source]?.removeAll { $0 === entry }
    if entries[entry.source]?.isEmpty == true { entries[entry.source] = nil }
    heldBytes = max(0, heldBytes - entry.cost)
    startHelpers()
  }

  /// The next entry a helper may start: the first waiting one, when it fits the budget
  /// (or nothing else is held, so that one picture larger than the budget still goes ahead).
  private func nextStartable() -> Entry? {
    guard let entry = waiting.first, heldBytes == 0 || heldBytes + entry.cost <= budget else { return nil }
    return entry
  }

  private func startHelpers() {
    while runningHelpers < helpers, nextStartable() != nil {
      runningHelpers += 1
      DispatchQueue.global().async { self.helperLoop() }
    }
  }

  private func helperLoop() {
    condition.lock()
    defer { condition.unlock() }
    while let entry = nextStartable() {
      start(entry)
      _ = run(entry)
    }
    runningHelpers -= 1
  }
}
