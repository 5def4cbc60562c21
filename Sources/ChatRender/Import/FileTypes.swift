/// What a file name's extension says: its MIME type and the kind of attachment it is, one
/// table for every importer (an export that names a file without a type is judged here).
enum FileTypes {
  private static let table: [String: (mime: String, kind: Attachment.Kind)] = [
    "jpg": ("image/jpeg", .image), "jpeg": ("image/jpeg", .image), "png": ("image/png", .image),
    "gif": ("image/gif", .image), "webp": ("image/webp", .image), "bmp": ("image/bmp", .image),
    "heic": ("image/heic", .image), "heif": ("image/heif", .image), "avif": ("image/avif", .image),
    "mp4": ("video/mp4", .video), "m4v": ("video/x-m4v", .video), "mov": ("video/quicktime", .video),
    "webm": ("video/webm", .video), "mkv": ("video/x-matroska", .video), "avi": ("video/x-msvideo", .video),
    "3gp": ("video/3gpp", .video),
    "opus": ("audio/ogg", .audio), "ogg": ("audio/ogg", .audio), "oga": ("audio/ogg", .audio),
    "m4a": ("audio/mp4", .audio), "mp3": ("audio/mpeg", .audio), "aac": ("audio/aac", .audio),
    "wav": ("audio/wav", .audio), "flac": ("audio/flac", .audio), "caf": ("audio/x-caf", .audio),
    "amr": ("audio/amr", .audio),
    "vcf": ("text/vcard", .contact),
    "pdf": ("application/pdf", .file), "txt": ("text/plain", .file), "zip": ("application/zip", .file),
    "docx": ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", .file),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", .file),
  ]

  /// The kind of the file `name` (a path or an address; a query is ignored), `.file` when its
  /// extension says nothing.
  static func kind(ofFile name: String) -> Attachment.Kind {
    table[fileExtension(of: name)]?.kind ?? .file
  }

  /// The MIME type of the file `name`, when its extension is one of the table's.
  static func mimeType(ofFile name: String) -> String? {
    table[fileExtension(of: name)]?.mime
  }

  /// "IMG_1.JPG?size=2" → "jpg"; "" for a name without a dot in its last part.
  static func fileExtension(of name: String) -> String {
    let path = name.split(separator: "?", maxSplits: 1).first ?? Substring(name)
    let last = path.split(separator: "/").last ?? path
    guard let dot = last.lastIndex(of: ".") else { return "" }
    return last[last.index(after: dot)...].lowercased()
  }
}
