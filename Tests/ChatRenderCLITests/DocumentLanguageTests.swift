import Foundation
import Testing

/// A PDF in the user's language holds no English word of ours: pages, headers, footers,
/// chips and labels, outline and metadata all come from the translation table
/// (docs/ARCHITECTURE.md, "Translations").
@Suite("documents in the user's language")
struct DocumentLanguageTests {
  static let pdftotext = TestPaths.tool("pdftotext")
  static let pdfinfo = TestPaths.tool("pdfinfo")

  /// A German Android export: two days, an edited message, a deleted one, media left out.
  static let germanExport = """
    13.03.24, 21:30 - Ingrid: Hallo Lukas, hast du am Sonntag Zeit?
    13.03.24, 21:31 - Lukas: Ja, ab 15 Uhr! <Diese Nachricht wurde bearbeitet>
    13.03.24, 21:32 - Ingrid: <Medien ausgeschlossen>
    13.03.24, 21:33 - Lukas: Diese Nachricht wurde gelöscht
    14.03.24, 09:00 - Ingrid: Bis Sonntag!

    """

  /// A Japanese Android export: two days, media left out.
  static let japaneseExport = """
    2024/03/13 21:30 - 花子: 明日の予定は？
    2024/03/13 21:31 - 太郎: 駅で十時に会おう
    2024/03/13 21:32 - 花子: <メディアなし>
    2024/03/14 09:00 - 太郎: またね

    """

  /// The words of a table (`Sources/ChatRender/Translations/<language>.json`) by key, each
  /// plural form a text of its own.
  static func words(_ language: String) throws -> [String: [String]] {
    let url = TestPaths.packageRoot.appendingPathComponent("Sources/ChatRender/Translations/\(language).json")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let words = try #require(root["words"] as? [String: Any])
    return words.mapValues { value in
      if let text = value as? String { return [text] }
      return ((value as? [String: String]) ?? [:]).values.sorted()
    }
  }

  /// The English pieces (between placeholders, three letters or more) of every word whose
  /// text in `language` is not the same, and the English day and month names.
  static func englishPieces(unlike language: String) throws -> Set<String> {
    let english = try words("en")
    let other = try words(language)
    var pieces: Set<String> = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "March"]
    for (key, texts) in english where other[key] != texts {
      for text in texts {
        for piece in text.split(separator: /\{[a-z]+\}/) {
          let trimmed = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
          if trimmed.filter(\.isLetter).count >= 3, !(other[key] ?? []).contains(where: { $0.contains(trimmed) }) {
            pieces.insert(trimmed)
          }
        }
      }
    }
    return pieces
  }

  /// Renders `chat` to a PDF with `arguments` and `environment`: its text and its metadata.
  private func render(
    _ chat: String, me: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (text: String, info: String, raw: String) {
    let sandbox = try Sandbox(writing: chat, to: "chat.txt")
    let result = try sandbox.chatrender(
      ["render", "chat.txt", "-o", "chat.pdf", "--me", me] + arguments, environment: environment)
    try #require(result.status == 0, "\(result.standardError)")
    #expect(!result.standardError.contains("warning"), "\(result.standardError)")
    let text = try sandbox.run(try #require(Self.pdftotext), ["chat.pdf", "-"]).outputText
    // Our fields only: pdfinfo's own labels ("Pages", "Page size") are English.
    let info = try sandbox.run(try #require(Self.pdfinfo), ["chat.pdf"]).outputText
      .split(separator: "\n")
      .filter { ["Title:", "Subject:", "Keywords:", "Author:"].contains(where: $0.hasPrefix) }
      .map { $0.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "" }
      .joined(separator: "\n")
    return (text, info, String(decoding: try sandbox.bytes("chat.pdf"), as: UTF8.self))
  }

  /// Whether `text` holds `piece` as a word of its own (not inside a longer word).
  static func holds(_ text: String, _ piece: String) -> Bool {
    var rest = text[...]
    while let found = rest.range(of: piece) {
      let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
      let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
      if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return true }
      rest = text[found.upperBound...]
    }
    return false
  }

  @Test(
    "a German and a Japanese PDF of a WhatsApp export hold no English word of ours",
    .enabled(if: pdftotext != nil && pdfinfo != nil),
    arguments: [
      (
        "de", germanExport, "Lukas", "de_DE",
        ["Donnerstag, 14. März 2024", "Seite 1 von 1", "5 Nachrichten", "bearbeitet"]
      ),
      ("ja", japaneseExport, "太郎", "ja_JP", ["2024年3月14日 木曜日", "1 / 1 ページ", "4件のメッセージ", "添付ファイルは含まれていません"]),
    ])
  func noEnglish(_ language: String, _ chat: String, _ me: String, _ locale: String, _ expected: [String]) throws {
    let (text, info, raw) = try render(chat, me: me, ["--locale", locale])
    for phrase in expected { #expect(text.contains(phrase), "\(phrase) in \(text)") }
    let pieces = try Self.englishPieces(unlike: language)
    #expect(pieces.contains("Page") && pieces.contains("messages"))
    for piece in pieces {
      #expect(!Self.holds(text, piece), "'\(piece)' in the \(language) PDF:\n\(text)")
      #expect(!Self.holds(info, piece), "'\(piece)' in the \(language) PDF's metadata:\n\(info)")
    }
    // The outline's titles: days in the language (cairo writes them as UTF-16 when not ASCII).
    #expect(!raw.contains("/Title (Thursday"))
    #expect(raw.contains("/Title <FEFF") || raw.contains("/Title (Donnerstag"))
  }

  @Test("the locale of LANG, LC_MESSAGES or LC_ALL is the document's", .enabled(if: pdftotext != nil && pdfinfo != nil))
  func environmentLocale() throws {
    for variable in ["LANG", "LC_MESSAGES", "LC_ALL"] {
      var environment = ["LC_ALL": ""]
      environment[variable] = "ja_JP.UTF-8"
      if variable != "LANG" { environment["LANG"] = "de_DE.UTF-8" }
      let (text, _, _) = try render(Self.japaneseExport, me: "太郎", [], environment: environment)
      #expect(text.contains("2024年3月13日 水曜日"), "\(variable): \(text)")
      #expect(text.contains("4件のメッセージ"), "\(variable)")
    }
  }

  @Test("a locale ICU knows without a table of ours warns that its words are English")
  func untranslatedLanguage() throws {
    let sandbox = try Sandbox(writing: Self.germanExport, to: "chat.txt")
    let result = try sandbox.chatrender(["render", "chat.txt", "-o", "chat.pdf", "--locale", "sv_SE"])
    #expect(result.status == 0)
    #expect(result.standardError.contains("no translation for sv_SE"))
    let unknown = try sandbox.chatrender(["render", "chat.txt", "-o", "chat.pdf"], environment: ["LC_ALL": "xx_YY"])
    #expect(unknown.status == 0)
    #expect(unknown.standardError.contains("LC_ALL=xx_YY is not a locale"))
  }
}
