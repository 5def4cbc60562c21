/// One page being written: its content stream, the resources it names and its links.
final class PDFPage {
  /// The sheet's size in points.
  let size: Size
  var content = PDFBuffer(capacity: 1 << 16)
  /// Fonts by resource name, with their objects.
  private(set) var fonts: [String: Int] = [:]
  /// Images by resource name, with their objects.
  private(set) var images: [String: Int] = [:]
  /// Graphics states (opacity) by resource name, with their objects.
  private(set) var states: [String: Int] = [:]
  /// Link annotations: their dictionaries (without the closing `>>`) and their tags.
  var links: [(dictionary: String, link: PDFStructure.Link)] = []
  /// Marked content, by MCID: what the structure tree makes of it.
  private(set) var marked: [PDFStructure.Marked] = []
  /// The frames of texts drawn as artifacts: running header, footer, avatar initials.
  var furniture: Set<Rect> = []
  /// Where layout points land on the sheet: `origin + point × scale`.
  var origin = Point.zero
  var scale = 1.0

  init(size: Size) { self.size = size }

  /// Opens marked content for a structure element of `kind` over `frame`.
  func beginMarked(_ kind: PDFStructure.Marked.Kind, frame: Rect) {
    let tag: String
    switch kind {
    case .paragraph: tag = "P"
    case .figure: tag = "Figure"
    }
    // The tag is a hint: the structure element says what the content is.
    content.append("/\(tag)<</MCID \(marked.count)>>")
    content.op("BDC")
    marked.append(PDFStructure.Marked(kind: kind, frame: frame))
  }

  /// Runs `body`, whose drawing is marked as an artifact (no part of the structure).
  func artifact(_ body: () -> Void) {
    content.op("/Artifact BMC")
    body()
    content.op("EMC")
  }

  func use(_ font: PDFFont) { fonts[font.resourceName] = font.object }
  func useImage(_ object: Int) { images[PDFImageStore.resourceName(object)] = object }
  func useState(_ name: String, object: Int) { states[name] = object }

  /// The page's resource dictionary.
  var resources: String {
    func dictionary(_ entries: [String: Int]) -> String {
      entries.keys.sorted().map { "/\($0) \(entries[$0] ?? 0) 0 R" }.joined()
    }
    var text = "<<"
    if !fonts.isEmpty { text += "/Font<<\(dictionary(fonts))>>" }
    if !images.isEmpty { text += "/XObject<<\(dictionary(images))>>" }
    if !states.isEmpty { text += "/ExtGState<<\(dictionary(states))>>" }
    return text + ">>"
  }

  /// `rect` in layout points as a PDF rectangle on the sheet (points from its bottom-left).
  func sheetRectangle(_ rect: Rect) -> String {
    let left = origin.x + rect.minX * scale
    let right = origin.x + rect.maxX * scale
    let top = size.height - (origin.y + rect.minY * scale)
    let bottom = size.height - (origin.y + rect.maxY * scale)
    var buffer = PDFBuffer()
    for value in [left, bottom, right, top] { buffer.number(value) }
    return "[" + String(decoding: buffer.bytes.dropLast(), as: UTF8.self) + "]"
  }
}
