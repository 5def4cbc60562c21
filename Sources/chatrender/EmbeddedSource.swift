@_spi(Pages) import ChatRender
import Foundation

/// The source export a PDF/A-3u carries with `--evidence`: the one file read (a chat file or
/// an archive), read again and kept only if its SHA-256 is still the one the footer states.
enum EmbeddedSource {
  /// The file at `path` as an attachment; nil for standard input, a folder, several files
  /// or a file changed since it was read.
  static func read(_ path: String, evidence: DocumentSummary.Evidence) -> PDFSourceAttachment? {
    guard path != "-", evidence.manifest.count == 1,
      let bytes = SourceDigests.source(at: path, matching: evidence.sourceSHA256)
    else { return nil }
    return PDFSourceAttachment(name: (path as NSString).lastPathComponent, bytes: bytes)
  }
}
