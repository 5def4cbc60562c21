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

  /// Words that name a role rather than a person; replacing them in texts would garble it.
  static let genericNames: Set<String> = [
    "me", "you", "i", "them", "us", "we", "he", "she", "they", "ich", "du", "moi", "toi", "tu",
    "yo", "io", "eu", "я", "ты", "user", "assistant", "system", "tool", "bot", "unknown",
    "someone", "anonymous", "deleted account",
  ]

  init(transcript: Transcript) {
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
    return "Person " + letters
  }

  private mutating func addName(_ name: String, alias: String) {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let key = trimmed.lowercased()
    if nameAliases[key] == nil { nameAliases[key] = alias }
    guard trimmed.unicodeScalars.count >= 2, !TranscriptRedactor.genericNames.contains(key) else {
      return
    }
    matcher.add(trimmed, replacement: alias)
    // Each part alone ("Rosa" or "Delgado" for "Rosa Delgado"), only as written, to spare
    // common words.
    let words = trimmed.split(separator: " ")
    guard words.count > 1 else { return }
    for word in words
    where word.unicodeScalars.count >= 3
      && !TranscriptRedactor.genericNames.contains(word.lowercased())
      && word.unicodeScalars.first?.properties.isAlphabetic == true
    {
      matcher.add(String(word), replacement: alias, caseSensitive: true)
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

  mutating func redact(_ transcript: Transcript) -> Transcript {
    var result = transcript
    if let title = transcript.title { result.title = redactPlain(title) }
    result.meID = transcript.meID.map { newID($0) }
    for index in result.participants.indices {
      let id = result.participants[index].id
      result.participants[index].name = aliases[id] ?? "Someone"
      result.participants[index].id = newID(id)
    }
    for index in result.messages.indices {
      var message = result.messages[index]
      message.authorID = message.authorID.map { newID($0) }
      let (text, spans) = redact(message.text, spans: message.extras.spans)
      message.text = text
      message.extras.spans = spans
      for item in message.extras.attachments.indices {
        if let fileName = message.extras.attachments[item].fileName {
          message.extras.attachments[item].fileName = redactPlain(fileName)
        }
      }
      for item in message.extras.reactions.indices {
        message.extras.reactions[item].by = message.extras.reactions[item].by.map { newID($0) }
      }
      if let forwarded = message.extras.forwardedFrom {
        message.extras.forwardedFrom = alias(forName: forwarded)
      }
      result.messages[index] = message
    }
    return result
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
    for match in ContactDataFinder.matches(in: scalars) { claim(match.range, match.kind.mask) }
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
