/// Reads a message's HTML fragment (Matrix's `formatted_body`, Skype's `content`) into plain
/// text and `TextSpan`s: the markup becomes formatting and is never drawn.
///
/// Tolerant as browsers are: unknown tags are dropped and their text kept, unclosed ones end
/// with the fragment, a stray end tag is ignored. Bold, italic, underline, strikethrough,
/// inline code, links, spoilers, headings, quotes, code blocks and lists become spans;
/// `<br>` and the ends of paragraphs become line breaks; entities are decoded. A format's own
/// tags (Skype's emoticons, Matrix's reply fallback) are handled by `custom`.
struct HTMLFragmentReader: Sendable {
  /// What a format does with one of its own tags.
  enum CustomTag {
    /// Drops the element and what it holds.
    case skip
    /// Writes `text` in place of the element and what it holds.
    case replace(String)
    /// Keeps what the element holds, with `style` over it.
    case style(TextSpan.Style)
  }

  /// Whether line breaks in the text are kept (Skype) or are spaces, as in HTML (Matrix).
  var keepsLineBreaks = false
  /// A format's handling of a tag (by lowercased name and attributes); nil for the usual HTML.
  var custom: @Sendable (String, [String: String]) -> CustomTag? = { _, _ in nil }

  /// How deep elements nest before further start tags are ignored (their text kept).
  static let maximumDepth = 64

  func read(_ html: String) -> (text: String, spans: [TextSpan]) {
    var state = State(reader: self)
    state.run(Array(html.unicodeScalars))
    return state.finish()
  }

  private struct Open {
    var name: String
    var style: TextSpan.Style?
    var start: Int
    var isBlock: Bool
    /// The next number of an ordered list.
    var nextNumber: Int?
  }

  private struct State {
    let reader: HTMLFragmentReader
    var output = String.UnicodeScalarView()
    var count = 0
    var spans: [TextSpan] = []
    var open: [Open] = []
    /// Inside `<pre>`: spaces and line breaks kept.
    var preformatted = 0
    /// A space is owed before the next text (collapsed white space).
    var pendingSpace = false

    init(reader: HTMLFragmentReader) { self.reader = reader }

    mutating func emit(_ scalar: Unicode.Scalar) {
      output.append(scalar)
      count += 1
    }

    mutating func emitText(_ text: String) {
      for scalar in text.unicodeScalars { emitTextScalar(scalar) }
    }

    mutating func emitTextScalar(_ scalar: Unicode.Scalar) {
      let isBreak = scalar == "\n" || scalar == "\r"
      if preformatted > 0 || (reader.keepsLineBreaks && isBreak) {
        if scalar != "\r" { emit(scalar) }
        pendingSpace = false
        return
      }
      if scalar == " " || scalar == "\t" || isBreak {
        pendingSpace = true
        return
      }
      flushSpace()
      emit(scalar)
    }

    /// Writes the space owed, once, unless at the start of a line.
    mutating func flushSpace() {
      if pendingSpace, count > 0, output.last != "\n", output.last != " " { emit(" ") }
      pendingSpace = false
    }

    /// Starts a new line unless the output is empty or already at one.
    mutating func breakLine() {
      pendingSpace = false
      if count > 0, output.last != "\n" { emit("\n") }
    }

    mutating func run(_ raw: [Unicode.Scalar]) {
      var index = 0
      while index < raw.count {
        let scalar = raw[index]
        if scalar == "<", let (tag, next) = HTMLFragmentReader.tag(in: raw, at: index) {
          index = next
          if tag.isEnd {
            close(tag.name)
          } else if let skipTo = start(tag, raw: raw, after: next) {
            index = skipTo
          }
        } else if scalar == "&", let (decoded, next) = HTMLFragmentReader.entity(in: raw, at: index) {
          emitText(decoded)
          index = next
        } else {
          emitTextScalar(scalar)
          index += 1
        }
      }
    }

    /// Opens `tag`; returns where to go on when its contents are skipped.
    mutating func start(_ tag: Tag, raw: [Unicode.Scalar], after next: Int) -> Int? {
      if let custom = reader.custom(tag.name, tag.attributes) {
        switch custom {
        case .skip:
          return tag.isSelfClosing ? nil : HTMLFragmentReader.end(of: tag.name, in: raw, from: next)
        case .replace(let text):
          emitText(text)
          return tag.isSelfClosing ? nil : HTMLFragmentReader.end(of: tag.name, in: raw, from: next)
        case .style(let style):
          if !tag.isSelfClosing { push(tag.name, style: style, isBlock: style.isBlock) }
          return nil
        }
      }
      switch tag.name {
      case "br":
        pendingSpace = false
        emit("\n")
      case "hr":
        breakLine()
      case "img":
        if let alt = tag.attributes["alt"] { emitText(alt) }
      case "p", "div":
        breakLine()
        if !tag.isSelfClosing { push(tag.name, style: nil, isBlock: true) }
      default:
        guard !tag.isSelfClosing else { return nil }
        open(tag)
      }
      return nil
    }

    mutating func open(_ tag: Tag) {
      switch tag.name {
      case "b", "strong": push(tag.name, style: .bold, isBlock: false)
      case "i", "em": push(tag.name, style: .italic, isBlock: false)
      case "u", "ins": push(tag.name, style: .underline, isBlock: false)
      case "s", "del", "strike": push(tag.name, style: .strikethrough, isBlock: false)
      case "code": push(tag.name, style: preformatted > 0 ? nil : .code, isBlock: false)
      case "a":
        push(tag.name, style: tag.attributes["href"].map { .link($0) }, isBlock: false)
      case "span", "font":
        let isSpoiler = tag.attributes["data-mx-spoiler"] != nil
        push(tag.name, style: isSpoiler ? .spoiler : nil, isBlock: false)
      case "blockquote":
        breakLine()
        push(tag.name, style: .quote, isBlock: true)
      case "pre":
        breakLine()
        preformatted += 1
        push(tag.name, style: .codeBlock(language: nil), isBlock: true)
      case "h1", "h2", "h3", "h4", "h5", "h6":
        breakLine()
        let level = Int(String(tag.name.dropFirst())) ?? 1
        push(tag.name, style: .heading(level: level), isBlock: true)
      case "ul", "ol":
        breakLine()
        push(tag.name, style: nil, isBlock: true)
        if tag.name == "ol" { open[open.count - 1].nextNumber = Int(tag.attributes["start"] ?? "") ?? 1 }
      case "li":
        breakLine()
        let depth = max(1, open.filter { $0.name == "ul" || $0.name == "ol" }.count)
        var marker = depth == 1 ? "•" : "◦"
        if let list = open.lastIndex(where: { $0.name == "ul" || $0.name == "ol" }),
          let number = open[list].nextNumber
        {
          marker = "\(number)."
          open[list].nextNumber = number + 1
        }
        push(tag.name, style: .listItem(depth: depth, marker: marker), isBlock: true)
        emitText(marker + " ")
      default:
        push(tag.name, style: nil, isBlock: false)
      }
    }

    mutating func push(_ name: String, style: TextSpan.Style?, isBlock: Bool) {
      guard open.count < HTMLFragmentReader.maximumDepth else { return }
      // "at <b>9</b>": the space belongs before the bold word.
      if !isBlock { flushSpace() }
      open.append(Open(name: name, style: style, start: count, isBlock: isBlock))
    }

    mutating func close(_ name: String) {
      guard let index = open.lastIndex(where: { $0.name == name }) else { return }
      while open.count > index { closeLast() }
    }

    mutating func closeLast() {
      let element = open.removeLast()
      if element.name == "pre" {
        preformatted -= 1
        while output.last == "\n", count > element.start {
          output.removeLast()
          count -= 1
        }
      }
      if let style = element.style {
        var end = count
        if element.isBlock, end > element.start, output.last == "\n" { end -= 1 }
        if end > element.start {
          spans.append(TextSpan(start: element.start, length: end - element.start, style: style))
        }
      }
      if element.isBlock { breakLine() }
    }

    mutating func finish() -> (String, [TextSpan]) {
      while !open.isEmpty { closeLast() }
      while output.last == "\n" {
        output.removeLast()
        count -= 1
      }
      var kept: [TextSpan] = []
      for span in spans where span.start < count {
        kept.append(TextSpan(start: span.start, length: min(span.length, count - span.start), style: span.style))
      }
      kept.sort { ($0.start, -$0.length) < ($1.start, -$1.length) }
      return (String(output), kept)
    }
  }

  // MARK: - Scanning

  struct Tag {
    var name: String
    var attributes: [String: String]
    var isEnd: Bool
    var isSelfClosing: Bool
  }

  static let maximumTagLength = 4096

  static let voidElements: Set<String> = ["br", "hr", "img", "e_m", "meta", "input", "wbr"]

  /// The tag starting at the `<` at `start`, and the index after its `>`; nil when the `<`
  /// starts no tag (it is then text).
  static func tag(in raw: [Unicode.Scalar], at start: Int) -> (Tag, Int)? {
    // A tag longer than this is text: a stray `<` must not make every later one scan to the end.
    let limit = min(raw.count, start + maximumTagLength)
    var index = start + 1
    var isEnd = false
    if index < limit, raw[index] == "/" {
      isEnd = true
      index += 1
    }
    if index < limit, raw[index] == "!" {
      // A comment or doctype: skipped whole.
      guard let close = find(">", in: raw, from: index, before: limit) else { return nil }
      return (Tag(name: "!", attributes: [:], isEnd: true, isSelfClosing: true), close + 1)
    }
    let nameStart = index
    while index < limit, isNameScalar(raw[index]) { index += 1 }
    guard index > nameStart else { return nil }
    let name = String(String.UnicodeScalarView(raw[nameStart..<index])).lowercased()
    var attributes: [String: String] = [:]
    var isSelfClosing = voidElements.contains(name)
    while index < limit {
      let scalar = raw[index]
      if scalar == ">" {
        return (Tag(name: name, attributes: attributes, isEnd: isEnd, isSelfClosing: isSelfClosing), index + 1)
      }
      if scalar == "/" {
        isSelfClosing = true
        index += 1
        continue
      }
      if scalar == "<" { return nil }
      guard isNameScalar(scalar) else {
        index += 1
        continue
      }
      let attributeStart = index
      while index < limit, isNameScalar(raw[index]) { index += 1 }
      let attribute = String(String.UnicodeScalarView(raw[attributeStart..<index])).lowercased()
      var value = ""
      if index < limit, raw[index] == "=" {
        index += 1
        if index < limit, raw[index] == "\"" || raw[index] == "'" {
          let quote = raw[index]
          guard let close = find(quote, in: raw, from: index + 1, before: limit) else { return nil }
          value = decodeEntities(raw[(index + 1)..<close])
          index = close + 1
        } else {
          let valueStart = index
          while index < limit, raw[index] != " ", raw[index] != ">" { index += 1 }
          value = decodeEntities(raw[valueStart..<index])
        }
      }
      if attributes[attribute] == nil { attributes[attribute] = value }
    }
    return nil
  }

  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
      || scalar == ":"
  }

  static func find(_ target: Unicode.Scalar, in raw: [Unicode.Scalar], from start: Int, before limit: Int) -> Int? {
    var index = start
    while index < limit {
      if raw[index] == target { return index }
      index += 1
    }
    return nil
  }

  /// The index after the end tag closing `name` (nesting counted), or the end of the text.
  static func end(of name: String, in raw: [Unicode.Scalar], from start: Int) -> Int {
    var depth = 1
    var index = start
    while index < raw.count {
      if raw[index] == "<", let (tag, next) = tag(in: raw, at: index) {
        if tag.name == name {
          if tag.isEnd { depth -= 1 } else if !tag.isSelfClosing { depth += 1 }
          if depth == 0 { return next }
        }
        index = next
      } else {
        index += 1
      }
    }
    return raw.count
  }

  static let namedEntities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
  ]

  /// The entity at the `&` at `start` decoded, and the index after its `;`.
  static func entity(in raw: [Unicode.Scalar], at start: Int) -> (String, Int)? {
    var index = start + 1
    var name = ""
    while index < raw.count, index - start <= 12, raw[index] != ";" {
      name.unicodeScalars.append(raw[index])
      index += 1
    }
    guard index < raw.count, raw[index] == ";", !name.isEmpty else { return nil }
    if let named = namedEntities[name] { return (named, index + 1) }
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value =
      digits.hasPrefix("x") || digits.hasPrefix("X")
      ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return ("\u{FFFD}", index + 1) }
    return (String(Character(scalar)), index + 1)
  }

  /// `text` with its entities decoded.
  static func decodeEntities(_ text: String) -> String {
    text.contains("&") ? decodeEntities(Array(text.unicodeScalars)[...]) : text
  }

  static func decodeEntities(_ raw: ArraySlice<Unicode.Scalar>) -> String {
    let scalars = Array(raw)
    var out = ""
    var index = 0
    while index < scalars.count {
      if scalars[index] == "&", let (decoded, next) = entity(in: scalars, at: index) {
        out += decoded
        index = next
      } else {
        out.unicodeScalars.append(scalars[index])
        index += 1
      }
    }
    return out
  }
}
