/// Finds URLs, e-mail addresses and phone numbers in text: what redaction masks, and the
/// bare addresses the layout draws as links.
///
/// Phone numbers are runs of 7 to 15 digits with the separators people type (spaces,
/// `-`, `.`, parentheses, U+2011), found by their shape, not by length alone: a run counts
/// when it starts with a country code (`+`) or an area code in parentheses, or is grouped as
/// phone numbers are (groups of 2 or more digits joined by `-` or `.`, or by spaces with at
/// least 10 digits or a leading 0), or is one unbroken national number starting with 0. Dates
/// and times (2024-03-15 10:30), decimals, scores, IP addresses, timestamps and the digits of
/// file names (IMG-20240314-WA0007) are spared.
enum ContactDataFinder {
  enum Kind: Sendable {
    case link, email, phone

    /// The text that replaces a match.
    var mask: String {
      switch self {
      case .link: return "[link]"
      case .email: return "[email]"
      case .phone: return "[phone]"
      }
    }

    /// The address a match written as `written` opens.
    func url(for written: String) -> String? {
      switch self {
      case .link: return written.lowercased().hasPrefix("www.") ? "https://" + written : written
      case .email: return "mailto:" + written
      case .phone: return "tel:" + String(written.unicodeScalars.filter { $0 == "+" || ("0"..."9").contains($0) })
      }
    }
  }

  struct Match: Equatable {
    var range: Range<Int>
    var kind: Kind
  }

  /// Non-overlapping matches in `scalars`, in order; URLs win over the e-mail addresses and
  /// numbers inside them.
  static func matches(in scalars: [Unicode.Scalar]) -> [Match] {
    var claimed = [Bool](repeating: false, count: scalars.count)
    var found: [Match] = []
    func claim(_ range: Range<Int>, _ kind: Kind) {
      guard !range.isEmpty, !claimed[range].contains(true) else { return }
      for index in range { claimed[index] = true }
      found.append(Match(range: range, kind: kind))
    }
    for range in links(in: scalars) { claim(range, .link) }
    for range in emails(in: scalars) { claim(range, .email) }
    for range in phones(in: scalars) { claim(range, .phone) }
    return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// `text` with every match replaced by its mask.
  static func mask(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let found = matches(in: scalars)
    guard !found.isEmpty else { return text }
    var output = String.UnicodeScalarView()
    var position = 0
    for match in found {
      output.append(contentsOf: scalars[position..<match.range.lowerBound])
      output.append(contentsOf: match.kind.mask.unicodeScalars)
      position = match.range.upperBound
    }
    output.append(contentsOf: scalars[position...])
    return String(output)
  }

  /// Link spans for the addresses written out in `text` that `spans` leave plain (not in a
  /// link, a mention or code): web addresses open as themselves (`www.` as `https://`),
  /// e-mail addresses as `mailto:`, phone numbers as `tel:`. Only addresses that may open
  /// (`LinkTarget`) become links; `ftp://` stays text.
  static func linkSpans(in text: String, besides spans: [TextSpan]) -> [TextSpan] {
    guard mayHoldAddresses(text) else { return [] }
    let scalars = Array(text.unicodeScalars)
    let taken = spans.filter(\.keepsAddressesPlain).map { $0.start..<($0.start + $0.length) }
    return matches(in: scalars).compactMap { match in
      guard !taken.contains(where: { $0.overlaps(match.range) }) else { return nil }
      let written = String(String.UnicodeScalarView(scalars[match.range]))
      guard let url = match.kind.url(for: written), LinkTarget.isClickable(url) else { return nil }
      return TextSpan(start: match.range.lowerBound, length: match.range.count, style: .link(url))
    }
  }

  /// Whether `text` has a character every address needs (`:`, `@`, `www.` or a digit): most
  /// messages are passed over without a scan.
  private static func mayHoldAddresses(_ text: String) -> Bool {
    var ws = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") || (0x30...0x39).contains(byte) { return true }
      if byte | 0x20 == UInt8(ascii: "w") {
        ws += 1
      } else {
        if byte == UInt8(ascii: "."), ws >= 3 { return true }
        ws = 0
      }
    }
    return false
  }

  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  // MARK: - Links

  private static let schemes = ["https://", "http://", "ftp://", "www."]

  private static func hasPrefix(_ scalars: [Unicode.Scalar], at index: Int, _ prefix: String)
    -> Bool
  {
    var position = index
    for expected in prefix.unicodeScalars {
      guard position < scalars.count,
        scalars[position] == expected
          || (scalars[position].isASCII
            && Character(scalars[position]).lowercased() == String(expected))
      else { return false }
      position += 1
    }
    return true
  }

  static func links(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      let first = scalars[index]
      guard
        first == "h" || first == "H" || first == "f" || first == "F" || first == "w"
          || first == "W",
        index == 0 || !isWordScalar(scalars[index - 1]),
        schemes.contains(where: { hasPrefix(scalars, at: index, $0) })
      else {
        index += 1
        continue
      }
      var end = index
      var opened = 0
      while end < scalars.count, !scalars[end].properties.isWhitespace,
        !"<>\"".unicodeScalars.contains(scalars[end])
      {
        if scalars[end] == "(" { opened += 1 }
        if scalars[end] == ")" { opened -= 1 }
        end += 1
      }
      while end > index,
        ".,;:!?'\u{201D}\u{2019}".unicodeScalars.contains(scalars[end - 1])
          || (scalars[end - 1] == ")" && opened < 0)
      {
        if scalars[end - 1] == ")" { opened += 1 }
        end -= 1
      }
      ranges.append(index..<end)
      index = max(end, index + 1)
    }
    return ranges
  }

  // MARK: - E-mail addresses

  static func emails(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    EmailAddresses.ranges(in: scalars, asciiOnly: true)
  }

  // MARK: - Phone numbers

  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "-", ".", "(", ")", "\u{2011}", "\u{00A0}", "\u{202F}", "\u{2010}", "\u{2013}":
      return true
    default: return false
    }
  }

  static func phones(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      let first = scalars[index]
      let canStart = first == "+" || first == "(" || isDigit(first)
      guard canStart, index == 0 || !(isWordScalar(scalars[index - 1]) || scalars[index - 1] == "+")
      else {
        index += 1
        continue
      }
      if let range = phone(in: scalars, from: index) {
        ranges.append(range)
        index = range.upperBound
      } else {
        // Skip the rest of this number (3.14159, 2024-03-15) so its tail is not tried alone.
        index += 1
        while index < scalars.count,
          isDigit(scalars[index])
            || (isSeparator(scalars[index]) && index + 1 < scalars.count
              && isDigit(scalars[index + 1]))
        {
          index += 1
        }
      }
    }
    return ranges
  }

  private static func phone(in scalars: [Unicode.Scalar], from start: Int) -> Range<Int>? {
    var position = start
    if scalars[position] == "+" { position += 1 }
    var groups: [Int] = []
    // Separators between digits; trailing ones are not part of the number.
    var used: [Unicode.Scalar] = []
    var pending: [Unicode.Scalar] = []
    var current = 0
    var lastDigitEnd = start
    var previousWasSeparator = false
    var openParentheses = 0
    while position < scalars.count {
      let scalar = scalars[position]
      if isDigit(scalar) {
        used += pending
        pending.removeAll()
        current += 1
        lastDigitEnd = position + 1
        previousWasSeparator = false
      } else if isSeparator(scalar) {
        // Allow ") " and " (" but no other doubled separators.
        if previousWasSeparator, !(scalar == " " && scalars[position - 1] == ")"),
          !(scalar == "(" && scalars[position - 1] == " ")
        {
          break
        }
        if scalar == "(" { openParentheses += 1 }
        if scalar == ")" {
          guard openParentheses > 0 else { break }
          openParentheses -= 1
        }
        if current > 0 {
          groups.append(current)
          current = 0
        }
        pending.append(scalar)
        previousWasSeparator = true
      } else {
        break
      }
      position += 1
    }
    if current > 0 { groups.append(current) }
    let end = lastDigitEnd
    guard end > start else { return nil }
    if end < scalars.count, isWordScalar(scalars[end]) { return nil }
    let digits = groups.reduce(0, +)
    guard (7...15).contains(digits) else { return nil }
    let startsPlus = scalars[start] == "+"
    let spaced = used.contains(" ") || used.contains("\u{00A0}") || used.contains("\u{202F}")
    let dashedOrDotted = used.contains {
      $0 == "-" || $0 == "." || $0 == "\u{2011}" || $0 == "\u{2010}"
    }
    // An area code in parentheses closes before the number goes on: "(415) 555-0142", not
    // a date in parentheses, "(15.03.2024)".
    if startsPlus || used.contains(")") { return start..<end }
    // A time straight after (2024-03-15 10:30, 14.03.24 09:15): a date, not a number.
    if end + 1 < scalars.count, scalars[end] == ":", isDigit(scalars[end + 1]) { return nil }
    if groups.count == 1 {
      // An unbroken run is a timestamp or an id unless it reads as a national number.
      return scalars[start] == "0" && (9...12).contains(digits) ? start..<end : nil
    }
    if groups.count >= 3, isDateShape(Array(groups.prefix(3))) { return nil }
    if groups.count == 2, used.allSatisfy({ $0 == "." }) { return nil }
    // Groups of one digit are versions and IP addresses (192.168.1.20), not phone numbers.
    if groups.contains(where: { $0 < 2 }) { return nil }
    if dashedOrDotted { return start..<end }
    if spaced, digits >= 10 || scalars[start] == "0" { return start..<end }
    return nil
  }

  private static func isDateShape(_ groups: [Int]) -> Bool {
    (groups[0] == 4 && groups[1] <= 2 && groups[2] <= 2)
      || (groups[0] <= 2 && groups[1] <= 2 && (groups[2] == 4 || groups[2] == 2))
  }
}

extension TextSpan {
  /// Whether an address inside the span stays as the span shows it: a link already, a
  /// mention, or code.
  fileprivate var keepsAddressesPlain: Bool {
    switch style {
    case .link, .mention, .code, .codeBlock: return true
    default: return false
    }
  }
}
