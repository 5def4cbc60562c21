/// One language's words for everything the renderer writes, read from its table
/// (`Sources/ChatRender/Translations/<language>.json`, compiled into the library; see
/// docs/ARCHITECTURE.md, "Translations"). A word the table lacks is written in English.
package struct Translation: Sendable {
  /// The table's language: "de", "zh-Hant".
  let language: String
  /// The language's own name: "Deutsch".
  let name: String
  /// Whether the language is written right to left (Arabic, Hebrew, Persian).
  let isRightToLeft: Bool
  /// The words the table gives.
  let words: [Word: Text]

  /// A word's text, or one text per plural form.
  enum Text: Sendable {
    case plain(String)
    case counted([PluralCategory: String])
  }

  /// The text of `word` with each `{key}` replaced by its value.
  func text(_ word: Word, _ values: KeyValuePairs<String, String> = [:]) -> String {
    Self.filled(template(word, count: nil), values.map { ($0.key, $0.value) })
  }

  /// The text of `word` with each `{key}` replaced by its value, the pairs known at run time.
  func text(_ word: Word, pairs: [(String, String)]) -> String {
    Self.filled(template(word, count: nil), pairs)
  }

  /// The text of `word` for `count` items, `{count}` written as `formattedCount` (the count in
  /// the locale's digits).
  func text(_ word: Word, count: Int, formattedCount: String) -> String {
    Self.filled(template(word, count: count), [("count", formattedCount)])
  }

  private func template(_ word: Word, count: Int?) -> String {
    guard let text = words[word] ?? Self.fallback(word) else { return word.rawValue }
    switch text {
    case .plain(let template): return template
    case .counted(let forms):
      let category = count.map { PluralCategory.of($0, language: language) } ?? .other
      return forms[category] ?? forms[.other] ?? forms.values.first ?? word.rawValue
    }
  }

  /// English's text where a table lacks a word (a word added before its translations).
  private static func fallback(_ word: Word) -> Text? {
    Translation.all["en"]?.words[word]
  }

  private static func filled(_ template: String, _ values: [(String, String)]) -> String {
    guard template.contains("{") else { return template }
    var result = template
    for (key, value) in values { result = result.replacingOccurrences(of: "{\(key)}", with: value) }
    return result
  }

  // MARK: - Tables

  /// Every table compiled into the library, by language; one that does not read is left out
  /// (the translation tests read each and name its errors).
  static let all: [String: Translation] = {
    var tables: [String: Translation] = [:]
    for (language, bytes) in embedded {
      if let table = try? read(bytes, path: "Translations/\(language).json") { tables[language] = table }
    }
    return tables
  }()

  /// The languages with a table, sorted: "ar", "de", …, "zh-Hant".
  static var languages: [String] { all.keys.sorted() }

  /// The table of `language` ("de", "zh-Hans"), nil when there is none.
  static func named(_ language: String) -> Translation? { all[language] }

  /// English, the language of the words when no other is asked for.
  static var english: Translation {
    guard let english = all["en"] else { fatalError("Translations/en.json is not compiled in") }
    return english
  }

  /// Reads a table: `language`, `name`, `direction` ("ltr" or "rtl") and `words`, each a
  /// text or an object of texts by plural form.
  ///
  /// - Throws: `DiagnosticError` at the value that is wrong, with its line and column.
  static func read(_ bytes: [UInt8], path: String) throws -> Translation {
    let file = try SourceFile(path: path, bytes: bytes)
    let root = try file.json()
    let language = try file.string("language", in: root) ?? ""
    let name = try file.string("name", in: root) ?? ""
    let direction = try file.string("direction", in: root) ?? ""
    guard direction == "ltr" || direction == "rtl" else {
      throw file.error("expected 'ltr' or 'rtl' for 'direction'", at: root["direction"] ?? root)
    }
    guard let words = root["words"], case .object(let members) = words.kind else {
      throw file.error("expected an object for 'words'", at: root["words"] ?? root)
    }
    var texts: [Word: Text] = [:]
    for member in members {
      guard let word = Word(rawValue: member.key) else {
        throw file.error("unknown word '\(member.key)'", at: member)
      }
      texts[word] = try text(member.value, in: file)
    }
    return Translation(language: language, name: name, isRightToLeft: direction == "rtl", words: texts)
  }

  private static func text(_ value: JSONValue, in file: SourceFile) throws -> Text {
    if let plain = value.stringValue { return .plain(plain) }
    guard case .object(let members) = value.kind else {
      throw file.error("expected a string or an object of plural forms, found \(value.typeName)", at: value)
    }
    var forms: [PluralCategory: String] = [:]
    for member in members {
      guard let category = PluralCategory(rawValue: member.key) else {
        throw file.error(
          "unknown plural form '\(member.key)' (expected zero, one, two, few, many or other)", at: member)
      }
      guard let form = member.value.stringValue else {
        throw file.error("expected a string for '\(member.key)', found \(member.value.typeName)", at: member.value)
      }
      forms[category] = form
    }
    guard forms[.other] != nil else { throw file.error("missing plural form 'other'", at: value) }
    return .counted(forms)
  }
}
