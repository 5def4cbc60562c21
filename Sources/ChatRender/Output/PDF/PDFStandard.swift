/// Which archival standard a PDF of our own writer claims (`--pdf-standard`): none, PDF/A-2u,
/// or PDF/A-3u, the one that may carry the source export as an associated file.
@_spi(Pages) public enum PDFStandard: String, Sendable, CaseIterable {
  case none
  case a2u = "a-2u"
  case a3u = "a-3u"

  /// The part of ISO 19005 the XMP declares; nil for none.
  var part: Int? {
    switch self {
    case .none: return nil
    case .a2u: return 2
    case .a3u: return 3
    }
  }
}
