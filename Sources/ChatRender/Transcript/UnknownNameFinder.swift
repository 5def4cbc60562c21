/// Finds names of people who are not participants, for redaction: a capitalised name after
/// words that introduce one ("my name is Carla", "named Carla Dias", "Dr. Dias"), and in
/// system notices and prompts (an OpenAI system prompt, "Ana added Carla Dias") every run of
/// two capitalised words or more. Other names of strangers cannot be told from words.
enum UnknownNameFinder {
  /// Words after which a capitalised word is a name, lowercased, each as words.
  static let cues: [[String]] = [
    ["name", "is"], ["named"], ["called"], ["user", "is"], ["i'm"], ["i", "am"], ["this", "is"], ["mr"], ["mrs"],
    ["ms"], ["dr"], ["dear"], ["heißt"], ["je", "m'appelle"], ["me", "llamo"],
    ["chamo-me"], ["me", "chamo"],
  ]

  /// Capitalised words that start sentences or address a reader rather than name someone.
  static let commonCapitalised: Set<String> = [
    "the", "a", "an", "you", "your", "i", "my", "we", "our", "this", "that", "these", "it", "he", "she", "they",
    "hi", "hello", "hey", "dear", "thanks", "thank", "please", "if", "when", "do", "don't", "always", "never",
    "be", "use", "answer", "reply", "respond", "assistant", "user", "system", "chatgpt", "claude", "ok", "yes",
    "no", "and", "or", "but", "so", "then", "messages", "message", "monday", "tuesday", "wednesday", "thursday",
    "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june", "july", "august",
    "september", "october", "november", "december", "whatsapp", "telegram", "signal", "messenger", "slack",
    "discord", "imessage", "sms", "openai", "google", "skype", "matrix", "line", "kakaotalk", "wechat", "tap",
    "see", "click", "learn", "call", "calls", "video", "photo", "group", "channel", "missed", "voice",
  ]

  struct Word {
    var range: Range<Int>
    var text: String
    var isCapitalised: Bool { text.unicodeScalars.first?.properties.isUppercase == true && text.count >= 2 }
  }

  /// The words of `scalars`: letters, with apostrophes and hyphens inside.
  static func words(in scalars: [Unicode.Scalar]) -> [Word] {
    func joins(_ index: Int) -> Bool {
      (scalars[index] == "'" || scalars[index] == "-" || scalars[index] == "\u{2019}") && index + 1 < scalars.count
        && scalars[index + 1].properties.isAlphabetic
    }
    var words: [Word] = []
    var index = 0
    while index < scalars.count {
      guard scalars[index].properties.isAlphabetic else {
        index += 1
        continue
      }
      var end = index
      while end < scalars.count, scalars[end].properties.isAlphabetic || joins(end) { end += 1 }
      // "Carla's" is Carla.
      var wordEnd = end
      if end - index > 3, scalars[end - 1] == "s", scalars[end - 2] == "'" || scalars[end - 2] == "\u{2019}" {
        wordEnd = end - 2
      }
      words.append(Word(range: index..<wordEnd, text: String(String.UnicodeScalarView(scalars[index..<wordEnd]))))
      index = end
    }
    return words
  }

  /// Whether nothing but spaces lies between two words.
  private static func adjacent(_ first: Word, _ second: Word, in scalars: [Unicode.Scalar]) -> Bool {
    second.range.lowerBound == first.range.upperBound + 1 && scalars[first.range.upperBound] == " "
  }

  /// The cues by their first word.
  private static let cuesByStart = Dictionary(grouping: cues, by: { $0[0] })

  /// Names after cue words: up to three capitalised words.
  static func introduced(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    let words = words(in: scalars)
    let lowered = words.map { $0.text.lowercased() }
    var ranges: [Range<Int>] = []
    var index = 0
    while index < words.count {
      let cue = cuesByStart[lowered[index]]?.first { cue in
        index + cue.count < words.count && lowered[index..<(index + cue.count)].elementsEqual(cue)
      }
      guard let cue else {
        index += 1
        continue
      }
      let first = index + cue.count
      var last = first
      while last < words.count, last - first < 3, words[last].isCapitalised,
        !commonCapitalised.contains(lowered[last]),
        last == first || adjacent(words[last - 1], words[last], in: scalars)
      {
        last += 1
      }
      if last > first { ranges.append(words[first].range.lowerBound..<words[last - 1].range.upperBound) }
      index = max(last, index + 1)
    }
    return ranges
  }

  /// Whether only spaces lie between the start of a sentence (or of the text) and `word`.
  private static func startsSentence(_ word: Word, in scalars: [Unicode.Scalar]) -> Bool {
    var index = word.range.lowerBound
    while index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\"" || scalars[index - 1] == "\u{201C}" {
      index -= 1
    }
    return index == 0 || ".!?:;\n".unicodeScalars.contains(scalars[index - 1])
  }

  /// Runs of two to four capitalised words side by side, the common ones before them left,
  /// and one capitalised word alone where no sentence starts: the names of a notice or a
  /// prompt ("You are Carla's assistant").
  static func capitalisedRuns(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    let words = words(in: scalars)
    var ranges: [Range<Int>] = []
    var index = 0
    while index < words.count {
      guard words[index].isCapitalised, !commonCapitalised.contains(words[index].text.lowercased()) else {
        index += 1
        continue
      }
      var last = index + 1
      while last < words.count, last - index < 4, words[last].isCapitalised,
        !commonCapitalised.contains(words[last].text.lowercased()), adjacent(words[last - 1], words[last], in: scalars)
      {
        last += 1
      }
      if last - index >= 2 || !startsSentence(words[index], in: scalars) {
        ranges.append(words[index].range.lowerBound..<words[last - 1].range.upperBound)
      }
      index = last
    }
    return ranges
  }
}
