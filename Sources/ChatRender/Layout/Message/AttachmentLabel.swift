/// How each kind of attachment is named and shown on a chip: one table for the vocabulary.
enum AttachmentLabel {
  /// The icon drawn on a chip (an emoji, so every theme's fonts have it).
  static func icon(for kind: Attachment.Kind) -> String { entry(kind).icon }

  /// The kind as a reader says it ("Photo", "Voice message").
  static func noun(for kind: Attachment.Kind) -> String { entry(kind).noun }

  private static func entry(_ kind: Attachment.Kind) -> (icon: String, noun: String) {
    switch kind {
    case .image: return ("🖼️", "Photo")
    case .video: return ("🎬", "Video")
    case .audio: return ("🎵", "Audio")
    case .sticker: return ("🏷️", "Sticker")
    case .file: return ("📄", "Document")
    case .contact: return ("👤", "Contact")
    case .location: return ("📍", "Location")
    case .other: return ("📎", "Attachment")
    }
  }
}
