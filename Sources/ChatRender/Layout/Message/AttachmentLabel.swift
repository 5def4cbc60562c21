/// How each kind of attachment is named and shown on a chip: one table for the vocabulary,
/// its words in the translation tables.
enum AttachmentLabel {
  /// The icon drawn on a chip (an emoji, so every theme's fonts have it).
  static func icon(for kind: Attachment.Kind) -> String { entry(kind).icon }

  /// The kind as a reader says it ("Photo", "Document").
  static func noun(for kind: Attachment.Kind) -> Word { entry(kind).noun }

  /// The title of a chip for media the export left out ("Photo omitted").
  static func omitted(_ kind: Attachment.Kind) -> Word { entry(kind).omitted }

  private static func entry(_ kind: Attachment.Kind) -> (icon: String, noun: Word, omitted: Word) {
    switch kind {
    case .image: return ("🖼️", .photo, .photoOmitted)
    case .video: return ("🎬", .video, .videoOmitted)
    case .audio: return ("🎵", .audio, .audioOmitted)
    case .sticker: return ("🏷️", .sticker, .stickerOmitted)
    case .file: return ("📄", .document, .documentOmitted)
    case .contact: return ("👤", .contact, .contactOmitted)
    case .location: return ("📍", .location, .locationOmitted)
    case .other: return ("📎", .attachment, .attachmentOmitted)
    }
  }
}
