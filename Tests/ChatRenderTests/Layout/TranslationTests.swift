import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The translation tables, the plural rules and the locale's dates, times and numbers
/// (docs/ARCHITECTURE.md, "Translations").
@Suite struct TranslationTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/ChatRender/Translations")

  /// Each table file of the folder, by language, read from disk.
  static func tablesOnDisk() throws -> [String: Translation] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    var tables: [String: Translation] = [:]
    for name in names {
      let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
      tables[String(name.dropLast(5))] = try Translation.read(bytes, path: name)
    }
    return tables
  }

  /// The `{name}`s of a text.
  static func placeholders(_ text: String) -> Set<String> {
    var found = Set<String>()
    var rest = text[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      found.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return found
  }

  static func texts(_ text: Translation.Text) -> [String] {
    switch text {
    case .plain(let plain): return [plain]
    case .counted(let forms): return Array(forms.values)
    }
  }

  @Test("every table of the folder reads, names its own language and is compiled in")
  func tablesAreCompiledIn() throws {
    let onDisk = try Self.tablesOnDisk()
    #expect(onDisk.count >= 19)
    #expect(Set(onDisk.keys) == Set(Translation.embedded.map(\.language)))
    #expect(Set(onDisk.keys) == Set(Translation.languages))
    for (language, table) in onDisk { #expect(table.language == language) }
    let required = [
      "en", "de", "fr", "es", "pt", "it", "nl", "ru", "pl", "tr", "ar", "he", "fa", "hi", "th", "ja", "ko",
      "zh-Hans", "zh-Hant",
    ]
    #expect(Set(required).isSubset(of: onDisk.keys))
  }

  @Test("every table has every word, with English's placeholders, in each plural form its language uses")
  func tablesAreComplete() throws {
    let english = Translation.english
    for (language, table) in try Self.tablesOnDisk() {
      #expect(Set(table.words.keys) == Set(Word.allCases), "\(language)")
      let forms = Set(PluralCategory.used(by: language) + [.other])
      for word in Word.allCases {
        guard let text = table.words[word], let original = english.words[word] else { continue }
        let wanted = Self.texts(original).map(Self.placeholders).reduce(Set()) { $0.union($1) }
        switch (original, text) {
        case (.plain, .plain(let plain)):
          #expect(Self.placeholders(plain) == wanted, "\(language) \(word.rawValue)")
        case (.counted, .counted(let given)):
          #expect(Set(given.keys) == forms, "\(language) \(word.rawValue)")
          // "رسالة واحدة" says the one without the digit: fewer placeholders, none unknown.
          for form in given.values {
            #expect(Self.placeholders(form).isSubset(of: wanted), "\(language) \(word.rawValue)")
          }
        default:
          Issue.record("\(language) \(word.rawValue): plain in one table, counted in the other")
        }
      }
    }
  }

  @Test("a table with a mistake names the file, line and column")
  func badTable() throws {
    let source = #"{"language": "xx", "name": "X", "direction": "ltr", "words": {"chat": "C", "pages": "P"}}"#
    #expect(throws: DiagnosticError.self) { try Translation.read(Array(source.utf8), path: "xx.json") }
    do {
      _ = try Translation.read(Array(source.utf8), path: "xx.json")
    } catch {
      #expect("\(error)".contains("xx.json:1:76"))
      #expect("\(error)".contains("unknown word 'pages'"))
    }
    let badForm = #"{"language": "xx", "name": "X", "direction": "ltr", "words": {"messages": {"single": "a"}}}"#
    #expect(throws: DiagnosticError.self) { try Translation.read(Array(badForm.utf8), path: "xx.json") }
  }

  @Test(
    "plural categories follow CLDR",
    arguments: [
      ("en", [0: PluralCategory.other, 1: .one, 2: .other, 21: .other]),
      ("fr", [0: .one, 1: .one, 2: .other, 1_000_000: .many]),
      ("ru", [1: .one, 2: .few, 4: .few, 5: .many, 11: .many, 12: .many, 21: .one, 22: .few, 111: .many, 0: .many]),
      ("pl", [1: .one, 2: .few, 5: .many, 12: .many, 21: .many, 22: .few, 0: .many]),
      ("ar", [0: .zero, 1: .one, 2: .two, 3: .few, 10: .few, 11: .many, 99: .many, 100: .other, 103: .few]),
      ("he", [1: .one, 2: .two, 3: .other, 20: .other]),
      ("hi", [0: .one, 1: .one, 2: .other]),
      ("pt", [0: .one, 1: .one, 2: .other]),
      ("ja", [0: .other, 1: .other, 5: .other]),
      ("zh-Hant", [1: .other]),
    ])
  func pluralCategories(_ language: String, _ expected: [Int: PluralCategory]) {
    for (count, category) in expected {
      #expect(PluralCategory.of(count, language: language) == category, "\(language) \(count)")
    }
  }

  /// ICU puts narrow no-break spaces before "PM" and "г.": compared as spaces.
  static func plain(_ text: String) -> String { text.replacingOccurrences(of: "\u{202F}", with: " ") }

  static func labels(_ name: String, clock: HourClock? = nil) throws -> LocalizedLabels {
    LocalizedLabels(DateTextStyle(locale: try #require(TextLocale.named(name)), clock: clock))
  }

  @Test(
    "counts take the plural form and the digits of the locale",
    arguments: [
      ("en_GB", 1, "1 message"), ("en_GB", 23, "23 messages"), ("de_DE", 1, "1 Nachricht"),
      ("de_DE", 1234, "1.234 Nachrichten"), ("ru_RU", 21, "21 сообщение"), ("ru_RU", 23, "23 сообщения"),
      ("ru_RU", 25, "25 сообщений"), ("pl_PL", 22, "22 wiadomości"), ("pl_PL", 1, "1 wiadomość"),
      ("ar_EG", 2, "رسالتان"), ("ar_EG", 23, "٢٣ رسالة"), ("ar_EG", 5, "٥ رسائل"), ("ja_JP", 23, "23件のメッセージ"),
      ("fr_FR", 0, "0 message"), ("fr_FR", 2, "2 messages"),
    ])
  func counts(_ locale: String, _ count: Int, _ text: String) throws {
    #expect(try Self.labels(locale).count(.messages, count) == text)
  }

  @Test(
    "day labels in any locale ICU knows",
    arguments: [
      ("en_US", "Thursday, March 13, 2025"), ("en_GB", "Thursday, 13 March 2025"),
      ("C", "Thursday, 13 March 2025"), ("de_DE", "Donnerstag, 13. März 2025"),
      ("ja_JP", "2025年3月13日 木曜日"), ("ko_KR", "2025년 3월 13일 목요일"), ("zh_TW", "2025年3月13日 星期四"),
      ("ru_RU", "четверг, 13 марта 2025 г."), ("pl_PL", "czwartek, 13 marca 2025"),
      ("tr_TR", "13 Mart 2025 Perşembe"), ("he_IL", "יום חמישי, 13 במרץ 2025"),
      ("ar_EG", "الخميس، ١٣ مارس، ٢٠٢٥"), ("th_TH", "วันพฤหัสบดีที่ 13 มีนาคม 2568"),
    ])
  func dayLabels(_ locale: String, _ label: String) throws {
    #expect(Self.plain(try Self.labels(locale).day(LocalDate(year: 2025, month: 3, day: 13))) == label)
  }

  @Test("times: the locale's clock unless the user or the export says; the same text each time")
  func times() throws {
    let evening = LocalDateTime(date: nil, hour: 21, minute: 30)
    #expect(Self.plain(try Self.labels("en_US").time(evening, sourceClock: nil)) == "9:30 PM")
    #expect(try Self.labels("de_DE").time(evening, sourceClock: nil) == "21:30")
    #expect(Self.plain(try Self.labels("de_DE").time(evening, sourceClock: .twelveHour)) == "9:30 PM")
    #expect(try Self.labels("ja_JP", clock: .twelveHour).time(evening, sourceClock: .twentyFourHour) == "午後9:30")
    #expect(try Self.labels("ko_KR").time(evening, sourceClock: nil) == "오후 9:30")
    let labels = try Self.labels("en_US", clock: .twentyFourHour)
    #expect(labels.time(evening, sourceClock: .twelveHour) == "21:30")
    #expect(labels.time(LocalDateTime(date: nil, hour: 7, minute: 5), sourceClock: nil) == "07:05")
    #expect(try Self.labels("en_GB").month(LocalDate(year: 2025, month: 3, day: 13)) == "March 2025")
  }

  @Test("sizes in the locale's decimal mark and units")
  func sizes() throws {
    #expect(try Self.labels("en_GB").byteSize(999) == "999 bytes")
    #expect(try Self.labels("en_GB").byteSize(1) == "1 byte")
    #expect(try Self.labels("en_GB").byteSize(1_250_000) == "1.3 MB")
    #expect(try Self.labels("de_DE").byteSize(1_250_000) == "1,3 MB")
    #expect(try Self.labels("fr_FR").byteSize(12_000) == "12 Ko")
    #expect(try Self.labels("ru_RU").byteSize(3) == "3 байта")
  }

  @Test(
    "the locales of the issue are known and translated; Chinese by script",
    arguments: [
      ("ja_JP", "ja"), ("tr_TR", "tr"), ("ru_RU", "ru"), ("pl_PL", "pl"), ("ar_EG", "ar"), ("ko_KR", "ko"),
      ("zh_TW", "zh-Hant"), ("zh_HK", "zh-Hant"), ("zh_CN", "zh-Hans"), ("zh", "zh-Hans"), ("th_TH", "th"),
      ("he_IL", "he"), ("fa_IR", "fa"), ("hi_IN", "hi"), ("de_DE.UTF-8", "de"), ("pt-BR", "pt"),
      ("nl_BE.UTF-8@euro", "nl"), ("C.UTF-8", "en"), ("POSIX", "en"),
    ])
  func knownLocales(_ name: String, _ language: String) throws {
    let locale = try #require(TextLocale.named(name))
    #expect(locale.translation.language == language)
    #expect(locale.isTranslated)
  }

  @Test("no such language or region: nil; a language without a table: English words, its own dates")
  func unknownLocales() throws {
    for name in ["xx_YY", "de_YY", "qq", "", "12"] { #expect(TextLocale.named(name) == nil, "\(name)") }
    let swedish = try #require(TextLocale.named("sv_SE"))
    #expect(!swedish.isTranslated)
    let labels = LocalizedLabels(swedish)
    #expect(labels.word(.edited) == "edited")
    #expect(labels.day(LocalDate(year: 2025, month: 3, day: 13)).contains("mars"))
  }

  @Test("Arabic, Hebrew and Persian read right to left")
  func directions() throws {
    for name in ["ar_EG", "he_IL", "fa_IR"] { #expect(try #require(TextLocale.named(name)).isRightToLeft) }
    for name in ["en_US", "ja_JP", "hi_IN"] { #expect(try !#require(TextLocale.named(name)).isRightToLeft) }
  }

  @Test("the environment: LC_ALL, then LC_MESSAGES, LC_TIME and LANG; an unknown value is named")
  func environment() throws {
    #expect(TextLocale.fromEnvironment(["LANG": "ja_JP.UTF-8"]).locale.identifier == "ja_JP")
    #expect(
      TextLocale.fromEnvironment(["LC_ALL": "", "LC_MESSAGES": "tr_TR", "LANG": "de_DE"]).locale.identifier == "tr_TR")
    #expect(TextLocale.fromEnvironment(["LC_ALL": "C.UTF-8", "LANG": "de_DE"]).locale == .standard)
    #expect(TextLocale.fromEnvironment([:]).locale == .standard)
    let unknown = TextLocale.fromEnvironment(["LANG": "xx_YY.UTF-8"])
    #expect(unknown.locale == .standard)
    #expect(unknown.ignored?.variable == "LANG")
  }
}
