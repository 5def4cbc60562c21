/// How each kind of attachment is named and shown on a chip: one table for the vocabulary,
/// its words in the translation tables.
enum AttachmentLabel {
  /// The icon drawn on a chip (an emoji, so every theme's fonts have it).
  static func icon(for kind: Attachment.Kind) -> String { entry(kind).icon }

  /// The kind as a reader says it ("Photo", "Document").
  static func noun(for kind: Attachment.Kind) -> Word { entry(kind).noun }

  /// The title of a chip for media the export left out ("Photo omitted").
  static func omitted(_ kind: Attachment.Kind) -> Word { entry(kind).omitted }

  /// The title of a chip for a picture `--redact` hid ("Photo (redacted)"); nil for kinds
  /// that are never pictures.
  static func redacted(_ kind: Attachment.Kind) -> Word? { entry(kind).redacted }

  private static func entry(_ kind: Attachment.Kind) -> (icon: String, noun: Word, omitted: Word, redacted: Word?) {
    switch kind {
    case .image: return ("🖼️", .photo, .photoOmitted, .photoRedacted)
    case .video: return ("🎬", .video, .videoOmitted, .videoRedacted)
    case .audio: return ("🎵", .audio, .audioOmitted, nil)
    case .sticker: return ("🏷️", .sticker, .stickerOmitted, .stickerRedacted)
    case .file: return ("📄", .document, .documentOmitted, nil)
    case .contact: return ("👤", .contact, .contactOmitted, nil)
    case .location: return ("📍", .location, .locationOmitted, nil)
    case .other: return ("📎", .attachment, .attachmentOmitted, nil)
    }
  }
}
