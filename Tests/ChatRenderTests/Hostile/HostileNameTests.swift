import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Titles and names of a book's length: a 100,000-character title once took minutes in a PDF
/// (its running header shaped it again on every page). Each is drawn cut to a line, with one
/// warning.
@Suite struct HostileNameTests {
  static let limit = Limit.nameLength.value
  static let long = String(repeating: "x", count: 100_000)

  /// A chat titled `title` between Sam and someone called `name`, 60 messages long.
  static func chat(title: String, author name: String) -> Transcript {
    let start = Date(timeIntervalSince1970: 1_740_823_200)
    let messages = (0..<60).map { index in
      Message(
        authorID: index % 3 == 0 ? "sam" : "other", time: .instant(start + Double(index) * 60),
        text: "message \(index)")
    }
    return Transcript(
      title: title, participants: [Participant(id: "sam", name: "Sam"), Participant(id: "other", name: name)],
      meID: "sam", messages: messages)
  }

  /// The most of the long text ("x"s) any one text laid out on a page of `transcript` holds,
  /// and the warnings.
  static func mostOfTheLongText(_ transcript: Transcript, format: OutputFormat) throws -> (Int, [String]) {
    let renderer = try ChatRenderer(options: ExportOptions(format: format))
    var pages = try renderer.pages(of: transcript)
    var longest = 0
    while let page = pages.next() {
      for case .text(let block) in page.items {
        longest = max(longest, block.text.text.unicodeScalars.count { $0 == "x" })
      }
    }
    return (longest, renderer.takeWarnings().map(\.message))
  }

  @Test("a title of 100,000 characters is laid out and written cut to a line, with one warning")
  func longTitlesAreCut() throws {
    let transcript = Self.chat(title: Self.long, author: "Ana")
    let renderer = try ChatRenderer(options: ExportOptions(format: .pdf))
    #expect(renderer.summary(of: transcript).title == String(repeating: "x", count: Self.limit - 1) + "…")
    let (longest, warnings) = try Self.mostOfTheLongText(transcript, format: .pdf)
    #expect(longest <= Self.limit)
    #expect(warnings == ["the chat's title is drawn cut: characters of a title or a name over the 256 limit"])
  }

  @Test("a name of 100,000 characters (a vCard's, an export's) is drawn cut to a line, with one warning")
  func longNamesAreCut() throws {
    let transcript = Self.chat(title: "Chat", author: Self.long)
    for format in [OutputFormat.png, .pdf] {
      let (longest, warnings) = try Self.mostOfTheLongText(transcript, format: format)
      #expect(longest <= Self.limit, "\(format)")
      #expect(warnings == ["a name is drawn cut: characters of a title or a name over the 256 limit"], "\(format)")
    }
    let participant = Participant(id: "a", name: Self.long)
    let summary = DocumentSummary(
      Transcript(title: "t", participants: [participant]), timeZone: .gmt, creator: "test")
    #expect(summary.participants == [String(repeating: "x", count: Self.limit - 1) + "…"])
  }

  @Test("a cut keeps whole characters, and cuts inside one only when it is longer than the limit")
  func cutsKeepCharacters() {
    #expect(LineCut.cut("ab", limit: 2) == "ab")
    #expect(LineCut.cut("abc", limit: 2) == "a…")
    #expect(LineCut.cut("a🇵🇹b", limit: 3) == "a…")  // the flag is two scalars: not split
    let marks = "a" + String(repeating: "\u{301}", count: 1000)
    #expect(LineCut.cut(marks, limit: 4).unicodeScalars.count == 4)
  }
}
