/// Discord's message text: Markdown in Discord's dialect (`__underline__`, no tables), then
/// the app's own tokens: `||spoilers||`, `<@id>` mentions shown as "@Name", `<:name:id>`
/// custom emoji shown as `:name:`, and the "@Name" mentions DiscordChatExporter already
/// wrote out, marked as mentions.
struct DiscordMarkdown {
  /// The names each mentioned user may appear under ("Lena", "lena.k"), display name first,
  /// by user id.
  var mentionedNames: [String: [String]]

  init(mentionedNames: [String: [String]] = [:]) {
    self.mentionedNames = mentionedNames
  }

  func read(_ content: String) -> (text: String, spans: [TextSpan]) {
    let (text, spans) = Self.readQuotesAndMarkdown(content)
    let scalars = Array(text.unicodeScalars)
    let code = Self.codeRanges(spans)
    var edits = ScalarEdits()
    var extraSpans: [TextSpan] = []
    var openSpoiler: Int?
    var index = 0
    while index < scalars.count {
      if let range = code.first(where: { $0.contains(index) }) {
        index = range.upperBound
        continue
      }
      if scalars[index] == "|", index + 1 < scalars.count, scalars[index + 1] == "|" {
        if let open = openSpoiler {
          edits.replace(open..<(open + 2), with: "")
          edits.replace(index..<(index + 2), with: "")
          extraSpans.append(TextSpan(start: open + 2, length: index - open - 2, style: .spoiler))
          openSpoiler = nil
        } else {
          openSpoiler = index
        }
        index += 2
        continue
      }
      if scalars[index] == "<", let token = token(in: scalars, at: index) {
        edits.replace(index..<token.end, with: token.shown, style: token.style)
        index = token.end
        continue
      }
      index += 1
    }
    var result = (text: text, spans: spans)
    if !edits.isEmpty || !extraSpans.isEmpty {
      result = edits.applied(to: scalars, spans: spans + extraSpans)
    }
    result.spans += writtenOutMentions(in: result.text, spans: result.spans)
    return result
  }

  /// Discord quotes differently from Markdown: `> ` quotes its one line and `>>> ` the rest
  /// of the message. The quoted runs and the others are read as Markdown each on its own.
  static func readQuotesAndMarkdown(_ content: String) -> (text: String, spans: [TextSpan]) {
    var output = FormattedTextBuilder()
    for (index, segment) in quoteSegments(content).enumerated() {
      if index > 0 { output.append("\n") }
      let start = output.position
      output.append(MarkdownReader.read(segment.text, dialect: .discord))
      if segment.isQuote { output.addSpan(.quote, from: start) }
    }
    return output.result
  }

  /// Runs of lines, each quoted or not, with the quote markers removed.
  static func quoteSegments(_ content: String) -> [(text: String, isQuote: Bool)] {
    var segments: [(lines: [Substring], isQuote: Bool)] = []
    func add(_ line: Substring, quoted: Bool) {
      if let last = segments.indices.last, segments[last].isQuote == quoted {
        segments[last].lines.append(line)
      } else {
        segments.append(([line], quoted))
      }
    }
    var inFence = false
    var restQuoted = false
    for line in content.split(separator: "\n", omittingEmptySubsequences: false) {
      if restQuoted {
        add(line, quoted: true)
      } else if !inFence, line.hasPrefix(">>> ") || line == ">>>" {
        restQuoted = true
        add(line.dropFirst(min(4, line.count)), quoted: true)
      } else if !inFence, line.hasPrefix("> ") || line == ">" {
        add(line.dropFirst(min(2, line.count)), quoted: true)
      } else {
        if line.hasPrefix("```") { inFence.toggle() }
        add(line, quoted: false)
      }
    }
    return segments.map { ($0.lines.joined(separator: "\n"), $0.isQuote) }
  }

  private static func codeRanges(_ spans: [TextSpan]) -> [Range<Int>] {
    spans.compactMap { span in
      switch span.style {
      case .code, .codeBlock: return span.start..<span.end
      default: return nil
      }
    }
  }

  private struct Token {
    var end: Int
    var shown: String
    var style: TextSpan.Style?
  }

  /// The `<…>` token starting at `start`: `<@id>`, `<@!id>`, `<@&id>`, `<#id>`,
  /// `<:name:id>` or `<a:name:id>`.
  private func token(in scalars: [Unicode.Scalar], at start: Int) -> Token? {
    let limit = min(scalars.count, start + 120)
    guard let close = (start + 1..<limit).first(where: { scalars[$0] == ">" }) else { return nil }
    let inner = String(String.UnicodeScalarView(scalars[(start + 1)..<close]))
    func isID(_ text: Substring) -> Bool { !text.isEmpty && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) }
    if inner.hasPrefix("@&"), isID(inner.dropFirst(2)) {
      return Token(end: close + 1, shown: "@role", style: nil)
    }
    if inner.hasPrefix("@") {
      let id = inner.hasPrefix("@!") ? inner.dropFirst(2) : inner.dropFirst()
      guard isID(id) else { return nil }
      let name = mentionedNames[String(id)]?.first ?? String(id)
      return Token(end: close + 1, shown: "@" + name, style: .mention(String(id)))
    }
    if inner.hasPrefix("#"), isID(inner.dropFirst()) {
      return Token(end: close + 1, shown: "#channel", style: nil)
    }
    let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 3, parts[0].isEmpty || parts[0] == "a", !parts[1].isEmpty, isID(parts[2]) {
      return Token(end: close + 1, shown: ":\(parts[1]):", style: nil)
    }
    return nil
  }

  /// Mention spans over the "@Name" of each mentioned user, outside code and other mentions.
  private func writtenOutMentions(in text: String, spans: [TextSpan]) -> [TextSpan] {
    guard !mentionedNames.isEmpty, text.contains("@") else { return [] }
    let scalars = Array(text.unicodeScalars)
    var taken = [Bool](repeating: false, count: scalars.count)
    for span in spans {
      switch span.style {
      case .code, .codeBlock, .mention:
        for index in span.start..<min(span.end, scalars.count) where index >= 0 { taken[index] = true }
      default: break
      }
    }
    var names: [(id: String, name: [Unicode.Scalar])] = []
    for (id, list) in mentionedNames {
      for name in list where !name.isEmpty { names.append((id, Array(name.unicodeScalars))) }
    }
    // The longest name first, so "@Ana Lima" wins over "@Ana"; ids break ties for a stable order.
    names.sort { $0.name.count != $1.name.count ? $0.name.count > $1.name.count : $0.id < $1.id }
    var result: [TextSpan] = []
    for index in scalars.indices where scalars[index] == "@" && !taken[index] {
      for (id, name) in names {
        let end = index + 1 + name.count
        guard end <= scalars.count, Array(scalars[(index + 1)..<end]) == name,
          !taken[index..<end].contains(true),
          end == scalars.count || !scalars[end].properties.isAlphabetic
        else { continue }
        result.append(TextSpan(start: index, length: end - index, style: .mention(id)))
        for position in index..<end { taken[position] = true }
        break
      }
    }
    return result
  }
}
