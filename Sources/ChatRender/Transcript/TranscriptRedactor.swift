/// Replaces who is who in a transcript with "Person A", "Person B"… and masks contact data.
///
/// See `TranscriptFilter.redact` for what is replaced and what is kept.
struct TranscriptRedactor {
  /// Participant id → "Person A".
  private var aliases: [String: String] = [:]
  /// Lowercased name → alias, for names that reach us outside the participant list
  /// (mentions of non-participants, `forwardedFrom`).
  private var nameAliases: [String: String] = [:]
  /// Old id → new id ("ana-souza" → "person-a"): ids are names, handles, phone numbers or
  /// platform user ids, so every one is renamed with its alias. Ids met outside the
  /// participant list (mentions, reactions) are added as they come.
  private var newIDs: [String: String] = [:]
  private var matcher = NameMatcher()
  private var aliasCount = 0
  /// Attachments renamed so far, for their generic names.
  private var fileCount = 0
  /// The language of the aliases and masks.
  private let words: Translation

  /// Words that name a role rather than a person; replacing them in texts would garble it.
  static let genericNames: Set<String> = [
    "me", "you", "i", "them", "us", "we", "he", "she", "they", "ich", "du", "moi", "toi", "tu",
    "yo", "io", "eu", "я", "ты", "user", "assistant", "system", "tool", "bot", "unknown",
    "someone", "anonymous", "deleted account",
  ]

  init(transcript: Transcript, words: Translation = .english) {
    self.words = words
    var order: [String] = []
    var seen = Set<String>()
    for id in transcript.messages.lazy.compactMap(\.authorID) where seen.insert(id).inserted {
      order.append(id)
    }
    for participant in transcript.participants where seen.insert(participant.id).inserted {
      order.append(participant.id)
    }
    for id in order {
      let alias = nextAlias()
      aliases[id] = alias
      newIDs[id] = TranscriptRedactor.id(for: alias)
      // A handle or nick may be written in texts as it is ("ana.souza", "rosa_d").
      if id.unicodeScalars.count >= 3, !id.allSatisfy(\.isNumber) { addName(id, alias: alias) }
    }
    for participant in transcript.participants {
      guard let alias = aliases[participant.id] else { continue }
      addName(participant.name, alias: alias)
      for handle in participant.handles where handle.unicodeScalars.count >= 3 {
        addName(handle.hasPrefix("@") ? String(handle.dropFirst()) : handle, alias: alias)
      }
    }
  }

  /// "Person A" → "person-a".
  private static func id(for alias: String) -> String {
    alias.lowercased().replacingOccurrences(of: " ", with: "-")
  }

  /// "Person A" … "Person Z", then "Person AA", "Person AB"…
  private mutating func nextAlias() -> String {
    var number = aliasCount
    aliasCount += 1
    var letters = ""
    repeat {
      letters = String(UnicodeScalar(UInt8(65 + number % 26))) + letters
      number = number / 26 - 1
    } while number >= 0
    return words.text(.person, ["letter": letters])
  }

  private mutating func addName(_ name: String, alias: String) {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let key = trimmed.lowercased()
    if nameAliases[key] == nil { nameAliases[key] = alias }
    guard trimmed.unicodeScalars.count >= 2, !TranscriptRedactor.genericNames.contains(key) else {
      return
    }
    matcher.add(trimmed, replacement: alias)
    let words = trimmed.split(separator: " ")
    guard words.count > 1 else { return }
    // Written as one word: "AnaSouza", "ana_souza", "ana.souza", "ana-souza".
    for joiner in ["", "_", ".", "-"] { matcher.add(words.joined(separator: joiner), replacement: alias) }
    // Each part alone ("Rosa" or "Delgado" for "Rosa Delgado"), only as written, to spare
    // common words.
    for word in words
    where word.unicodeScalars.count >= 3
      && !TranscriptRedactor.genericNames.contains(word.lowercased())
      && word.unicodeScalars.first?.properties.isAlphabetic == true
    {
      matcher.add(String(word), replacement: alias, caseSensitive: true, isPart: true)
      // Shouted ("ANA") is as sure a name as written.
      matcher.add(word.uppercased(), replacement: alias, caseSensitive: true, isPart: true)
    }
  }

  /// The alias of a name that is no participant's, made up the first time.
  private mutating func alias(forName name: String) -> String {
    let key = name.trimmingCharacters(in: .whitespaces).lowercased()
    if let alias = nameAliases[key] { return alias }
    let alias = nextAlias()
    nameAliases[key] = alias
    return alias
  }

  /// The new id of `id`, made up the first time for an id no participant has.
  private mutating func newID(_ id: String) -> String {
    if let known = newIDs[id] { return known }
    let made = TranscriptRedactor.id(for: alias(forName: id))
    newIDs[id] = made
    return made
  }

  // MARK: - Transcript

  mutating func redact(_ transcript: Transcript, pictures: RedactedPictures = .placeholder) -> Transcript {
    learnStrangers(in: transcript)
    var result = transcript
    result.title = transcript.title.flatMap { redactedTitle($0) }
    result.meID = transcript.meID.map { newID($0) }
    for index in result.participants.indices {
      let id = result.participants[index].id
      result.participants[index].name = aliases[id] ?? words.text(.someone)
      result.participants[index].namePhrase = nil
      result.participants[index].id = newID(id)
      result.participants[index].handles = []
      // A face is private data: the alias's initials stand in for it.
      result.participants[index].avatar = nil
    }
    result.wholeChat.speakers = transcript.wholeChat.speakers?.map { newID($0) }
    result.messages = result.messages.map { redacted($0, pictures: pictures) }
    // The quotes a cut kept say as much as the messages drawn.
    result.wholeChat.quoted = result.wholeChat.quoted.mapValues { redacted($0, pictures: pictures) }
    return result
  }

  private mutating func redacted(_ original: Message, pictures: RedactedPictures) -> Message {
    var message = original
    message.authorID = message.authorID.map { newID($0) }
    let (text, spans) = redact(message.text, spans: message.extras.spans)
    message.text = text
    message.extras.spans = spans
    message.extras.phrase = message.extras.phrase?.mapTexts { redactPlain($0) }
    for item in message.extras.attachments.indices {
      redact(&message.extras.attachments[item], pictures: pictures)
    }
    for item in message.extras.reactions.indices {
      message.extras.reactions[item].by = message.extras.reactions[item].by.map { newID($0) }
    }
    if let forwarded = message.extras.forwardedFrom {
      message.extras.forwardedFrom = forwarded.isEmpty ? forwarded : alias(forName: forwarded)
    }
    // A card's title, text and target name the page and often the person it is about.
    message.extras.linkPreviews = []
    return message
  }

  /// A chat's title when it is made of participants' names only ("Sam & Rosa" → "Person A &
  /// Person B"), else nil: a group's or channel's name says who is in it and what about (the
  /// renderer writes "Chat" instead).
  private mutating func redactedTitle(_ title: String) -> String? {
    let redacted = redactPlain(title)
    var rest = redacted
    for alias in Set(aliases.values).sorted(by: { $0.count > $1.count }) {
      rest = rest.replacingOccurrences(of: alias, with: "")
    }
    return rest.unicodeScalars.contains(where: \.properties.isAlphabetic) || rest == redacted ? nil : redacted
  }

  /// Names of people who are not participants, learnt before any text is redacted so that
  /// each is replaced everywhere: introduced ones ("my name is Carla"), runs of capitalised
  /// words in notices and prompts, and a given name before a participant's surname ("Bruno
  /// Souza" when Ana Souza takes part).
  private mutating func learnStrangers(in transcript: Transcript) {
    var strangers: [String] = []
    for message in transcript.messages {
      let scalars = Array(message.text.unicodeScalars)
      var ranges = UnknownNameFinder.introduced(in: scalars)
      if message.kind == .system { ranges += UnknownNameFinder.capitalisedRuns(in: scalars) }
      ranges += surnamesWithStrangerGivenNames(in: scalars)
      strangers += ranges.map { String(String.UnicodeScalarView(scalars[$0])) }
    }
    for name in strangers {
      let key = name.lowercased()
      guard nameAliases[key] == nil, !TranscriptRedactor.genericNames.contains(key) else { continue }
      let alias = alias(forName: name)
      if name.contains(" ") {
        addName(name, alias: alias)
      } else {
        // One word ("Porto", "Meeting") only as written: in lower case it is a word.
        matcher.add(name, replacement: alias, caseSensitive: true)
      }
    }
  }

  /// "Bruno Souza": a capitalised word just before a part of a participant's name that is
  /// not that participant's other part.
  private func surnamesWithStrangerGivenNames(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    let parts = matcher.matches(in: scalars).filter(\.isPart)
    guard !parts.isEmpty else { return [] }
    let words = UnknownNameFinder.words(in: scalars)
    let wordAt = Dictionary(
      words.indices.map { (words[$0].range.lowerBound, $0) }, uniquingKeysWith: { first, _ in first })
    var ranges: [Range<Int>] = []
    for part in parts {
      guard let position = wordAt[part.range.lowerBound], position > 0 else { continue }
      let before = words[position - 1]
      guard before.isCapitalised, before.range.upperBound + 1 == part.range.lowerBound,
        scalars[before.range.upperBound] == " ",
        !UnknownNameFinder.commonCapitalised.contains(before.text.lowercased()),
        matcher.matches(in: Array(before.text.unicodeScalars)).isEmpty
      else { continue }
      ranges.append(before.range.lowerBound..<part.range.upperBound)
    }
    return ranges
  }

  /// An attachment with nothing that names anyone: a generic file name with its extension,
  /// pictures and videos as placeholders (or blurred), a contact's name and number and a
  /// place's address masked.
  private mutating func redact(_ attachment: inout Attachment, pictures: RedactedPictures) {
    fileCount += 1
    if let fileName = attachment.fileName {
      attachment.fileName = TranscriptRedactor.genericFileName(fileName, number: fileCount)
    }
    // Only pictures are read to be drawn; any other file's path (an archive's name, a
    // member's) would name it again.
    if ![.image, .sticker].contains(attachment.kind) { attachment.source = nil }
    switch attachment.kind {
    case .image, .sticker, .video:
      // Media the export left out stay "Photo omitted": there is nothing to hide.
      guard !attachment.isOmitted else { return }
      attachment.isRedacted = true
      if pictures == .placeholder || attachment.kind == .video {
        attachment.source = nil
        attachment.fileName = nil
        attachment.byteCount = nil
      }
    case .contact:
      attachment.title = attachment.title.map { alias(forName: $0) }
      attachment.detail = attachment.detail.map { _ in PrivateDataFinder.Kind.phone.mask(in: words) }
    case .location:
      attachment.title = attachment.title.map { redactPlain($0) }
      attachment.detail = attachment.detail.map { _ in "[location]" }
    case .audio, .file, .other:
      attachment.title = attachment.title.map { redactPlain($0) }
      attachment.detail = attachment.detail.map { redactPlain($0) }
    }
  }

  /// "ana_contact.vcf" → "file-3.vcf": the extension kept when it is a short one.
  static func genericFileName(_ name: String, number: Int) -> String {
    let last = name.split(separator: "/").last.map(String.init) ?? name
    let parts = last.split(separator: ".")
    let stem = "file-\(number)"
    guard parts.count > 1, let ext = parts.last, (1...5).contains(ext.count),
      ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { return stem }
    return stem + "." + ext
  }

  /// A name, title or file name with names and contact data replaced.
  mutating func redactPlain(_ text: String) -> String {
    redact(text, spans: []).text
  }

  // MARK: - Text

  private struct Edit {
    var range: Range<Int>
    var replacement: [Unicode.Scalar]
  }

  /// `text` with mentions, contact data and names replaced, and `spans` moved to match.
  mutating func redact(_ text: String, spans: [TextSpan]) -> (text: String, spans: [TextSpan]) {
    let scalars = Array(text.unicodeScalars)
    var claimed = [Bool](repeating: false, count: scalars.count)
    var edits: [Edit] = []
    func claim(_ range: Range<Int>, _ replacement: String) {
      guard !range.isEmpty, range.upperBound <= scalars.count, !claimed[range].contains(true) else {
        return
      }
      for index in range { claimed[index] = true }
      edits.append(Edit(range: range, replacement: Array(replacement.unicodeScalars)))
    }
    // Mentions: "@Name" → "@Person B", whoever the mention names.
    for span in spans {
      guard case .mention(let value) = span.style, span.start >= 0, span.length > 0,
        span.start + span.length <= scalars.count, scalars[span.start] == "@"
      else { continue }
      let shown = String(
        String.UnicodeScalarView(scalars[(span.start + 1)..<(span.start + span.length)]))
      let alias = aliases[value] ?? alias(forName: shown)
      if newIDs[value] == nil { newIDs[value] = TranscriptRedactor.id(for: alias) }
      claim(span.start..<(span.start + span.length), "@" + alias)
    }
    for match in PrivateDataFinder.matches(in: scalars) {
      claim(match.range, match.kind == .handle ? handleReplacement(scalars[match.range]) : match.kind.mask(in: words))
    }
    for match in matcher.matches(in: scalars) { claim(match.range, match.replacement) }
    guard !edits.isEmpty else {
      return (text, spans.filter { !$0.isLink }.map { redactedMention($0) })
    }
    edits.sort { $0.range.lowerBound < $1.range.lowerBound }
    var output = String.UnicodeScalarView()
    var position = 0
    for edit in edits {
      output.append(contentsOf: scalars[position..<edit.range.lowerBound])
      output.append(contentsOf: edit.replacement)
      position = edit.range.upperBound
    }
    output.append(contentsOf: scalars[position...])
    let moved = spans.compactMap { span -> TextSpan? in
      guard !span.isLink else { return nil }
      return TranscriptRedactor.move(span, through: edits)
    }.map { redactedMention($0) }
    return (String(output), moved)
  }

  /// "@rosa_d" → "@Person B" when it is a participant's handle, else "@[user]".
  private func handleReplacement(_ handle: ArraySlice<Unicode.Scalar>) -> String {
    let body = Array(handle.dropFirst())
    let found = matcher.matches(in: body)
    if found.count == 1, let only = found.first, only.range == 0..<body.count { return "@" + only.replacement }
    return PrivateDataFinder.Kind.handle.mask(in: words)
  }

  private mutating func redactedMention(_ span: TextSpan) -> TextSpan {
    guard case .mention(let value) = span.style else { return span }
    var span = span
    span.style = .mention(newID(value))
    return span
  }

  /// `span` shifted by the edits before it and resized by those inside it; nil when an edit
  /// cuts across it or swallows it.
  private static func move(_ span: TextSpan, through edits: [Edit]) -> TextSpan? {
    let start = span.start
    let end = span.start + span.length
    var newStart = start
    var newEnd = end
    for edit in edits {
      let delta = edit.replacement.count - edit.range.count
      if edit.range.upperBound <= start {
        newStart += delta
        newEnd += delta
      } else if edit.range.lowerBound >= end {
        break
      } else if edit.range.lowerBound >= start && edit.range.upperBound <= end {
        newEnd += delta
      } else {
        return nil
      }
    }
    guard newEnd > newStart else { return nil }
    return TextSpan(start: newStart, length: newEnd - newStart, style: span.style)
  }
}

extension TextSpan {
  fileprivate var isLink: Bool {
    if case .link = style { return true }
    return false
  }
}
