/// The source export a PDF/A-3 carries as its associated file (`--evidence`): the bytes the
/// footer's SHA-256 is of, under the file's own name.
package struct PDFSourceAttachment: Sendable, Hashable {
  package var name: String
  package var bytes: [UInt8]
  /// Whether it is a zip of the files read (`PDFSourceArchive`), whose hash the footer then
  /// states, rather than the one source file.
  package var isArchiveOfFilesRead: Bool

  package init(name: String, bytes: [UInt8], isArchiveOfFilesRead: Bool = false) {
    self.name = name
    self.bytes = bytes
    self.isArchiveOfFilesRead = isArchiveOfFilesRead
  }

  /// Lowercase hexadecimal SHA-256 of its bytes.
  package var sha256: String { SHA256.hex(of: bytes) }

  /// Its MIME type as a PDF name: a zip, JSON, HTML, else plain text or bytes.
  var mimeName: String {
    let lowered = name.lowercased()
    let types = [
      ".zip": "application#2Fzip", ".json": "application#2Fjson", ".html": "text#2Fhtml", ".csv": "text#2Fcsv",
    ]
    if let known = types.first(where: { lowered.hasSuffix($0.key) }) { return known.value }
    return bytes.prefix(4096).contains(0) ? "application#2Foctet-stream" : "text#2Fplain"
  }

  /// Writes the file's stream and specification; the specification's object.
  func write(to file: PDFFile, date: String) -> Int {
    let stream = file.addStream(
      dictionary:
        "/Type/EmbeddedFile/Subtype/\(mimeName)/Params<</Size \(bytes.count)/ModDate \(PDFText.literal(date))>>",
      data: bytes)
    let title = PDFText.string(name)
    return file.add(
      "<</Type/Filespec/F \(title)/UF \(title)/Desc (The source export)/AFRelationship/Source"
        + "/EF<</F \(stream) 0 R/UF \(stream) 0 R>>>>")
  }
}
