/// Reads a `--filter` query into a `MessageFilter` (docs/FILTERS.md):
///
///     query := either ("or" either)*      terms side by side must all hold
///     either := term term*
///     term  := "-" term | "(" query ")" | key ":" value | '"' words '"' | word
///
/// Keys are `from`, `has`, `is`, `before` and `after`; a value may be quoted
/// (`from:"Ana Souza"`). Errors name the column (in Unicode scalars, from 1) of the query.
package struct MessageFilterParser {
  /// A query that cannot be read: what is wrong and at which column.
  package struct ParseError: Error, Equatable, CustomStringConvertible {
    package var column: Int
    package var message: String
    package var description: String { "column \(column): \(message)" }
  }

  private enum Token: Equatable {
    case open, close, not, or
    /// Words, or `key:value`; `key` nil for plain or quoted words.
    case term(key: String?, value: String)
  }

  private var tokens: [(token: Token, column: Int)] = []
  private var position = 0
  /// How many `-` and `(` enclose the term being read.
  private var depth = 0
  /// The deepest nesting read: a query of a million `(` would overflow the stack (fuzzing
  /// found it), and no one writes more than a few.
  package static let maximumDepth = 32
  private let endColumn: Int

  /// The keys a term may have.
  package static let keys = ["from", "has", "is", "before", "after"]

  /// The filter `text` describes.
  ///
  /// - Throws: `ParseError` at the column of the first thing that is wrong.
  package static func parse(_ text: String) throws(ParseError) -> MessageFilter {
    var parser = try MessageFilterParser(text)
    guard !parser.tokens.isEmpty else { throw ParseError(column: 1, message: "the filter is empty") }
    let filter = try parser.query()
    if parser.position < parser.tokens.count {
      let (token, column) = parser.tokens[parser.position]
      throw ParseError(column: column, message: token == .close ? "')' without '('" : "unexpected text")
    }
    return filter
  }

  private init(_ text: String) throws(ParseError) {
    let scalars = Array(text.unicodeScalars)
    endColumn = scalars.count + 1
    var lexer = Lexer(scalars: scalars)
    while let next = try lexer.next() { tokens.append(next) }
  }

  // MARK: Grammar

  private mutating func query() throws(ParseError) -> MessageFilter {
    var choices = [try either()]
    while peek == .or {
      position += 1
      choices.append(try either())
    }
    return choices.count == 1 ? choices[0] : .any(choices)
  }

  private mutating func either() throws(ParseError) -> MessageFilter {
    var terms = [try term()]
    while let next = peek, next != .or, next != .close { terms.append(try term()) }
    return terms.count == 1 ? terms[0] : .all(terms)
  }

  private mutating func term() throws(ParseError) -> MessageFilter {
    guard position < tokens.count else { throw ParseError(column: endColumn, message: "expected a term at the end") }
    let (token, column) = tokens[position]
    position += 1
    if token == .not || token == .open {
      guard depth < Self.maximumDepth else {
        throw ParseError(column: column, message: "the filter nests deeper than \(Self.maximumDepth) levels")
      }
      depth += 1
    }
    defer { if token == .not || token == .open { depth -= 1 } }
    switch token {
    case .not: return .not(try term())
    case .open:
      let inner = try query()
      guard peek == .close else { throw ParseError(column: column, message: "'(' is never closed") }
      position += 1
      return inner
    case .close: throw ParseError(column: column, message: "')' without '('")
    case .or: throw ParseError(column: column, message: "'or' needs a term on each side")
    case .term(nil, let value): return .words(value)
    case .term(let key?, let value): return try keyed(key, value, column: column)
    }
  }

  private var peek: Token? { position < tokens.count ? tokens[position].token : nil }

  /// `key:value`, its value checked against the key's choices.
  private func keyed(_ key: String, _ value: String, column: Int) throws(ParseError) -> MessageFilter {
    let valueColumn = column + key.unicodeScalars.count + 1
    guard !value.isEmpty else { throw ParseError(column: valueColumn, message: "expected a value after '\(key):'") }
    switch key {
    case "from": return .from(value)
    case "has":
      guard let content = MessageFilter.Content(rawValue: value.lowercased()) else {
        throw Self.choiceError(value, key, MessageFilter.Content.allCases.map(\.rawValue), valueColumn)
      }
      return .has(content)
    case "is":
      guard let state = MessageFilter.State(rawValue: value.lowercased()) else {
        throw Self.choiceError(value, key, MessageFilter.State.allCases.map(\.rawValue), valueColumn)
      }
      return .state(state)
    default:
      let isAfter = key == "after"
      guard let bound = TranscriptFilter.parseBound(value, isEnd: isAfter) else {
        throw ParseError(
          column: valueColumn,
          message: "'\(value)' is no date; expected YYYY-MM-DD, YYYY-MM or YYYY-MM-DDTHH:MM")
      }
      return isAfter ? .after(bound) : .before(bound)
    }
  }

  private static func choiceError(_ value: String, _ key: String, _ choices: [String], _ column: Int) -> ParseError {
    ParseError(
      column: column,
      message: "unknown '\(key):\(value)'; expected \(choices.map { "\(key):\($0)" }.joined(separator: ", "))")
  }

  // MARK: Words

  /// Cuts a query into tokens: parentheses, `-` before a term, `or`, quoted words, words.
  private struct Lexer {
    let scalars: [Unicode.Scalar]
    var index = 0

    mutating func next() throws(ParseError) -> (Token, Int)? {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
      guard index < scalars.count else { return nil }
      let column = index + 1
      switch scalars[index] {
      case "(":
        index += 1
        return (.open, column)
      case ")":
        index += 1
        return (.close, column)
      case "-" where index + 1 < scalars.count && !scalars[index + 1].properties.isWhitespace:
        index += 1
        return (.not, column)
      case "\"":
        return (.term(key: nil, value: try quoted()), column)
      default:
        return (try word(), column)
      }
    }

    /// A word up to a space or parenthesis; `key:` followed by a value, quoted or not.
    private mutating func word() throws(ParseError) -> Token {
      let start = index
      var text = String.UnicodeScalarView()
      while index < scalars.count, !ends(scalars[index]) {
        if scalars[index] == ":", let key = try key(String(text), column: start + 1) {
          index += 1
          if index < scalars.count, scalars[index] == "\"" { return .term(key: key, value: try quoted()) }
          return .term(key: key, value: plainWord())
        }
        text.append(scalars[index])
        index += 1
      }
      let word = String(text)
      return word.lowercased() == "or" ? .or : .term(key: nil, value: word)
    }

    /// `text` as a key, or nil for a word that merely holds a colon (a time, `12:30`).
    private func key(_ text: String, column: Int) throws(ParseError) -> String? {
      let lowered = text.lowercased()
      if MessageFilterParser.keys.contains(lowered) { return lowered }
      guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
      else { return nil }
      let expected = MessageFilterParser.keys.map { "\($0):" }.joined(separator: ", ")
      throw ParseError(
        column: column, message: "unknown key '\(text):'; expected \(expected), or quote words that hold ':'")
    }

    private mutating func plainWord() -> String {
      var text = String.UnicodeScalarView()
      while index < scalars.count, !ends(scalars[index]) {
        text.append(scalars[index])
        index += 1
      }
      return String(text)
    }

    private func ends(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isWhitespace || scalar == "(" || scalar == ")"
    }

    /// The words between a quote at `index` and the next one.
    private mutating func quoted() throws(ParseError) -> String {
      let open = index
      index += 1
      var text = String.UnicodeScalarView()
      while index < scalars.count, scalars[index] != "\"" {
        text.append(scalars[index])
        index += 1
      }
      guard index < scalars.count else { throw ParseError(column: open + 1, message: "'\"' is never closed") }
      index += 1
      return String(text)
    }
  }
}
