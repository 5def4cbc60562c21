/// Finds what `--redact` masks in a text besides people's names: one table of detectors, each
/// claiming what the detectors before it left (docs/REDACTION.md lists them).
///
/// Digits of every script are read as ASCII digits (`+٩٧١…` is a phone number), scalar for
/// scalar, so ranges hold in the original text. Times, dates, prices and short numbers are
/// left alone: each detector wants a shape (a checksum for IBANs and cards) that they lack.
enum PrivateDataFinder {
  enum Kind: String, Sendable, CaseIterable {
    case mention, link, email, iban, card, coordinates, ipAddress, phone, postalCode, id, domain, handle

    /// The text that replaces a match, in English: "[phone]".
    var mask: String { mask(in: .english) }

    /// The text that replaces a match, its word in `words`' language: "[Telefon]".
    func mask(in words: Translation) -> String {
      let bracketed = "[" + words.text(word) + "]"
      return self == .mention || self == .handle ? "@" + bracketed : bracketed
    }

    /// The word of the mask, a key of the translation tables.
    private var word: Word {
      switch self {
      case .mention, .handle: return .maskUser
      case .link, .domain: return .maskLink
      case .email: return .maskEmail
      case .iban: return .maskIban
      case .card: return .maskCard
      case .coordinates: return .maskLocation
      case .ipAddress: return .maskIp
      case .phone: return .maskPhone
      case .postalCode: return .maskPostcode
      case .id: return .maskId
      }
    }
  }

  struct Match: Equatable {
    var range: Range<Int>
    var kind: Kind
  }

  typealias Detector = @Sendable ([Unicode.Scalar]) -> [Range<Int>]

  /// Characters a detector's matches cannot do without: a text that has none of them is not
  /// scanned by it (most messages have no `@`, `<` or digit).
  struct Clues: OptionSet, Sendable {
    let rawValue: Int
    static let digit = Clues(rawValue: 1)
    static let at = Clues(rawValue: 2)
    static let dot = Clues(rawValue: 4)
    static let colon = Clues(rawValue: 8)
    static let angle = Clues(rawValue: 16)

    /// The clues `scalars` holds, digits of every script read as digits.
    init(of scalars: [Unicode.Scalar]) {
      var found: Clues = []
      for scalar in scalars {
        switch scalar {
        case "0"..."9": found.insert(.digit)
        case "@": found.insert(.at)
        case ".": found.insert(.dot)
        case ":": found.insert(.colon)
        case "<": found.insert(.angle)
        default: break
        }
      }
      self = found
    }

    init(rawValue: Int) { self.rawValue = rawValue }
  }

  /// The detectors in the order they claim text, each with the clues one of which it needs:
  /// mentions and URLs before the addresses and numbers inside them, checksummed numbers and
  /// postal codes before a place name (`1200-195 Lisboa`) before phone numbers, ids and bare
  /// domains last.
  static let detectors: [(kind: Kind, needs: Clues, find: Detector)] = [
    (.mention, .angle, discordMentions),
    (.link, [.colon, .dot], ContactDataFinder.links),
    (.email, .at, emails),
    (.iban, .digit, ibans),
    (.card, .digit, cards),
    (.coordinates, .dot, coordinates),
    (.ipAddress, [.digit, .colon], ipAddresses),
    (.postalCode, .digit, PostalCodes.find),
    (.phone, .digit, ContactDataFinder.phones),
    (.phone, .digit, NumberShapes.phones),
    (.id, .digit, ids),
    (.domain, .dot, domains),
    (.handle, .at, handles),
  ]

  /// Non-overlapping matches in `scalars`, in order.
  static func matches(in scalars: [Unicode.Scalar]) -> [Match] {
    let normalized = scalars.map(asciiDigit)
    let clues = Clues(of: normalized)
    guard !clues.isEmpty else { return [] }
    var claimed = [Bool](repeating: false, count: scalars.count)
    var found: [Match] = []
    for (kind, needs, find) in detectors where !clues.isDisjoint(with: needs) {
      for range in find(normalized)
      where !range.isEmpty && range.upperBound <= scalars.count && !claimed[range].contains(true) {
        for index in range { claimed[index] = true }
        found.append(Match(range: range, kind: kind))
      }
    }
    return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// A decimal digit of any script (Arabic-Indic, Devanagari, full-width) as its ASCII digit.
  static func asciiDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard !scalar.isASCII, scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue, (0...9).contains(value)
    else { return scalar }
    return Unicode.Scalar(UInt8(48 + Int(value)))
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  static func isWord(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIAlphanumeric(scalar) || scalar == "_" }
    return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }

  static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// Whether a match may start at `index`: not inside a word.
  static func startsWord(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    index == 0 || !isWord(scalars[index - 1])
  }

  /// Whether a match may end at `end`: not inside a word.
  static func endsWord(_ scalars: [Unicode.Scalar], _ end: Int) -> Bool {
    end >= scalars.count || !isWord(scalars[end])
  }

  // MARK: - Detectors

  /// Discord's `<@402115786921181194>`, `<@!…>`, `<@&…>` (roles) and `<#…>` (channels).
  static func discordMentions(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for start in scalars.indices where scalars[start] == "<" {
      var position = start + 1
      guard position < scalars.count, scalars[position] == "@" || scalars[position] == "#" else { continue }
      position += 1
      if position < scalars.count, scalars[position] == "!" || scalars[position] == "&" { position += 1 }
      let digits = position
      while position < scalars.count, isDigit(scalars[position]) { position += 1 }
      guard position - digits >= 5, position < scalars.count, scalars[position] == ">" else { continue }
      ranges.append(start..<(position + 1))
    }
    return ranges
  }

  /// E-mail addresses in any script (`ана@пример.рф`), their top-level domain alphabetic.
  static func emails(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    EmailAddresses.ranges(in: scalars, asciiOnly: false)
  }

  /// The ends of the groups of a run of `allowed` scalars from `start`, one of `separators`
  /// between groups, at most `limit` scalars long (about): the candidates for IBANs and cards.
  private static func groupedRuns(
    in scalars: [Unicode.Scalar], from start: Int, allowed: (Unicode.Scalar) -> Bool, separators: String,
    atMost limit: Int
  ) -> [Int] {
    var ends: [Int] = []
    var position = start
    while position < scalars.count, position - start <= limit, allowed(scalars[position]) {
      while position < scalars.count, allowed(scalars[position]) { position += 1 }
      ends.append(position)
      guard position + 1 < scalars.count, separators.unicodeScalars.contains(scalars[position]),
        allowed(scalars[position + 1])
      else { break }
      position += 1
    }
    return ends
  }

  /// IBANs (`DE89 3704 0044 0532 0130 00`), grouped or not, that pass the mod-97 check.
  static func ibans(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index + 15 <= scalars.count {
      guard Self.looksLikeIBANStart(scalars, index), startsWord(scalars, index),
        let end = ibanEnd(in: scalars, from: index)
      else {
        index += 1
        continue
      }
      ranges.append(index..<end)
      index = end
    }
    return ranges
  }

  /// Two ASCII letters and two digits: a country and check digits.
  private static func looksLikeIBANStart(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    index + 4 <= scalars.count && !isDigit(scalars[index]) && isASCIIAlphanumeric(scalars[index])
      && !isDigit(scalars[index + 1]) && isASCIIAlphanumeric(scalars[index + 1]) && isDigit(scalars[index + 2])
      && isDigit(scalars[index + 3])
  }

  private static func ibanEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
    let ends = groupedRuns(in: scalars, from: start, allowed: isASCIIAlphanumeric, separators: " ", atMost: 42)
    for end in ends.reversed() where endsWord(scalars, end) {
      let characters = scalars[start..<end].filter { $0 != " " }
      if (15...34).contains(characters.count), isIBAN(Array(characters)) { return end }
    }
    return nil
  }

  /// Two letters, two check digits and the rest: moved to the end and read as a number whose
  /// remainder by 97 is 1.
  static func isIBAN(_ characters: [Unicode.Scalar]) -> Bool {
    guard characters.count >= 15, characters[0...1].allSatisfy(\.properties.isAlphabetic),
      characters[2...3].allSatisfy(isDigit)
    else { return false }
    var remainder = 0
    for scalar in characters[4...] + characters[0..<4] {
      let value: Int
      if isDigit(scalar) {
        value = Int(scalar.value) - 48
      } else if let upper = Character(scalar).uppercased().unicodeScalars.first, ("A"..."Z").contains(upper) {
        value = Int(upper.value) - 55
      } else {
        return false
      }
      remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97
    }
    return remainder == 1
  }

  /// Card numbers: 13 to 19 digits, grouped by spaces or dashes or not, that pass Luhn's check.
  static func cards(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard isDigit(scalars[index]), startsWord(scalars, index), index == 0 || scalars[index - 1] != "+" else {
        index += 1
        continue
      }
      let ends = groupedRuns(in: scalars, from: index, allowed: isDigit, separators: " -", atMost: 23)
      let found = ends.reversed().first { end in
        let digits = scalars[index..<end].filter(isDigit)
        return endsWord(scalars, end) && (13...19).contains(digits.count) && passesLuhn(Array(digits))
      }
      if let found {
        ranges.append(index..<found)
        index = found
      } else {
        index = (ends.first ?? index) + 1
      }
    }
    return ranges
  }

  static func passesLuhn(_ digits: [Unicode.Scalar]) -> Bool {
    var sum = 0
    for (offset, scalar) in digits.reversed().enumerated() {
      var value = Int(scalar.value) - 48
      if offset % 2 == 1 {
        value *= 2
        if value > 9 { value -= 9 }
      }
      sum += value
    }
    return sum % 10 == 0
  }

  /// A latitude and a longitude with four decimals or more (`38.7223, -9.1393`): a place to
  /// a few metres, such as someone's home.
  static func coordinates(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard index == 0 || !(isWord(scalars[index - 1]) || scalars[index - 1] == "."),
        let (latitudeEnd, latitude) = decimal(scalars, from: index), abs(latitude) <= 90
      else {
        index += 1
        continue
      }
      var position = latitudeEnd
      guard position < scalars.count, scalars[position] == "," else {
        index = latitudeEnd
        continue
      }
      position += 1
      while position < scalars.count, scalars[position] == " " { position += 1 }
      if let (end, longitude) = decimal(scalars, from: position), abs(longitude) <= 180, endsWord(scalars, end) {
        ranges.append(index..<end)
        index = end
      } else {
        index = latitudeEnd
      }
    }
    return ranges
  }

  /// `-9.1393` from `start`: a sign, up to three digits, a dot and four digits or more (three
  /// are a thousands group: `10.000, 20.000`).
  private static func decimal(_ scalars: [Unicode.Scalar], from start: Int) -> (end: Int, value: Double)? {
    var position = start
    if position < scalars.count, scalars[position] == "-" || scalars[position] == "\u{2212}" { position += 1 }
    let whole = position
    while position < scalars.count, isDigit(scalars[position]), position - whole < 4 { position += 1 }
    guard (1...3).contains(position - whole), position < scalars.count, scalars[position] == "." else { return nil }
    position += 1
    let fraction = position
    while position < scalars.count, isDigit(scalars[position]) { position += 1 }
    guard position - fraction >= 4 else { return nil }
    let text = String(String.UnicodeScalarView(scalars[start..<position])).replacingOccurrences(
      of: "\u{2212}", with: "-")
    return Double(text).map { (position, $0) }
  }

  /// IPv4 (`192.168.1.20`, each part at most 255) and IPv6 addresses (`2001:db8::1`: hex
  /// groups with at least three colons or a `::`, so times stay).
  static func ipAddresses(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard index == 0 || !(isWord(scalars[index - 1]) || scalars[index - 1] == "." || scalars[index - 1] == ":"),
        let end = ipv4End(scalars, from: index) ?? ipv6End(scalars, from: index)
      else {
        index += 1
        continue
      }
      ranges.append(index..<end)
      index = end
    }
    return ranges
  }

  private static func ipv4End(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var position = start
    for part in 0..<4 {
      if part > 0 {
        guard position < scalars.count, scalars[position] == "." else { return nil }
        position += 1
      }
      let first = position
      while position < scalars.count, isDigit(scalars[position]), position - first < 3 { position += 1 }
      guard position > first, let value = Int(String(String.UnicodeScalarView(scalars[first..<position]))),
        value <= 255
      else { return nil }
    }
    let followedByMore =
      position + 1 < scalars.count && scalars[position] == "." && isDigit(scalars[position + 1])
    return endsWord(scalars, position) && !followedByMore ? position : nil
  }

  private static func ipv6End(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    func isHex(_ scalar: Unicode.Scalar) -> Bool {
      isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
    var position = start
    var colons = 0
    var groups = 0
    var doubled = false
    var groupLength = 0
    while position < scalars.count, isHex(scalars[position]) || scalars[position] == ":" {
      if scalars[position] == ":" {
        if position > start, scalars[position - 1] == ":" { doubled = true }
        colons += 1
        if groupLength > 0 { groups += 1 }
        groupLength = 0
      } else {
        groupLength += 1
        if groupLength > 4 { return nil }
      }
      position += 1
    }
    if groupLength > 0 { groups += 1 }
    while position > start, scalars[position - 1] == ":", !(position - 2 >= start && scalars[position - 2] == ":") {
      position -= 1
      colons -= 1
    }
    guard groups >= 2, colons <= 7, colons >= 3 || (doubled && colons >= 2), endsWord(scalars, position) else {
      return nil
    }
    return position
  }

  /// Account and user ids: a word of ASCII letters and digits with at least six digits
  /// (`user6120448391`, `X12345678`, passport numbers), or 16 digits or more alone.
  static func ids(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard isWord(scalars[index]), startsWord(scalars, index) else {
        index += 1
        continue
      }
      var end = index
      while end < scalars.count, isWord(scalars[end]) { end += 1 }
      let word = scalars[index..<end]
      let digits = word.filter(isDigit).count
      let asciiOnly = word.allSatisfy { isASCIIAlphanumeric($0) || $0 == "_" }
      if asciiOnly, (digits >= 6 && digits < word.count) || digits >= 16 {
        ranges.append(index..<end)
      }
      index = end
    }
    return ranges
  }

  /// Top-level domains a bare address may end in (`anasouza.github.io`): common generic
  /// ones and country codes that are no file extension (`.md`, `.py`, `.rs`, `.sh` are left).
  static let topLevelDomains: Set<String> = [
    "com", "net", "org", "io", "dev", "app", "me", "co", "info", "biz", "xyz", "site", "online", "blog",
    "page", "tech", "ai", "gg", "tv", "name", "email", "link", "uk", "de", "fr", "es", "pt", "br", "it",
    "nl", "ru", "jp", "cn", "kr", "ca", "au", "ch", "at", "be", "se", "no", "dk", "fi", "ie", "nz", "mx",
    "ar", "cl", "eu", "us", "tr", "gr", "cz", "hu", "ro", "ua", "za", "il", "ir", "tw", "hk", "sg", "th",
    "vn", "id", "my", "ph", "рф",
  ]

  /// Web addresses without a scheme: two or more dot-separated labels ending in a known
  /// top-level domain written in lower case, with any path after them.
  static func domains(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    func isLabel(_ scalar: Unicode.Scalar) -> Bool { isWord(scalar) || scalar == "-" }
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard isLabel(scalars[index]),
        index == 0 || !(isLabel(scalars[index - 1]) || "@./".unicodeScalars.contains(scalars[index - 1]))
      else {
        index += 1
        continue
      }
      var end = index
      var lastLabel = index
      while end < scalars.count {
        let labelStart = end
        while end < scalars.count, isLabel(scalars[end]) { end += 1 }
        lastLabel = labelStart
        guard end + 1 < scalars.count, scalars[end] == ".", isLabel(scalars[end + 1]) else { break }
        end += 1
      }
      // As typed in addresses: lower case ("home.It was late" is two sentences).
      let topLevel = String(String.UnicodeScalarView(scalars[lastLabel..<end]))
      guard lastLabel > index, topLevelDomains.contains(topLevel), end >= scalars.count || scalars[end] != "@" else {
        index = max(end, index + 1)
        continue
      }
      if end < scalars.count, scalars[end] == "/" {
        while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
        while end > index, ".,;:!?)'\"".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
      }
      ranges.append(index..<end)
      index = end
    }
    return ranges
  }

  /// `@handles` outside e-mail addresses: `@` and two or more letters, digits, `_` or `.`.
  static func handles(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for at in scalars.indices
    where scalars[at] == "@" && (at == 0 || !(isWord(scalars[at - 1]) || scalars[at - 1] == "@")) {
      var end = at + 1
      while end < scalars.count, isWord(scalars[end]) || scalars[end] == "." || scalars[end] == "-" { end += 1 }
      while end > at + 1, scalars[end - 1] == "." || scalars[end - 1] == "-" { end -= 1 }
      if end - at >= 3 { ranges.append(at..<end) }
    }
    return ranges
  }
}
