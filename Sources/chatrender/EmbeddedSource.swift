@_spi(Pages) import ChatRender
import Foundation

/// The source export a PDF/A-3u carries with `--evidence`: the one file read (a chat file or
/// an archive), or a zip of the files read from a folder or beside the input, each read again
/// and kept only if its SHA-256 is still the one the manifest states.
enum EmbeddedSource {
  /// The source of `path` as an attachment; nil for standard input or a file changed since
  /// it was read. `evidence` is made for the working folder (its manifest's paths are
  /// relative to it).
  static func read(_ path: String, evidence: DocumentSummary.Evidence) -> PDFSourceAttachment? {
    guard path != "-", !evidence.manifest.isEmpty else { return nil }
    if evidence.manifest.count == 1, !isFolder(path) {
      guard let bytes = SourceDigests.source(at: path, matching: evidence.sourceSHA256) else { return nil }
      return PDFSourceAttachment(name: (path as NSString).lastPathComponent, bytes: bytes)
    }
    return archive(of: evidence.manifest, readFrom: path)
  }

  /// `evidence` as a PDF carrying `options.source` states it: a zip of the files read is what
  /// the footer's SHA-256 is of, so the embedded bytes check against it.
  static func evidence(_ evidence: DocumentSummary.Evidence, for options: ExportOptions) -> DocumentSummary.Evidence {
    guard options.format == .pdf, options.pdfEngine == .own, options.embedsSource,
      (options.pdfStandard ?? .a3u) == .a3u, let source = options.source, source.isArchiveOfFilesRead
    else { return evidence }
    var stated = evidence
    stated.sourceSHA256 = source.sha256
    stated.source = source.name
    return stated
  }

  /// A zip of the manifest's files, named from the folder they were read from (`path`, or
  /// the folder holding it); nil when one changed since it was read.
  private static func archive(of manifest: [String], readFrom path: String) -> PDFSourceAttachment? {
    let folder = isFolder(path) ? path : PathFolder.of(path)
    var entries: [(name: String, bytes: [UInt8])] = []
    for line in manifest {
      guard let split = line.range(of: "  ") else { return nil }
      let file = String(line[split.upperBound...])
      guard let bytes = SourceDigests.source(at: file, matching: String(line[..<split.lowerBound])) else { return nil }
      entries.append((EvidenceManifest.relativePath(of: file, from: folder), bytes))
    }
    guard let zip = PDFSourceArchive.zip(entries) else { return nil }
    let name = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.lastPathComponent
    return PDFSourceAttachment(name: (name.isEmpty ? "source" : name) + ".zip", bytes: zip, isArchiveOfFilesRead: true)
  }

  private static func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
  }
}
