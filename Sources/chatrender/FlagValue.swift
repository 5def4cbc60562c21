@_spi(Pages) import ChatRender
import Foundation

/// What a flag's value may be, as errors and completions say it: every value given, on the
/// command line, in the configuration file or in a request, is parsed by its flag's row
/// (`FlagParser`) before anything runs, so each error names its flag the same way.
struct FlagValue: Sendable {
  /// What the error says is expected, e.g. "12 or 24".
  let expected: String
  /// The closed list of values, offered by the completions (and suggested from in errors).
  var choices: [String]? = nil
  /// A file or folder (completed as such; a theme is a name or a path).
  var isPath = false
  /// Why a value is refused, when the row can say better than `expected` (a filter's column).
  var problem: (@Sendable (String) -> String?)? = nil

  /// "a, b or c".
  static func list(_ words: [String]) -> String {
    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
  }

  /// The message for a `text` this row refuses, given as `spelled` (`--clock`, or the
  /// configuration file's `'clock'`).
  func refusal(of text: String, spelled: String) -> String {
    if let reason = problem?(text) { return "invalid value '\(text)' for \(spelled): \(reason)" }
    // A number is not misspelt: "did you mean '12'?" for 13 would only mislead.
    let word = text.contains(where: \.isLetter) ? text.lowercased() : nil
    let suggestion = word.flatMap { word in choices.flatMap { NearestWord.find(word, in: $0) } }
      .map { "did you mean '\($0)'? " }
    return "invalid value '\(text)' for \(spelled) (\(suggestion ?? "")expected \(expected))"
  }
}

/// A flag's value as its type (as swift-argument-parser's `init?(argument:)`): the one place
/// its text is read; nil refuses it.
struct FlagParser<Value: Sendable>: Sendable {
  var syntax: FlagValue
  let parse: @Sendable (String) -> Value?

  init(
    expected: String, choices: [String]? = nil, isPath: Bool = false,
    problem: (@Sendable (String) -> String?)? = nil, parse: @escaping @Sendable (String) -> Value?
  ) {
    syntax = FlagValue(expected: expected, choices: choices, isPath: isPath, problem: problem)
    self.parse = parse
  }

  /// The same values, kept with the text they were given as (for messages that quote it).
  func keepingText() -> FlagParser<Given<Value>> {
    let parse = self.parse
    return FlagParser<Given<Value>>(
      expected: syntax.expected, choices: syntax.choices, isPath: syntax.isPath, problem: syntax.problem
    ) { text in parse(text).map { Given(text: text, value: $0) } }
  }
}

/// A value with the text it was given as: `--from 2025-03` is quoted as written.
struct Given<Value: Sendable>: Sendable {
  let text: String
  let value: Value
}

extension FlagParser where Value == String {
  static var text: Self { FlagParser(expected: "text") { $0 } }
  static var path: Self { FlagParser(expected: "a path", isPath: true) { $0 } }

  /// One of `words`, in any case (lowercased).
  static func oneOf(_ words: [String]) -> Self {
    FlagParser(expected: FlagValue.list(words), choices: words) { text in
      words.contains(text.lowercased()) ? text.lowercased() : nil
    }
  }

  static let theme = FlagParser(
    expected: "a built-in theme (\(FlagValue.list(ThemeLoader.builtinNames))) or a theme file",
    choices: ThemeLoader.builtinNames, isPath: true
  ) { $0.isEmpty ? nil : $0 }

  static let fontFamilies = FlagParser(expected: "one or more font families, separated by commas") {
    $0.contains { $0 != "," && !$0.isWhitespace } ? $0 : nil
  }
}

extension FlagParser where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of the cases, in any case.
  static var oneOfCases: Self {
    let words = Value.allCases.map(\.rawValue)
    return FlagParser(expected: FlagValue.list(words), choices: words) { Value(rawValue: $0.lowercased()) }
  }
}

extension FlagParser where Value == [OutputFormat] {
  /// A comma-separated list of formats (`png,pdf`), each once, in the order given.
  static var formats: Self {
    let words = OutputFormat.allCases.map(\.rawValue)
    return FlagParser(
      expected: FlagValue.list(words) + ", or several as " + words.prefix(2).joined(separator: ","), choices: words
    ) { text in
      var formats: [OutputFormat] = []
      for item in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let format = OutputFormat(rawValue: item.trimmingCharacters(in: .whitespaces).lowercased()) else {
          return nil
        }
        if !formats.contains(format) { formats.append(format) }
      }
      return formats.isEmpty ? nil : formats
    }
  }
}

extension FlagParser where Value == Int {
  static func wholeNumber(atLeast lowest: Int, atMost highest: Int = .max, unit: String = "") -> Self {
    let suffix = unit.isEmpty ? "" : " " + unit
    let expected =
      highest == .max ? "a whole number of at least \(lowest)\(suffix)" : "\(lowest) to \(highest)\(suffix)"
    return FlagParser(expected: expected) { text in Int(text).flatMap { (lowest...highest).contains($0) ? $0 : nil } }
  }

  /// `--jobs`: 0, as make's -j and xargs -P, means every core.
  static let jobs = FlagParser(expected: "a whole number of at least 0") { text in
    Int(text).flatMap { $0 < 0 ? nil : $0 == 0 ? UsableCores.count : $0 }
  }

  static let byteSize = FlagParser(expected: "a size such as 20MB, 500KB or 1GiB (at least 1KB)") {
    TranscriptSplit.parseSize($0)
  }
}

extension FlagParser where Value == Double {
  /// A number above `lowest` (not equal to it) and at most `highest`.
  static func number(above lowest: Double, atMost highest: Double) -> Self {
    FlagParser(expected: "a number above \(shown(lowest)) and at most \(shown(highest))") { text in
      Double(text).flatMap { $0 > lowest && $0 <= highest && $0.isFinite ? $0 : nil }
    }
  }

  static func number(in range: ClosedRange<Double>, unit: String) -> Self {
    FlagParser(expected: "\(shown(range.lowerBound)) to \(shown(range.upperBound)) \(unit)") { text in
      Double(text).flatMap { range.contains($0) ? $0 : nil }
    }
  }

  private static func shown(_ number: Double) -> String {
    number == number.rounded() ? String(Int(number)) : String(number)
  }
}

/// The rows whose values are read by the library's own parsers.
extension FlagParser where Value == PaperSize {
  static let paperSize = FlagParser(
    expected: FlagValue.list(PaperSize.all.map(\.name)) + " or WxH in mm, in or pt",
    choices: PaperSize.all.map(\.name),
    problem: { text in
      guard isUnitless(text) else { return nil }
      return "a size needs its unit: \(text)mm, \(text)in or \(text)pt"
    },
    parse: { isUnitless($0) ? nil : PaperSize.parse($0) })

  /// `100x100`: a size without mm, in or pt, which would silently be points.
  private static func isUnitless(_ text: String) -> Bool {
    let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
    return lowered.contains("x") && lowered.last.map { $0.isNumber || $0 == "." } == true
  }
}

extension FlagParser where Value == Given<LocalDateTime> {
  /// `--from` (the start of the day or month given) and `--to` (its end), quoted as given.
  static func dateBound(isEnd: Bool) -> Self {
    FlagParser<LocalDateTime>(expected: "YYYY-MM-DD, YYYY-MM or YYYY-MM-DDTHH:MM") {
      TranscriptFilter.parseBound($0, isEnd: isEnd)
    }.keepingText()
  }
}

extension FlagParser where Value == TimeZone {
  static let timeZone = FlagParser(expected: "a zone such as Europe/Paris, or UTC+02:00") { TimeZoneName.parse($0) }
}

extension FlagParser where Value == TextLocale {
  static let locale = FlagParser(
    expected: "a language and region, e.g. de_DE, ja_JP, pt_BR, zh_TW", choices: TextLocale.translatedLanguages
  ) { TextLocale.named($0) }
}

extension FlagParser where Value == HourClock {
  static let clock = FlagParser(expected: "12 or 24", choices: ["12", "24"]) { text in
    switch text.lowercased() {
    case "12", "12h": .twelveHour
    case "24", "24h": .twentyFourHour
    default: nil
    }
  }
}

extension FlagParser where Value == Color {
  static let color = FlagParser(expected: "#RGB, #RRGGBB, #RRGGBBAA, rgba(r, g, b, a) or a CSS color name") {
    Color(parsing: $0)
  }
}

extension FlagParser where Value == Given<MessageFilter> {
  /// A `--filter` query, quoted as given; a refusal names the column of what is wrong.
  static let messageFilter = FlagParser<MessageFilter>(
    expected: "a filter such as 'from:Ana has:image' (docs/FILTERS.md)",
    problem: { text in
      do throws(MessageFilterParser.ParseError) {
        _ = try MessageFilterParser.parse(text)
        return nil
      } catch { return error.description }
    },
    parse: { try? MessageFilterParser.parse($0) }
  ).keepingText()
}

extension FlagParser where Value == InputFormatChoice {
  static let inputFormat = FlagParser(
    expected: FlagValue.list(["auto"] + Importer.formats.map(\.name)), choices: ["auto"] + Importer.formats.map(\.name)
  ) { text in
    let name = text.lowercased()
    if name == "auto" { return .detect }
    return Importer.format(named: name).map(InputFormatChoice.named)
  }
}

/// `--input-format`: detect, or read as the format named.
enum InputFormatChoice: Sendable {
  case detect
  case named(any TranscriptFormat)

  var format: (any TranscriptFormat)? {
    if case .named(let format) = self { return format }
    return nil
  }
}

/// `--shard`: `K/N` with 1 ≤ K ≤ N, or `auto/N` (`AutoShard`).
enum ShardChoice: Sendable, CustomStringConvertible {
  case fixed(index: Int, count: Int)
  case auto(count: Int)

  var description: String {
    switch self {
    case .fixed(let index, let count): "\(index)/\(count)"
    case .auto(let count): "auto/\(count)"
    }
  }
}

extension FlagParser where Value == ShardChoice {
  static let shard = FlagParser(expected: "K/N with 1 ≤ K ≤ N, or auto/N") { text in
    if let count = AutoShard.count(in: text) { return .auto(count: count) }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...max(count, 1)).contains(index)
    else { return nil }
    return .fixed(index: index, count: count)
  }
}
