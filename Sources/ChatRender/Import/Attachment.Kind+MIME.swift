extension Attachment.Kind {
  /// The kind a MIME type names: `image/…`, `video/…`, `audio/…`, a vCard as a contact, and
  /// anything else a file.
  init(mimeType: String) {
    let lowered = mimeType.lowercased()
    switch lowered.split(separator: "/").first {
    case "image": self = .image
    case "video": self = .video
    case "audio": self = .audio
    default: self = lowered.contains("vcard") ? .contact : .file
    }
  }
}
