/// What every page of a document shares: its fonts, images and opacity states.
final class PDFResources {
  let file: PDFFile
  let fonts: PDFFontStore
  let images: PDFImageStore
  private var opacityStates: [String: Int] = [:]

  init(file: PDFFile) {
    self.file = file
    fonts = PDFFontStore(file: file)
    images = PDFImageStore(file: file)
  }

  /// The resource name of a graphics state painting at `alpha` (fills and strokes), written
  /// once a document.
  func opacity(_ alpha: Double, on page: PDFPage) -> String {
    let thousandths = Int((min(max(alpha, 0), 1) * 1000).rounded())
    let name = "A\(thousandths)"
    let object =
      opacityStates[name]
      ?? {
        var value = PDFBuffer()
        value.number(Double(thousandths) / 1000)
        let text = String(decoding: value.bytes.dropLast(), as: UTF8.self)
        let made = file.add("<</Type/ExtGState/ca \(text)/CA \(text)>>")
        opacityStates[name] = made
        return made
      }()
    page.useState(name, object: object)
    return name
  }
}
