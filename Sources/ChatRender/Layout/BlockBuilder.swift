import Foundation

/// Builds the block of each message: name label, bubble, text, time, avatar, and the day
/// separator before it.
struct BlockBuilder {
  let theme: Theme
  let measurer: any TextMeasurer
  let options: LayoutOptions
  let pictures: PictureCatalog
  /// The last message text measured, and the last formatted body laid out: a text cut across
  /// many pages is measured (and shaped) once, not again for every piece.
  var lastMeasured = LastMeasured<ChunkedText>()
  var lastRichBody = LastMeasured<RichBody>()
  var lastLinked = LastMeasured<[TextSpan]>()
  let transcript: Transcript
  let isGroup: Bool
  /// The sides whose bubbles come from more than one author: there the side alone does not
  /// say who wrote a bubble, so each run carries its author's name.
  let sidesNamingAuthors: Set<MessageSide>
  let avatarOnLeft: Bool
  let avatarOnRight: Bool
  /// Each participant's name as drawn (`LineCut`).
  let nameByID: [String: String]
  let participantByID: [String: Participant]
  /// Message indexes by native id, for replies.
  let indexByMessageID: [String: Int]
  /// Each author's place in the order of first appearance: colours go in that order, so no
  /// two of the first few authors share one.
  let authorOrder: [String: Int]
  /// The indexes of messages that start a new day (a separator goes before them).
  let newDayIndexes: Set<Int>
  /// The indexes of messages that come `daySeparators.timeAfterMinutes` or more after the
  /// message before on the same day (a heading with the time goes before them).
  let timeHeadingIndexes: Set<Int>
  /// The words, dates and times, in the options' locale.
  let labels: LocalizedLabels
  /// The kinds of rows a bubble may hold besides its text, in stacking order.
  let elements: [any BubbleElement.Type]

  /// - Parameter measurer: the layout's measurer unless given (another thread's).
  init(layout: ConversationLayout, transcript: Transcript, measurer: (any TextMeasurer)? = nil) {
    theme = layout.theme
    self.measurer = measurer ?? layout.measurer
    options = layout.options
    labels = LocalizedLabels(layout.options.dateText)
    pictures = layout.pictures
    elements = layout.elements
    self.transcript = transcript
    // Decided from the whole chat, so every part of it (a day, a range, a crop) looks alike.
    let speakers = transcript.speakers
    isGroup = speakers.count > 2
    var speakersBySide: [MessageSide: Int] = [:]
    for speaker in speakers { speakersBySide[speaker == transcript.meID ? .sent : .received, default: 0] += 1 }
    sidesNamingAuthors = Set(speakersBySide.filter { $0.value > 1 }.keys)
    switch theme.avatars.show {
    case .never: (avatarOnLeft, avatarOnRight) = (false, false)
    // In rows, every message stands on the left.
    case _ where theme.canvas.layout == .rows: (avatarOnLeft, avatarOnRight) = (true, false)
    case .always: (avatarOnLeft, avatarOnRight) = (true, true)
    case .auto: (avatarOnLeft, avatarOnRight) = (isGroup, false)
    case .others: (avatarOnLeft, avatarOnRight) = (true, false)
    }
    var names: [String: String] = [:]
    for participant in transcript.participants { names[participant.id] = LineCut.cut(participant.name) }
    nameByID = names
    participantByID = Dictionary(
      transcript.participants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var ids: [String: Int] = [:]
    for (index, message) in transcript.messages.enumerated() {
      if let id = message.id, ids[id] == nil { ids[id] = index }
    }
    indexByMessageID = ids
    authorOrder = Dictionary(speakers.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var newDays = Set<Int>()
    var lastDay: LocalDate?
    for (index, message) in transcript.messages.enumerated() {
      guard let day = message.time?.local(in: layout.options.timeZone).date else { continue }
      if day != lastDay { newDays.insert(index) }
      lastDay = day
    }
    newDayIndexes = newDays
    timeHeadingIndexes = Self.silences(
      in: transcript, atLeast: theme.daySeparators.timeAfterMinutes, zone: layout.options.timeZone
    ).subtracting(newDays)
  }

  /// The indexes of messages that come `minutes` or more after the message before (none
  /// when `minutes` is 0); times without a date are left out.
  private static func silences(in transcript: Transcript, atLeast minutes: Double, zone: TimeZone) -> Set<Int> {
    guard minutes > 0 else { return [] }
    var found = Set<Int>()
    var last: Int?
    for (index, message) in transcript.messages.enumerated() {
      guard let local = message.time?.local(in: zone), let date = local.date else { continue }
      let minute = ISO8601.daysSinceEpoch(date) * 1440 + local.hour * 60 + local.minute
      if let last, Double(minute - last) >= minutes { found.insert(index) }
      last = minute
    }
    return found
  }

  /// The name drawn for `authorID`: its participant's, else the id itself, cut to a line.
  func drawnName(_ authorID: String) -> String { nameByID[authorID] ?? LineCut.cut(authorID) }

  var avatarReserve: Double { theme.avatars.size + 8 }

  var contentWidth: Double {
    theme.canvas.width - theme.canvas.padding.horizontal
      - (avatarOnLeft ? avatarReserve : 0) - (avatarOnRight ? avatarReserve : 0)
  }

  // MARK: - Runs

  func message(at index: Int) -> Message? {
    index >= 0 && index < transcript.messages.count ? transcript.messages[index] : nil
  }

  /// The message a reply quotes: one drawn here, or one a cut left out of them.
  func quotedMessage(id: String) -> Message? {
    indexByMessageID[id].flatMap { message(at: $0) } ?? transcript.wholeChat.quoted[id]
  }

  func day(of message: Message) -> LocalDate? {
    message.time?.local(in: options.timeZone).date
  }

  /// Whether messages `a` and `b` belong to one run (same author, same day, no notice between;
  /// a reply whose quote stands over it starts a run, as in Discord and iMessage).
  func sameRun(_ a: Message?, _ b: Message?) -> Bool {
    guard let a, let b, a.kind == .message, b.kind == .message, a.authorID == b.authorID else {
      return false
    }
    if theme.replies.style != .box, b.extras.replyTo != nil { return false }
    let dayA = day(of: a)
    let dayB = day(of: b)
    return dayA == nil || dayB == nil || dayA == dayB || !theme.daySeparators.show
  }

  /// Whether the blocks of message `index` show a picture: its own, or a quoted message's.
  func showsPictures(at index: Int) -> Bool {
    guard let message = message(at: index) else { return false }
    let quoted = message.extras.replyTo.flatMap(quotedMessage(id:))
    return [message, quoted].contains { !($0?.extras.attachments.isEmpty ?? true) }
  }

  // MARK: - Blocks

  func blocks(forMessageAt index: Int) -> [Block] {
    guard let message = message(at: index) else { return [] }
    let gap = options.leftOut[index].map { gapMark(leaving: $0) }
    let separator = heading(before: message, at: index, afterGap: gap != nil)
    // In rows everyone's messages stand on the left, as others' do.
    var side = transcript.side(of: message)
    if theme.canvas.layout == .rows && side == .sent { side = .received }
    var block =
      side == .center
      ? noticeBlock(message, index: index)
      : messageBlock(message, index: index, side: side, separatedAbove: separator != nil, lines: nil)
    if let note = options.notes[index] {
      block = block.keepingRoom(
        NoteLabel(note, theme: theme, measurer: measurer, pageWidth: theme.canvas.width).room(in: theme))
    }
    if let separator { block = Self.joining(separator, block) }
    let trailingGap =
      index == transcript.messages.count - 1 ? options.leftOut[index + 1].map { gapMark(leaving: $0) } : nil
    let blocks = [gap, block, trailingGap].compactMap { $0 }
    announcePictures(of: blocks, message: index)
    return blocks
  }

  /// Tells the pictures' decoders what this message will draw, so they start now.
  private func announcePictures(of blocks: [Block], message: Int) {
    guard let ahead = pictures.decodeAhead else { return }
    for block in blocks {
      for case .picture(let picture) in block.items { ahead.announce(picture, message: message) }
    }
  }

  /// The mark that stands where a crop left out `count` entries ("⋯ 6 messages ⋯").
  func gapMark(leaving count: Int) -> Block {
    let style = theme.system
    return centredPill(
      StyledText(labels.count(.leftOut, count), font: font(size: style.fontSize ?? theme.font.size), isCentered: true),
      wrap: contentWidth, padding: EdgeInsets(all: 2), radius: 0, fill: .clear, textColor: style.textColor,
      border: nil, shadow: nil, messageIndex: nil, role: .gap, gapBefore: theme.spacing.newAuthor)
  }

  /// `first` then `second` as one block, so a day label never ends a page alone.
  static func joining(_ first: Block, _ second: Block) -> Block {
    let shift = first.height + second.gapBefore
    var joined = Block(
      items: first.items + second.items.map { $0.offsetBy(dy: shift) },
      height: shift + second.height, gapBefore: first.gapBefore)
    joined.holdsTableRows = second.holdsTableRows
    joined.pageTopLabel = first.pageTopLabel
    if let splitter = second.splitter {
      joined.splitter = { room, pageRoom in
        guard let (head, tail) = splitter(room - shift, pageRoom - shift) else { return nil }
        return (joining(first, head), tail)
      }
    }
    return joined
  }

  func font(size: Double, bold: Bool = false, italic: Bool = false) -> FontSpec {
    FontSpec(
      families: theme.font.families, size: size, bold: bold, italic: italic,
      lineSpacing: theme.font.lineSpacing)
  }

  /// The label before message `index`: its day where a day starts (after a gap the day is
  /// named again: what follows may be days later), with its time when the theme heads the
  /// conversation with times, or its day and time after a silence; nil for none.
  func heading(before message: Message, at index: Int, afterGap: Bool) -> Block? {
    guard theme.daySeparators.show, let time = message.time, let today = day(of: message) else { return nil }
    let startsDay = newDayIndexes.contains(index) || afterGap
    guard theme.daySeparators.timeAfterMinutes > 0 else { return startsDay ? daySeparator(labels.day(today)) : nil }
    guard startsDay || timeHeadingIndexes.contains(index) else { return nil }
    var heading = daySeparator(labels.dayAndTime(time.local(in: options.timeZone), sourceClock: transcript.clock))
    // A page's top repeats the day in the headings' own form, so no page changes format (issue 37).
    heading.pageTopLabel = daySeparator(labels.shortDay(today)).dayLabel
    return heading
  }

  /// Whether a time heading (not a new day) stands before message `index`.
  func hasTimeHeading(at index: Int) -> Bool {
    theme.daySeparators.show && timeHeadingIndexes.contains(index)
  }

  func daySeparator(_ label: String) -> Block {
    let style = theme.daySeparators
    return centredPill(
      StyledText(label, font: font(size: style.size), isCentered: true),
      wrap: contentWidth - style.padding.horizontal, padding: style.padding, radius: style.radius,
      fill: style.fill, textColor: style.textColor, border: style.border, shadow: style.shadow,
      messageIndex: nil, role: .day, gapBefore: theme.spacing.newAuthor)
  }

  func noticeBlock(_ message: Message, index: Int) -> Block {
    let style = theme.system
    var text = message.text
    var (fill, textColor, maxWidth) = (style.fill, style.textColor, style.maxWidth)
    if message.extras.notice == .encryption {
      // WhatsApp's lock before the notice, on the theme's card when it has one.
      text = "🔒 " + text
      if let card = theme.encryptionNotice { (fill, textColor, maxWidth) = (card.fill, card.textColor, card.maxWidth) }
    }
    let wrap = max(1, theme.canvas.width - theme.canvas.padding.horizontal) * maxWidth - style.padding.horizontal
    return centredPill(
      StyledText(text, font: font(size: style.fontSize ?? theme.font.size), isCentered: true),
      wrap: max(1, wrap), padding: style.padding, radius: style.radius, fill: fill,
      textColor: textColor, border: style.border, shadow: style.shadow, messageIndex: index,
      role: .system, gapBefore: theme.spacing.newAuthor)
  }

  /// A pill centred on the canvas around `text`: day labels and system notices.
  func centredPill(
    _ text: StyledText, wrap: Double, padding: EdgeInsets, radius: Double, fill: Color,
    textColor: Color, border: BorderStyle?, shadow: ShadowStyle?, messageIndex: Int?, role: BubbleRole,
    gapBefore: Double
  ) -> Block {
    let metrics = measurer.measure(text, maxWidth: wrap)
    let width = metrics.size.width + padding.horizontal
    let height = metrics.size.height + padding.vertical
    let x = (theme.canvas.width - width) / 2
    let shape = BubbleShape(frame: Rect(x: x, y: 0, width: width, height: height), radius: radius)
    let label = TextBlock(
      origin: Point(x: x + padding.left, y: padding.top), size: metrics.size, text: text,
      color: textColor, wrapWidth: wrap, metrics: metrics)
    let pill = BubbleItem(
      shape: shape, fill: fill, border: border, shadow: shadow, messageIndex: messageIndex, role: role)
    return Block(items: [.bubble(pill), .text(label)], height: height, gapBefore: gapBefore)
  }

  func avatar(for authorID: String, name: String, side: MessageSide, top: Double) -> AvatarItem {
    let size = theme.avatars.size
    let x =
      side == .sent
      ? theme.canvas.width - theme.canvas.padding.right - size
      : theme.canvas.padding.left
    let frame = Rect(x: x, y: top, width: size, height: size)
    let initials = Self.initials(of: name)
    let label = StyledText(initials, font: font(size: size * 0.4, bold: true))
    let metrics = measurer.measure(label, maxWidth: size * 2)
    let text = TextBlock(
      origin: Point(x: frame.midX - metrics.size.width / 2, y: frame.midY - metrics.size.height / 2),
      size: metrics.size, text: label, color: .white, wrapWidth: size * 2, metrics: metrics)
    let shape = BubbleShape(frame: frame, radius: size * min(max(theme.avatars.roundness, 0), 0.5))
    return AvatarItem(
      shape: shape, fill: avatarColor(for: authorID), initials: text, picture: avatarPicture(of: authorID, in: shape))
  }

  /// The person's own picture covering `shape`, when the export ships one that can be
  /// read; nil (with one warning naming the file) for initials.
  func avatarPicture(of authorID: String, in shape: BubbleShape) -> PictureItem? {
    guard let participant = participantByID[authorID], let source = participant.avatar else { return nil }
    let subject = Self.avatarSubject(source, of: participant.name)
    guard let info = pictures.info(of: source, report: { pictures.warn(avatar: subject, $0) }) else { return nil }
    return PictureItem(
      frame: shape.frame, radius: shape.radius, source: source, pixelSize: info.size, name: subject, covers: true)
  }

  /// Reads the header of every avatar this layout draws, in the participants' order, so
  /// their warnings come in that order whichever thread lays out a message first
  /// (`BlockPrefetcher` builds the last messages first).
  func readAvatars() {
    let authors = Set(transcript.messages.lazy.compactMap(\.authorID))
    for participant in transcript.participants where participant.avatar != nil && authors.contains(participant.id) {
      let isSent = participant.id == transcript.meID && theme.canvas.layout != .rows
      guard isSent ? avatarOnRight : avatarOnLeft else { continue }
      _ = avatarPicture(of: participant.id, in: BubbleShape(frame: Rect(x: 0, y: 0, width: 1, height: 1), radius: 0))
    }
  }

  /// How a warning names an avatar: by its file (`avatar 'photos/ana.jpg'`), or by whose it
  /// is when the export held its bytes (a contact card's photo).
  static func avatarSubject(_ source: AttachmentSource, of name: String) -> String {
    switch source {
    case .file(let path): "avatar '\(path)'"
    case .archiveMember(_, let member): "avatar '\(member)'"
    case .data: "the avatar of '\(name)'"
    }
  }

  /// Up to two initials ("Ana Lima" → "AL"); a phone number, which has no letters, shows its
  /// last two digits ("+1 415 555 0142" → "42"), which tell numbers apart as "+" would not.
  static func initials(of name: String) -> String {
    let words = name.split(whereSeparator: { $0.isWhitespace }).filter { $0.first?.isLetter == true }
    let letters = words.prefix(2).compactMap { $0.first(where: isInitial) }.map { String($0).uppercased() }
    if !letters.isEmpty { return letters.joined() }
    let digits = name.filter(\.isNumber)
    return digits.isEmpty ? String(name.prefix(1)) : String(digits.suffix(2))
  }

  /// Whether `character` can stand for its word: a letter, but not a Thai or Lao vowel
  /// written before its consonant (ใจ is written with จ first).
  private static func isInitial(_ character: Character) -> Bool {
    guard character.isLetter, let scalar = character.unicodeScalars.first else { return false }
    return !(0x0E40...0x0E44).contains(scalar.value) && !(0x0EC0...0x0EC4).contains(scalar.value)
  }

  /// The colour of an author's name: `names.meColor` for mine when set, else the theme's
  /// palette in order of first appearance.
  func nameColor(for authorID: String?) -> Color {
    if let mine = theme.names.meColor, authorID != nil, authorID == transcript.meID { return mine }
    let colors = theme.names.colors
    guard let authorID, !colors.isEmpty else { return theme.names.color }
    return colors[colorSlot(of: authorID, count: colors.count)]
  }

  /// An avatar's colour: its author's name colour when the theme gives names several, else
  /// one of a palette of its own, in the same order.
  func avatarColor(for authorID: String) -> Color {
    if !theme.names.colors.isEmpty { return nameColor(for: authorID) }
    return PersonColors.avatars[colorSlot(of: authorID, count: PersonColors.avatars.count)]
  }

  /// Order of first appearance while the palette lasts; a stable hash after that.
  private func colorSlot(of authorID: String, count: Int) -> Int {
    if let order = authorOrder[authorID] { return order % count }
    return Int(StableHash.of(authorID) % UInt32(count))
  }
}
