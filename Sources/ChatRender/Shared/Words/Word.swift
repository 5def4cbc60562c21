/// Every word the renderer writes, by its key in the translation tables
/// (`Sources/ChatRender/Translations/<language>.json`; docs/ARCHITECTURE.md, "Translations").
/// `{name}` in a text is filled in when it is written; a key marked "count" has one text per
/// plural form of its language.
enum Word: String, Sendable, CaseIterable {
  /// "Chat": the title of a chat that has none.
  case chat
  /// "{count} messages" (count).
  case messages
  /// "Page {page}": a footer while the page count is not known.
  case page
  /// "Page {page} of {total}".
  case pageOf = "page-of"
  /// "{first} – {last}": a range of two dates.
  case dateRange = "date-range"
  /// "edited", before a message's time.
  case edited
  /// "This message was deleted".
  case deleted
  /// "Forwarded", above a forwarded message.
  case forwarded
  /// "Forwarded from {name}".
  case forwardedFrom = "forwarded-from"
  /// "Original message not in this file": a reply to a message the export does not hold.
  case replyMissing = "reply-missing"
  /// "BOT": the badge beside a bot's name.
  case bot
  /// Attachments by kind, as a chip and a quote name them.
  case photo, video, audio, sticker, document, contact, location, attachment
  /// "Photo omitted" and so on: media the export left out.
  case photoOmitted = "photo-omitted"
  case videoOmitted = "video-omitted"
  case audioOmitted = "audio-omitted"
  case stickerOmitted = "sticker-omitted"
  case documentOmitted = "document-omitted"
  case contactOmitted = "contact-omitted"
  case locationOmitted = "location-omitted"
  case attachmentOmitted = "attachment-omitted"
  /// "Photo (redacted)" and so on: a picture `--redact` hid.
  case photoRedacted = "photo-redacted"
  case videoRedacted = "video-redacted"
  case stickerRedacted = "sticker-redacted"
  /// "Not included in the export", under an omitted attachment's name.
  case notInExport = "not-in-export"
  /// A call chip's title: "Voice call", "Video call", "Missed call", "Cancelled call"; "No
  /// answer" under a call nobody answered.
  case voiceCall = "voice-call"
  case videoCall = "video-call"
  case missedCall = "missed-call"
  case cancelledCall = "cancelled-call"
  case callNoAnswer = "call-no-answer"
  /// "{count} bytes" (count); "{size} KB", "{size} MB", "{size} GB".
  case bytes
  case kilobytes, megabytes, gigabytes
  /// "Chat: {facts}": a PDF's subject (its dates and message count).
  case pdfSubject = "pdf-subject"
  /// "no time": the evidence line of a chat without times.
  case noTime = "no-time"
  /// "{dates} · {messages}": the first page's line of facts, and the PDF's subject.
  case facts
  /// "⋯ {count} messages ⋯" (count): where a crop left messages out.
  case leftOut = "left-out"
  /// "You": the author of a quoted message of mine.
  case you
  /// "Part {part} of {parts}, messages {first}–{last}": the first page of one part of a chat
  /// cut into files.
  case partOf = "part-of"
  /// "Previous part" and "Next part": links on a part's first page to its neighbours' files.
  case previousPart = "previous-part"
  case nextPart = "next-part"
  /// "Photo from {name}, {date}": a picture's alternative text in a tagged PDF without a caption.
  case photoFrom = "photo-from"
}
