/// Turns Slack's `mrkdwn` message text into plain text and spans.
///
/// Handles `&amp; &lt; &gt;`; `<@U123>` and `<@U123|name>` (→ "@Name", a mention span);
/// `<#C123|general>` (→ "#general"); `<!here>` and its kin; `<https://x|label>` (→ the label,
/// a link span); `:shortcode:` emoji; `*bold*`, `_italic_`, `~strike~`, `` `code` ``,
/// ```` ```blocks``` ```` and `>` quotes. Markers become spans and leave the text.
struct SlackMarkup {
  /// The display name of a user id, if known.
  var userName: (String) -> String?
  /// The name of a channel id, if known.
  var channelName: (String) -> String?

  struct Result: Equatable {
    var text: String
    var spans: [TextSpan]
  }

  func decode(_ text: String) -> Result {
    var decoder = Decoder(raw: Array(text.unicodeScalars), markup: self)
    decoder.run()
    return Result(text: String(decoder.output), spans: decoder.spans)
  }

  /// `&amp;`, `&lt;` and `&gt;` decoded; everything else kept.
  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
      of: "&gt;", with: ">"
    )
    .replacingOccurrences(of: "&amp;", with: "&")
  }

  private struct Closer {
    var style: TextSpan.Style
    /// Output scalar index where the span starts.
    var start: Int
    /// Raw scalars to skip at the closer (0 for a quote ending at a new line).
    var markerLength: Int
    /// Whether formatting is off until the closer (code).
    var isLiteral: Bool
  }

  private struct Decoder {
    let raw: [Unicode.Scalar]
    let markup: SlackMarkup
    var output = String.UnicodeScalarView()
    var outputCount = 0
    var spans: [TextSpan] = []
    /// Raw index → the span that ends there.
    var closers: [Int: Closer] = [:]
    /// Raw index up to which formatting is off (inside code).
    var literalUntil = -1
    var index = 0

    init(raw: [Unicode.Scalar], markup: SlackMarkup) {
      self.raw = raw
      self.markup = markup
    }

    /// How far closers and tokens are searched, to stay linear on pathological input.
    static let lookahead = 4000

    mutating func emit(_ text: String) {
      for scalar in text.unicodeScalars {
        output.append(scalar)
        outputCount += 1
      }
    }

    mutating func emit(_ scalar: Unicode.Scalar) {
      output.append(scalar)
      outputCount += 1
    }

    func matches(_ text: String, at position: Int) -> Bool {
      var offset = position
      for scalar in text.unicodeScalars {
        guard offset < raw.count, raw[offset] == scalar else { return false }
        offset += 1
      }
      return true
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    mutating func run() {
      while index < raw.count {
        if let closer = closers.removeValue(forKey: index) {
          close(closer)
          index += closer.markerLength
          if closer.isLiteral { literalUntil = -1 }
          continue
        }
        let scalar = raw[index]
        if scalar == "<", let end = tokenEnd(from: index) {
          emitToken(String(String.UnicodeScalarView(raw[(index + 1)..<end])))
          index = end + 1
          continue
        }
        if scalar == "&" {
          if matches("&amp;", at: index) {
            emit("&")
            index += 5
            continue
          }
          if matches("&lt;", at: index) {
            emit("<")
            index += 4
            continue
          }
          if matches("&gt;", at: index) {
            if literalUntil < 0, startQuote() { continue }
            emit(">")
            index += 4
            continue
          }
        }
        if literalUntil >= 0 {
          emit(scalar)
          index += 1
          continue
        }
        if scalar == "`", startCode() { continue }
        if scalar == ":", emitEmoji() { continue }
        if scalar == "*" || scalar == "_" || scalar == "~", openMarker(scalar) { continue }
        emit(scalar)
        index += 1
      }
      // Quotes running to the end of the text close here; unmatched markers were not removed.
      for (_, closer) in closers.sorted(by: { $0.key < $1.key }) where closer.markerLength == 0 {
        close(closer)
      }
      spans.sort { ($0.start, -$0.length) < ($1.start, -$1.length) }
    }

    mutating func close(_ closer: Closer) {
      let length = outputCount - closer.start
      if length > 0 {
        spans.append(TextSpan(start: closer.start, length: length, style: closer.style))
      }
    }

    /// The index of the `>` closing a `<…>` token that starts at `start`.
    func tokenEnd(from start: Int) -> Int? {
      var position = start + 1
      let limit = min(raw.count, start + Decoder.lookahead)
      while position < limit {
        switch raw[position] {
        case ">": return position > start + 1 ? position : nil
        case "<", "\n": return nil
        default: position += 1
        }
      }
      return nil
    }

    mutating func emitToken(_ token: String) {
      let parts = token.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
      let target = String(parts[0])
      let label =
        parts.count > 1 && !parts[1].isEmpty ? SlackMarkup.decodeEntities(String(parts[1])) : nil
      let start = outputCount
      if target.hasPrefix("@") {
        let id = String(target.dropFirst())
        let name =
          markup.userName(id) ?? label.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 } ?? id
        emit("@" + name)
        spans.append(TextSpan(start: start, length: outputCount - start, style: .mention(id)))
      } else if target.hasPrefix("#") {
        let id = String(target.dropFirst())
        emit("#" + (label ?? markup.channelName(id) ?? id))
        spans.append(TextSpan(start: start, length: outputCount - start, style: .mention(id)))
      } else if target.hasPrefix("!") {
        let command = target.dropFirst()
        if let label {
          emit(label)
        } else if let caret = command.firstIndex(of: "^") {
          emit("@" + command[..<caret])
        } else {
          emit("@" + command)
        }
      } else {
        let url = SlackMarkup.decodeEntities(target)
        var shown = label ?? url
        if label == nil, shown.hasPrefix("mailto:") { shown = String(shown.dropFirst(7)) }
        emit(shown)
        spans.append(TextSpan(start: start, length: outputCount - start, style: .link(url)))
      }
    }

    /// A `>` (written `&gt;`) at the start of a line quotes that line; `>>>` the rest.
    mutating func startQuote() -> Bool {
      guard index == 0 || raw[index - 1] == "\n" else { return false }
      var position = index + 4
      var toEnd = false
      if matches("&gt;&gt;", at: position) {
        position += 8
        toEnd = true
      }
      if position < raw.count, raw[position] == " " { position += 1 }
      var end = raw.count
      if !toEnd {
        end = position
        while end < raw.count, raw[end] != "\n" { end += 1 }
      }
      index = position
      closers[end] = Closer(style: .quote, start: outputCount, markerLength: 0, isLiteral: false)
      return true
    }

    /// `` `code` `` on one line, or a ```` ``` ```` block.
    mutating func startCode() -> Bool {
      let isBlock = matches("```", at: index)
      let marker = isBlock ? 3 : 1
      var position = index + marker
      let limit = min(raw.count, index + Decoder.lookahead * (isBlock ? 25 : 1))
      while position < limit {
        if raw[position] == "<", let end = tokenEnd(from: position) {
          position = end + 1
          continue
        }
        if !isBlock, raw[position] == "\n" { return false }
        if raw[position] == "`", isBlock ? matches("```", at: position) : position > index + 1 {
          var contentStart = index + marker
          if isBlock, contentStart < position, raw[contentStart] == "\n" { contentStart += 1 }
          var closerAt = position
          if isBlock, closerAt > contentStart, raw[closerAt - 1] == "\n" {
            // Drop the new line before the closing fence with the fence.
            closerAt -= 1
            closers[closerAt] = Closer(
              style: .codeBlock(language: nil), start: outputCount, markerLength: 4, isLiteral: true)
          } else {
            closers[closerAt] = Closer(
              style: isBlock ? .codeBlock(language: nil) : .code, start: outputCount, markerLength: marker,
              isLiteral: true)
          }
          literalUntil = closerAt
          index = contentStart
          return true
        }
        position += 1
      }
      return false
    }

    /// `:name:` or `:name::skin-tone-N:` as an emoji, when the name is known.
    mutating func emitEmoji() -> Bool {
      var position = index + 1
      let limit = min(raw.count, index + 64)
      while position < limit, raw[position] != ":" {
        let scalar = raw[position]
        guard scalar.isASCII, Decoder.isWordScalar(scalar) || "_+-'".unicodeScalars.contains(scalar)
        else { return false }
        position += 1
      }
      guard position < limit, position > index + 1 else { return false }
      var name = String(String.UnicodeScalarView(raw[(index + 1)..<position]))
      var end = position
      if matches("::skin-tone-", at: position), position + 13 < raw.count, raw[position + 13] == ":" {
        name += String(String.UnicodeScalarView(raw[position..<(position + 13)]))
        end = position + 13
      }
      guard let emoji = SlackEmoji.emoji(for: name) else { return false }
      emit(emoji)
      index = end + 1
      return true
    }

    /// `*`, `_` or `~` that opens a span closed later on the same line.
    mutating func openMarker(_ marker: Unicode.Scalar) -> Bool {
      if index > 0, Decoder.isWordScalar(raw[index - 1]) || raw[index - 1] == marker {
        return false
      }
      guard index + 1 < raw.count, !Decoder.isSpace(raw[index + 1]), raw[index + 1] != marker else {
        return false
      }
      var position = index + 2
      let limit = min(raw.count, index + Decoder.lookahead)
      while position < limit, raw[position] != "\n" {
        if raw[position] == "<", let end = tokenEnd(from: position) {
          position = end + 1
          continue
        }
        if raw[position] == marker, !Decoder.isSpace(raw[position - 1]), closers[position] == nil,
          position + 1 == raw.count || !Decoder.isWordScalar(raw[position + 1])
        {
          let style: TextSpan.Style =
            marker == "*" ? .bold : marker == "_" ? .italic : .strikethrough
          closers[position] = Closer(
            style: style, start: outputCount, markerLength: 1, isLiteral: false)
          index += 1
          return true
        }
        position += 1
      }
      return false
    }
  }
}
