import Testing

@_spi(Pages) @testable import ChatRender

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

  @Test func aDeferredArrayIsCountedThenReadElementByElementWithItsOffsets() throws {
    let source = try file("{\"a\": 1,\n \"list\": [{\"x\": \"y\"}, [2]], \"b\": {\"list\": [3]}}")
    let (root, deferred) = try JSONReader.parse(source, deferring: "list")
    let array = try #require(deferred)
    #expect(array.count == 2)
    #expect(root["list"]?.arrayValue?.isEmpty == true)
    #expect(root["list"]?.offset == array.offset)
    // Only the top-level member is deferred.
    #expect(root["b"]?["list"]?.arrayValue?.count == 1)
    var elements: [JSONValue] = []
    try JSONReader.forEachElement(of: array, in: source) { elements.append($0) }
    #expect(elements.map(\.offset) == [19, 31])
    #expect(elements.first?["x"]?.stringValue == "y")
    #expect(source.location(ofOffset: elements[1].offset).description == "t.json:2:23")
  }

  @Test func aSyntaxErrorInADeferredArrayIsFoundByTheFirstReading() throws {
    let error = try #require(throws: DiagnosticError.self) {
      try JSONReader.parse(file("{\"list\": [\"a\",\n \"b\\q\"], \"c\": 1}"), deferring: "list")
    }
    #expect(error.diagnostics.first?.message == "invalid escape '\\q' in string")
    #expect(error.diagnostics.first?.location?.description == "t.json:2:4")
  }

  @Test func aKeyInADeferredArrayIsNamedInItsError() throws {
    let error = try #require(throws: DiagnosticError.self) {
      try JSONReader.parse(file("{\"list\": [{\"a\\u00e9\" 1}]}"), deferring: "list")
    }
    #expect(error.diagnostics.first?.message == "expected ':' after the key \"aé\", found '1'")
  }

  @Test func aLaterDuplicateThatIsNotAnArrayIsNotDeferred() throws {
    let (root, deferred) = try JSONReader.parse(file("{\"list\": [1], \"list\": null}"), deferring: "list")
    #expect(deferred == nil)
    #expect(root["list"]?.isNull == true)
  }
}
