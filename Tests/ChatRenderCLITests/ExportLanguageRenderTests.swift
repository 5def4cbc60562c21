import Foundation
import Testing

/// An export in a language its reader knows for certain is drawn in that language when
/// neither `--locale` nor the configuration names one (issue 42).
@Suite("the export's language as the default locale")
struct ExportLanguageRenderTests {
  static let pdftotext = TestPaths.tool("pdftotext")

  /// A Korean KakaoTalk PC export: its saved-date line is Korean, its times `오후 7:41`.
  static let kakaoTalk = """
    등산 모임 카카오톡 대화
    저장한 날짜 : 2024-01-06 09:30:00

    --------------- 2024년 1월 5일 금요일 ---------------
    [민지] [오후 7:41] 내일 갈래?
    [준호] [오후 7:42] 좋아
    """

  /// The text of the PDF of the KakaoTalk export, with `arguments` added.
  private func text(_ arguments: [String]) throws -> String {
    let sandbox = try Sandbox(writing: Self.kakaoTalk, to: "KakaoTalkChats.txt")
    let result = try sandbox.chatrender(
      ["render", "KakaoTalkChats.txt", "-o", "chat.pdf", "--me", "민지"] + arguments)
    #expect(result.status == 0, "\(result.standardError)")
    return try sandbox.run(try #require(Self.pdftotext), ["chat.pdf", "-"]).outputText
  }

  @Test("a Korean KakaoTalk export draws Korean times and days with no --locale", .enabled(if: pdftotext != nil))
  func korean() throws {
    let text = try text([])
    #expect(text.contains("오후 7:41"), "\(text)")
    #expect(text.contains("1월 5일"), "\(text)")
    #expect(!text.contains("PM"), "\(text)")
  }

  @Test("--locale en still draws it in English", .enabled(if: pdftotext != nil))
  func english() throws {
    let text = try text(["--locale", "en"])
    #expect(text.contains("7:41 PM"), "\(text)")
    #expect(!text.contains("오후"), "\(text)")
  }

  @Test("parse writes the language into ChatRender JSON")
  func parsed() throws {
    let sandbox = try Sandbox(writing: Self.kakaoTalk, to: "KakaoTalkChats.txt")
    let result = try sandbox.chatrender(["parse", "KakaoTalkChats.txt"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputText.contains("\"language\": \"ko\""), "\(result.outputText)")
  }
}
