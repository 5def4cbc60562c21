@_spi(Pages) import ChatRender
import Foundation

/// What a flag's value may be: every value given, on the command line or in the configuration
/// file, is checked against its flag's row before anything runs, so each error names its flag
/// the same way; the completions offer the choices.
struct FlagValue: Sendable {
  /// What the error says is expected, e.g. "12 or 24".
  let expected: String
  /// The closed list of values, offered by the completions (and suggested from in errors).
  var choices: [String]? = nil
  /// A file or folder (completed as such; a theme is a name or a path).
  var isPath = false
  /// Why a value is refused, when the row can say better than `expected` (a filter's column).
  var problem: (@Sendable (String) -> String?)? = nil
  let accepts: @Sendable (String) -> Bool

  static let text = FlagValue(expected: "text") { _ in true }
  static let path = FlagValue(expected: "a path", isPath: true) { _ in true }

  /// One of `words`, in any case.
  static func oneOf(_ words: [String], aliases: [String] = []) -> FlagValue {
    FlagValue(expected: Self.list(words), choices: words) { text in
      (words + aliases).contains(text.lowercased())
    }
  }

  /// A comma-separated list of `words` (`png,pdf`).
  static func listOf(_ words: [String]) -> FlagValue {
    FlagValue(expected: Self.list(words) + ", or several as " + words.prefix(2).joined(separator: ","), choices: words)
    {
      text in
      let items = text.split(separator: ",", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      return !items.isEmpty && items.allSatisfy(words.contains)
    }
  }

  static func wholeNumber(atLeast lowest: Int, atMost highest: Int = .max, unit: String = "") -> FlagValue {
    let suffix = unit.isEmpty ? "" : " " + unit
    let expected =
      highest == .max ? "a whole number of at least \(lowest)\(suffix)" : "\(lowest) to \(highest)\(suffix)"
    return FlagValue(expected: expected) { text in Int(text).map { (lowest...highest).contains($0) } ?? false }
  }

  /// A number above `lowest` (not equal to it) and at most `highest`.
  static func number(above lowest: Double, atMost highest: Double) -> FlagValue {
    FlagValue(expected: "a number above \(Self.shown(lowest)) and at most \(Self.shown(highest))") { text in
      Double(text).map { $0 > lowest && $0 <= highest && $0.isFinite } ?? false
    }
  }

  static func number(in range: ClosedRange<Double>, unit: String) -> FlagValue {
    FlagValue(expected: "\(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound)) \(unit)") { text in
      Double(text).map(range.contains) ?? false
    }
  }

  /// "a, b or c".
  static func list(_ words: [String]) -> String {
    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
  }

  private static func shown(_ number: Double) -> String {
    number == number.rounded() ? String(Int(number)) : String(number)
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

extension FlagValue {
  /// Checks every value of `raw` against its flag's row. A value from the configuration file
  /// is reported at its place in that file, without a usage line.
  ///
  /// - Throws: `UsageError` for a command-line value, `ConfigurationError` for the file's.
  static func check(_ raw: RawArguments) throws {
    for (name, values) in raw.values.sorted(by: { $0.key < $1.key }) {
      guard let flag = Flag.named(name) else { continue }
      for text in values where !flag.values.accepts(text) {
        if let place = raw.configured[name] {
          let message = flag.values.refusal(of: text, spelled: "'\(place.key)'")
          throw ConfigurationError(error: DiagnosticError(.error(message, at: place.location)))
        }
        throw UsageError(message: flag.values.refusal(of: text, spelled: "--\(name)"), command: raw.command)
      }
    }
  }
}

/// The rows whose values are checked by the library's own parsers.
extension FlagValue {
  static let paperSize = FlagValue(
    expected: FlagValue.list(PaperSize.all.map(\.name)) + " or WxH in mm, in or pt",
    choices: PaperSize.all.map(\.name),
    problem: { text in
      guard isUnitless(text) else { return nil }
      return "a size needs its unit: \(text)mm, \(text)in or \(text)pt"
    },
    accepts: { PaperSize.parse($0) != nil && !isUnitless($0) })

  /// `100x100`: a size without mm, in or pt, which would silently be points.
  private static func isUnitless(_ text: String) -> Bool {
    let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
    return lowered.contains("x") && lowered.last.map { $0.isNumber || $0 == "." } == true
  }

  static let dateBound = FlagValue(expected: "YYYY-MM-DD, YYYY-MM or YYYY-MM-DDTHH:MM") {
    TranscriptFilter.parseBound($0, isEnd: false) != nil
  }

  static let timeZone = FlagValue(expected: "a zone such as Europe/Paris, or UTC+02:00") {
    TimeZoneName.parse($0) != nil
  }

  static let locale = FlagValue(
    expected: "a language and region, e.g. de_DE, ja_JP, pt_BR, zh_TW", choices: TextLocale.translatedLanguages
  ) { TextLocale.named($0) != nil }

  static let theme = FlagValue(
    expected: "a built-in theme (\(FlagValue.list(ThemeLoader.builtinNames))) or a theme file",
    choices: ThemeLoader.builtinNames, isPath: true
  ) { !$0.isEmpty }

  static let fontFamilies = FlagValue(expected: "one or more font families, separated by commas") {
    $0.contains { $0 != "," && !$0.isWhitespace }
  }

  static let color = FlagValue(expected: "#RGB, #RRGGBB, #RRGGBBAA, rgba(r, g, b, a) or a CSS color name") {
    Color(parsing: $0) != nil
  }

  static let byteSize = FlagValue(expected: "a size such as 20MB, 500KB or 1GiB (at least 1KB)") {
    TranscriptSplit.parseSize($0) != nil
  }

  /// A `--filter` query; a refusal names the column of what is wrong.
  static let messageFilter = FlagValue(
    expected: "a filter such as 'from:Ana has:image' (docs/FILTERS.md)",
    problem: { text in
      do throws(MessageFilterParser.ParseError) {
        _ = try MessageFilterParser.parse(text)
        return nil
      } catch { return error.description }
    },
    accepts: { (try? MessageFilterParser.parse($0)) != nil })

  /// `K/N` with 1 ≤ K ≤ N, or `auto/N` (`AutoShard`).
  static let shard = FlagValue(expected: "K/N with 1 ≤ K ≤ N, or auto/N") {
    parseShard($0) != nil || AutoShard.count(in: $0) != nil
  }

  static func parseShard(_ text: String) -> (index: Int, count: Int)? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...max(count, 1)).contains(index)
    else { return nil }
    return (index, count)
  }
}
