import Testing

@testable import ChatRender

@Suite struct JSONReaderTests {
  func file(_ text: String) throws -> SourceFile {
    try SourceFile(path: "t.json", bytes: Array(text.utf8))
  }

  @Test func parsesNestedValuesWithOffsets() throws {
    let value = try JSONReader.parse(file("{\"a\": [1, \"x\\u00e9\\ud83d\\ude00\", true, null]}"))
    let array = try #require(value["a"]?.arrayValue)
    #expect(array.count == 4)
    #expect(array[1].stringValue == "xé😀")
    #expect(array[0].offset == 7)
  }

  @Test(arguments: [
    ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
    ("{\n  \"a\": tru\n}", 2, 8, "invalid literal (expected 'true')"),
    ("[1 2]", 1, 4, "expected ',' or ']' in the array, found '2'"),
    ("{\"a\": \"b", 1, 7, "unterminated string"),
    ("{\"é\": 01}", 1, 7, "invalid number: leading zero"),
  ])
  func reportsSyntaxErrorsAtLineAndColumn(text: String, line: Int, column: Int, message: String)
    throws
  {
    let error = try #require(throws: DiagnosticError.self) { try JSONReader.parse(file(text)) }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message == message)
    #expect(diagnostic.location?.line == line)
    #expect(diagnostic.location?.column == column)
  }
}
