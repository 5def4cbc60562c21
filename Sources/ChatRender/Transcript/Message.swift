/// One entry of a transcript: a message from a participant or a system notice.
public struct Message: Sendable, Hashable {
  /// Whether an entry is a participant's message or a notice of the app.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// Said by a participant; drawn as a bubble on the author's side.
    case message
    /// A notice of the app ("Ana joined", "Messages are end-to-end encrypted"); drawn centred.
    case system
  }

  /// The native identifier, when the format has one (for replies).
  public var id: String?
  /// The participant id of the author; nil for system notices without one.
  public var authorID: String?
  /// When the message was sent; nil when the source gives no time.
  public var time: MessageTime?
  /// Plain text, after the format's own unescaping. Never markup.
  public var text: String
  /// A participant's message or a system notice; `.message` by default.
  public var kind: Kind
  /// Where the message starts in its source file.
  public var location: SourceLocation?
  /// What the renderer may not show yet but must not be lost.
  public var extras: MessageExtras

  /// A message; only `authorID` (nil for none) and `text` must be given.
  public init(
    id: String? = nil, authorID: String?, time: MessageTime? = nil, text: String,
    kind: Kind = .message, location: SourceLocation? = nil, extras: MessageExtras = MessageExtras()
  ) {
    self.id = id
    self.authorID = authorID
    self.time = time
    self.text = text
    self.kind = kind
    self.location = location
    self.extras = extras
  }
}

/// Parts of a message beyond its text: replies, reactions, attachments, formatting.
public struct MessageExtras: Sendable, Hashable {
  /// The id of the message this one answers.
  public var replyTo: String?
  /// Files sent with the message, in source order.
  public var attachments: [Attachment]
  /// Emoji reactions, in source order.
  public var reactions: [Reaction]
  /// Formatting the source carried (bold, code, links), as ranges of `Message.text`.
  public var spans: [TextSpan]
  /// Whether the source marks the message as edited.
  public var isEdited: Bool
  /// Whether the message was deleted; it is drawn as a "deleted" label, whatever `text` holds.
  public var isDeleted: Bool
  /// Who or where the message was forwarded from (empty when the source does not say); nil
  /// when it was not forwarded.
  public var forwardedFrom: String?
  /// Cards for links the message holds (Discord embeds).
  public var linkPreviews: [LinkPreview]

  /// How the message went when the app sends several ways: "SMS" or "iMessage" (Apple
  /// Messages, whose theme draws SMS bubbles green); nil when the export does not say.
  package var service: String?
  /// What kind of system notice this is, when it has a look of its own (WhatsApp's
  /// encryption card); nil for a plain notice and for every participant's message.
  package var notice: SystemNotice?
  /// The call this message records (issue 36): drawn as a call chip; nil for every other
  /// message.
  package var call: Call?
  /// The sentence of ours this message's text is ("Ana pinned a message"), drawn in the
  /// reader's language (`Phrase`); nil when the text is the export's own.
  package var phrase: Phrase?

  /// Extras; every part is empty, nil or false unless given.
  public init(
    replyTo: String? = nil, attachments: [Attachment] = [], reactions: [Reaction] = [],
    spans: [TextSpan] = [], isEdited: Bool = false, isDeleted: Bool = false,
    forwardedFrom: String? = nil, linkPreviews: [LinkPreview] = []
  ) {
    self.replyTo = replyTo
    self.attachments = attachments
    self.reactions = reactions
    self.spans = spans
    self.isEdited = isEdited
    self.isDeleted = isDeleted
    self.forwardedFrom = forwardedFrom
    self.linkPreviews = linkPreviews
  }

  /// Whether nothing is set: no reply, attachment, reaction, span, preview or flag.
  package var isEmpty: Bool { self == MessageExtras() }
}

/// A file sent with a message.
public struct Attachment: Sendable, Hashable {
  /// What a file is, as far as the export tells.
  public enum Kind: String, Sendable, Hashable {
    /// What the file holds; `other` for anything else.
    case image, video, audio, sticker, file, contact, location, other
  }
  /// What the file is: `.image` and `.sticker` files are drawn as pictures when found, others
  /// as an icon and a label.
  public var kind: Kind
  /// File name or path as the export gives it; nil when the export omitted the media.
  public var fileName: String?
  /// The file's MIME type (`image/jpeg`), when the export gives one.
  public var mimeType: String?
  /// Where the file's bytes are; nil when the export does not hold them.
  public var source: AttachmentSource?
  /// The file's size in bytes, when the export says or the file was found.
  public var byteCount: Int?
  /// The length in seconds of a voice note, audio or video, when known.
  public var duration: Double?
  /// The export left the media out (WhatsApp's `<Media omitted>`, Telegram's "File not
  /// included"): drawn as a placeholder, never looked for.
  public var isOmitted: Bool
  /// A contact's name or a place's name.
  public var title: String?
  /// A contact's phone number, a place's address or coordinates.
  public var detail: String?
  /// `--redact` hid the picture: drawn as a "Photo (redacted)" placeholder, or blurred when
  /// its source is kept.
  package var isRedacted = false
  /// A voice note's loudness as the export gives it (Discord's voice messages), each level 0
  /// to 1 in order: drawn instead of a waveform read from the audio.
  package var waveform: [Double]?

  /// An attachment; everything but its kind is optional.
  public init(
    kind: Kind, fileName: String? = nil, mimeType: String? = nil, source: AttachmentSource? = nil,
    byteCount: Int? = nil, duration: Double? = nil, isOmitted: Bool = false, title: String? = nil,
    detail: String? = nil
  ) {
    self.kind = kind
    self.fileName = fileName
    self.mimeType = mimeType
    self.source = source
    self.byteCount = byteCount
    self.duration = duration
    self.isOmitted = isOmitted
    self.title = title
    self.detail = detail
  }
}

/// An emoji reaction with how many gave it.
public struct Reaction: Sendable, Hashable {
  /// The emoji, as text (a custom emoji's name when the app has its own).
  public var emoji: String
  /// How many gave it.
  public var count: Int
  /// Participant ids, when known.
  public var by: [String]

  /// `count` people reacted with `emoji`; `by` lists their participant ids when known.
  public init(emoji: String, count: Int, by: [String] = []) {
    self.emoji = emoji
    self.count = count
    self.by = by
  }
}

/// Formatting over a range of a message's text, counted in Unicode scalars.
///
/// Block styles describe structure the text itself keeps readable: a list item's text starts
/// with its marker and a space ("1. ", "• "), a table's rows are lines and its cells are
/// separated by tabs, a rule is a line of its own. Headings, quotes and code blocks carry no
/// markers in the text.
public struct TextSpan: Sendable, Hashable {
  /// What a span does to its text: an inline style, or a block the text belongs to.
  public enum Style: Sendable, Hashable {
    // Inline.
    /// An inline style over the span's text.
    case bold, italic, strikethrough, underline, code, spoiler
    /// A link to the URL given; the span's text is what shows.
    case link(String)
    /// A mention of a participant: the text shows "@Name", the value is their id (or name).
    case mention(String)
    // Blocks.
    /// Preformatted lines in a monospace font; `language` as the fence named it.
    case codeBlock(language: String?)
    /// A heading of level 1 (largest) to 6.
    case heading(level: Int)
    /// One item of a list, nested `depth` lists deep (1 for the outermost). `marker` is what
    /// its text starts with: "•", "◦" or a number such as "3.".
    case listItem(depth: Int, marker: String)
    /// A block quote.
    case quote
    /// A grid of rows (`tableRow`, the first one the header) of cells (`tableCell`).
    case table
    /// One row of a `table`: a line of the text.
    case tableRow
    /// One cell of a `tableRow`, tab-separated in the text, aligned as its column says.
    case tableCell(alignment: TableAlignment)
    /// A horizontal line between blocks.
    case rule

    /// Whether the style shapes a block (a paragraph of its own) rather than a run of text.
    public var isBlock: Bool {
      switch self {
      case .codeBlock, .heading, .listItem, .quote, .table, .tableRow, .tableCell, .rule: return true
      case .bold, .italic, .strikethrough, .underline, .code, .spoiler, .link, .mention: return false
      }
    }
  }

  /// How a table column's text sits in its cells.
  public enum TableAlignment: String, Sendable, Hashable {
    /// `none` when the source sets no alignment.
    case none, left, center, right
  }

  /// First Unicode scalar of `Message.text` the span covers, from 0.
  public var start: Int
  /// Number of Unicode scalars covered.
  public var length: Int
  /// What the span does to its text.
  public var style: Style

  /// A span of `length` Unicode scalars from scalar `start` of the message's text.
  public init(start: Int, length: Int, style: Style) {
    self.start = start
    self.length = length
    self.style = style
  }

  /// The scalar just after the span (`start + length`).
  public var end: Int { start + length }
}
