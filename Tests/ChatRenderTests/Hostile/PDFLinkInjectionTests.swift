import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A link's address cannot end the PDF string it stands in: cairo 1.16 writes `/URI (…)`
/// unescaped, so the address is percent-encoded first.
@Suite struct PDFLinkInjectionTests {
  static let launch = "https://example.com/a)/S/Launch/F(/usr/bin/xcalc"

  @Test(arguments: [
    (launch, "https://example.com/a%29/S/Launch/F%28/usr/bin/xcalc"),
    ("https://example.com/a\\)x'y", "https://example.com/a%5C%29x%27y"),
    ("https://例え.jp/ä b?q=1&r=%41%zz", "https://%E4%BE%8B%E3%81%88.jp/%C3%A4%20b?q=1&r=%41%25zz"),
    ("mailto:ana@example.org", "mailto:ana@example.org"),
    ("https://example.com/%", "https://example.com/%25"),
  ])
  func addressesArePercentEncoded(address: String, written: String) {
    #expect(PDFURIString.encode(address) == written)
    // What is written is kept as it is when encoded again: nothing in it needs escaping.
    #expect(PDFURIString.encode(written) == written)
  }

  @Test("a link whose address holds ')' opens that address and adds no action of its own")
  func aParenthesisEndsNoString() throws {
    let json = """
      {"version": 1, "participants": [{"id": "a", "name": "A"}],
       "messages": [{"from": "a", "text": "open me",
         "spans": [{"start": 0, "length": 7, "style": "link", "value": "\(Self.launch)"}]}]}
      """
    let chat = try ImportFixtures.read(ImportFixtures.input(text: json, path: "chat.json")).0
    let pdf = try #require(try ChatRenderer(options: ExportOptions(format: .pdf)).render(chat).first)
    let actions = Self.uriActions(in: pdf)
    #expect(actions.map(\.address) == [PDFURIString.encode(Self.launch)])
    #expect(actions.allSatisfy { $0.rest.hasPrefix(">>") }, "\(actions)")
  }

  /// Each `/URI (…)` string of `pdf`, read by PDF's rules for literal strings (nested
  /// parentheses, backslash escapes), with what follows it.
  static func uriActions(in pdf: [UInt8]) -> [(address: String, rest: String)] {
    let text = String(decoding: pdf, as: UTF8.self)
    var found: [(String, String)] = []
    var rest = Substring(text)
    while let start = rest.range(of: "/URI (") {
      var depth = 1
      var address = ""
      var index = start.upperBound
      while index < rest.endIndex, depth > 0 {
        let character = rest[index]
        if character == "\\" {
          index = rest.index(after: index)
        } else if character == "(" {
          depth += 1
        } else if character == ")" {
          depth -= 1
        }
        if depth > 0, index < rest.endIndex { address.append(rest[index]) }
        if index < rest.endIndex { index = rest.index(after: index) }
      }
      rest = rest[index...]
      found.append((address, String(rest.drop(while: \.isWhitespace).prefix(40))))
    }
    return found
  }
}
