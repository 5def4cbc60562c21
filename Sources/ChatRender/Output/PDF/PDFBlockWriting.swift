/// A text block being written: the operators under its text (backgrounds), its text object
/// and what lies over it (lines, emoji), joined onto the page when the block ends.
struct BlockWriting {
  let page: PDFPage
  /// The block's colour, which runs keep unless their attributes set another.
  let blockColor: Color
  private var under = PDFBuffer()
  private var text = PDFBuffer()
  private var over = PDFBuffer()
  private var font: (name: String, size: Double)?
  private var color: Color?
  /// Where the next glyph of the open array would start without adjustment.
  private var pen: (x: Double, y: Double)?
  private var inArray = false
  private var inString = false
  /// Translucent colours were used: the text is drawn inside a saved state.
  private var usesOpacity = false
  private var opacityNames: [Double: String] = [:]
  private let resources: PDFResources

  init(page: PDFPage, color: Color, resources: PDFResources) {
    self.page = page
    blockColor = color
    self.resources = resources
  }

  mutating func setFont(_ font: PDFFont, size: Double) {
    guard self.font?.name != font.resourceName || self.font?.size != size else { return }
    closeArray()
    text.append("/" + font.resourceName + " ")
    text.number(size)
    text.op("Tf")
    self.font = (font.resourceName, size)
  }

  mutating func setColor(_ color: Color) {
    guard self.color != color else { return }
    closeArray()
    text.numbers(color.red, color.green, color.blue)
    text.op("rg")
    if color.alpha < 1 || (self.color.map { $0.alpha < 1 } ?? false) {
      usesOpacity = true
      text.append("/" + opacityName(color.alpha) + " ")
      text.op("gs")
    }
    self.color = color
  }

  /// Shows `glyph` with its origin at (`x`, `y`); `width` is its advance in the font.
  mutating func show(_ glyph: UInt32, x: Double, y: Double, width: Double) {
    if inArray, let pen, pen.y == y, let size = font?.size, size > 0 {
      let adjustment = (pen.x - x) * 1000 / size
      if abs(adjustment) > 0.05 {
        closeString()
        text.number(adjustment)
      }
    } else {
      closeArray()
      text.numbers(1, 0, 0, -1, x, y)
      text.op("Tm")
      text.append("[")
      inArray = true
    }
    if !inString {
      text.append("<")
      inString = true
    }
    text.hex16(glyph)
    pen = (x + width, y)
  }

  mutating func beginActualText(_ actual: String) {
    closeArray()
    text.append("/Span<</ActualText " + PDFText.string(actual) + ">>")
    text.op("BDC")
  }

  mutating func endActualText() {
    closeArray()
    text.op("EMC")
  }

  /// Makes the glyphs that follow invisible (render mode 3) or visible again.
  mutating func invisible(_ isInvisible: Bool) {
    closeArray()
    text.op(isInvisible ? "3 Tr" : "0 Tr")
  }

  /// Fills `rect` with `color`, under the text or over it.
  mutating func rectangle(_ rect: Rect, color: Color, under isUnder: Bool) {
    var buffer = PDFBuffer()
    let translucent = color.alpha < 1
    if translucent {
      buffer.op("q")
      buffer.append("/" + opacityName(color.alpha) + " ")
      buffer.op("gs")
    }
    buffer.numbers(color.red, color.green, color.blue)
    buffer.op("rg")
    buffer.numbers(rect.minX, rect.minY, rect.width, rect.height)
    buffer.op("re f")
    if translucent { buffer.op("Q") }
    if isUnder { under.append(contentsOf: buffer.bytes) } else { over.append(contentsOf: buffer.bytes) }
  }

  /// Shows image `object` over `rect`, above the text.
  mutating func image(_ object: Int, in rect: Rect) {
    page.useImage(object)
    over.op("q")
    over.numbers(rect.width, 0, 0, -rect.height, rect.minX, rect.maxY)
    over.op("cm")
    over.append("/" + PDFImageStore.resourceName(object) + " ")
    over.op("Do")
    over.op("Q")
  }

  /// Appends the block to its page: its text (`string`) a paragraph of the structure over
  /// `frame` unless the page draws that frame as furniture; backgrounds, lines and emoji pictures artifacts (the text carries the emoji).
  mutating func finish(frame: Rect, text string: String) {
    closeArray()
    if !under.isEmpty { page.artifact { page.content.append(contentsOf: under.bytes) } }
    if page.furniture.contains(frame), !text.isEmpty {
      page.artifact { writeText() }
    } else if !text.isEmpty {
      page.beginMarked(.paragraph(text: string), frame: frame)
      writeText()
      page.content.op("EMC")
    }
    if !over.isEmpty { page.artifact { page.content.append(contentsOf: over.bytes) } }
  }

  /// The text object, in a saved state when its colours are translucent.
  private func writeText() {
    if usesOpacity { page.content.op("q") }
    page.content.op("BT")
    page.content.append(contentsOf: text.bytes)
    page.content.op("ET")
    if usesOpacity { page.content.op("Q") }
  }

  private mutating func opacityName(_ alpha: Double) -> String {
    if let known = opacityNames[alpha] { return known }
    let name = resources.opacity(alpha, on: page)
    opacityNames[alpha] = name
    return name
  }

  private mutating func closeString() {
    if inString { text.append(">") }
    inString = false
  }

  private mutating func closeArray() {
    closeString()
    if inArray { text.op("]TJ") }
    inArray = false
  }
}
