/// Which writer makes a PDF: cairo's PDF surface, or ours (`PDFDocumentWriter`).
@_spi(Pages) public enum PDFEngine: String, Sendable, CaseIterable {
  case cairo
  case own
}
