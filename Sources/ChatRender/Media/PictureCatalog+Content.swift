import Dispatch
import Synchronization

/// The pictures a drawing needs, read and decoded here so that the renderer never reads a
/// file: through the render's archives and under the catalog's pixel limit.
extension PictureCatalog {
  /// A blurred picture keeps at most this many pixels a side: its colours, no shape.
  static let blurredSize = PixelSize(width: 6, height: 6)

  /// The most bytes of pixels `decodeTogether` holds at once.
  static let decodeTogetherBudget = 64 << 20

  /// What `source` draws as where it needs `needed` device pixels.
  ///
  /// - Parameters:
  ///   - blurred: averaged down to `blurredSize`, its colours without its shape.
  ///   - embedsJPEG: the output may embed a JPEG's own bytes (a PDF or SVG drawing the
  ///     picture whole; a thumbnail embeds its few pixels instead).
  func content(
    of source: AttachmentSource, needing needed: PixelSize, blurred: Bool, embedsJPEG: Bool
  ) throws(PictureError) -> PictureContent {
    let bytes = try PictureLoader.bytes(of: source, archives: archives)
    if blurred {
      return .pixels(
        Self.blurred(try PictureDecoder.decode(bytes, fitting: Self.blurredSize, limits: limits)), originalJPEG: nil)
    }
    let keepsJPEG = embedsJPEG && PictureFormat(sniffing: bytes) == .jpeg
    if keepsJPEG, let undecoded = try undecodedJPEG(bytes, fitting: needed) { return undecoded }
    let decoded = try PictureDecoder.decode(bytes, fitting: needed, limits: limits)
    let original = keepsJPEG ? JPEGEmbedding.embeddable(bytes, pixels: decoded.originalSize) : nil
    return .pixels(decoded, originalJPEG: original)
  }

  /// The pictures of `sources`, each decoded to cover its size in `needed` (blurred ones
  /// to `blurredSize`, then blurred), on every core a batch at a time whose pixels fit
  /// `decodeTogetherBudget`; `draw` gets each in order on the calling thread.
  func decodeTogether(
    _ sources: [(source: AttachmentSource, blurred: Bool)], needing needed: [PixelSize],
    draw: (Int, Result<DecodedPicture, PictureError>) -> Void
  ) {
    let boxes = zip(sources, needed).map { $0.blurred ? Self.blurredSize : $1 }
    var start = 0
    while start < sources.count {
      let end = batchEnd(from: start, boxes: boxes)
      let decoded = decodeConcurrently(sources[start..<end].map(\.source), fitting: Array(boxes[start..<end]))
      for (offset, result) in decoded.enumerated() {
        let index = start + offset
        draw(index, sources[index].blurred ? result.map(Self.blurred) : result)
      }
      start = end
    }
  }

  /// `picture` averaged down to at most `blurredSize`; drawn smoothly at its size it is a blur.
  static func blurred(_ picture: DecodedPicture) -> DecodedPicture {
    let longest = max(picture.width, picture.height)
    let side = max(blurredSize.width, blurredSize.height)
    return PictureShrink.apply((longest + side - 1) / side, to: picture)
  }

  /// A JPEG that goes into the PDF or SVG as its own bytes, turned as its EXIF orientation
  /// says; nil when it must be decoded (CMYK, or far larger than its pixels need).
  private func undecodedJPEG(_ bytes: [UInt8], fitting needed: PixelSize) throws(PictureError) -> PictureContent? {
    guard let (size, orientation) = try JPEGCodec.embeddedSize(of: bytes, fitting: needed, limits: limits),
      let full = try? JPEGCodec.size(of: bytes),
      let embedded = try JPEGEmbedding.checkedEmbeddable(bytes, pixels: full)
    else { return nil }
    return .undecodedJPEG(embedded, storedSize: size, orientation: orientation)
  }

  /// The end of the batch from `start` whose pictures fit the budget (at least one).
  private func batchEnd(from start: Int, boxes: [PixelSize]) -> Int {
    var end = start + 1
    var bytes = boxes[start].decodeCost
    while end < boxes.count, bytes + boxes[end].decodeCost <= Self.decodeTogetherBudget {
      bytes += boxes[end].decodeCost
      end += 1
    }
    return end
  }

  private func decodeConcurrently(
    _ sources: [AttachmentSource], fitting needed: [PixelSize]
  ) -> [Result<DecodedPicture, PictureError>] {
    let results = Mutex([Result<DecodedPicture, PictureError>?](repeating: nil, count: sources.count))
    let archives = self.archives
    let limits = self.limits
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      let result = Result { () throws(PictureError) -> DecodedPicture in
        try PictureLoader.decode(sources[index], fitting: needed[index], archives: archives, limits: limits)
      }
      results.withLock { $0[index] = result }
    }
    return results.withLock { $0.map { $0! } }
  }
}
