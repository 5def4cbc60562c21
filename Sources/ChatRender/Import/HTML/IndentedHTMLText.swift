import Foundation

/// The text of HTML pages written indented, as Telegram Desktop's and Google Voice's exports
/// are: every block tag on a line of its own, a message's own line breaks as `<br>`, so a raw
/// line break and the spaces after it are layout, never text.
enum IndentedHTMLText {
  /// `text` with the writer's line breaks and indentation removed and the ends trimmed.
  static func trimmed(_ text: String) -> String {
    layoutFree(text).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The text of `element`'s own text children, not of the elements inside it (a forward's
  /// `from_name` holds its date in a span).
  static func ownText(of element: HTMLElement) -> String {
    trimmed(element.children.map { if case .text(let text) = $0 { text } else { "" } }.joined())
  }

  /// A message's `div.text`: its runs, styled by the tags Telegram writes for entities.
  static func styled(_ element: HTMLElement) -> StyledTextBuilder {
    var builder = StyledTextBuilder()
    var runs: [(String, TextSpan.Style?)] = []
    collect(element, style: nil, into: &runs)
    trimEnds(&runs)
    for (text, style) in runs { builder.append(text, style: style) }
    return builder
  }

  /// The style of each tag the export writes (`FormatText` in tdesktop's HTML writer).
  private static func style(of element: HTMLElement) -> TextSpan.Style? {
    switch element.name {
    case "strong", "b": return .bold
    case "em", "i": return .italic
    case "u": return .underline
    case "s", "del", "strike": return .strikethrough
    case "code": return .code
    case "pre": return .codeBlock(language: nil)
    case "blockquote": return .quote
    case "a":
      let href = element.attributes["href"] ?? ""
      return href.isEmpty || href.hasPrefix("#") ? nil : .link(href)
    case "span" where element.hasClass("spoiler"): return .spoiler
    default: return nil
    }
  }

  private static func collect(
    _ element: HTMLElement, style: TextSpan.Style?, into runs: inout [(String, TextSpan.Style?)]
  ) {
    for child in element.children {
      switch child {
      case .text(let text):
        let kept = layoutFree(text)
        if !kept.isEmpty { runs.append((kept, style)) }
      case .element(let inner) where inner.name == "br":
        runs.append(("\n", nil))
      case .element(let inner):
        collect(inner, style: Self.style(of: inner) ?? style, into: &runs)
      }
    }
  }

  /// Removes white space before the first run and after the last.
  private static func trimEnds(_ runs: inout [(String, TextSpan.Style?)]) {
    while let first = runs.first {
      let text = String(first.0.drop { $0 == " " || $0 == "\t" })
      if text.isEmpty {
        runs.removeFirst()
      } else {
        runs[0].0 = text
        break
      }
    }
    while let last = runs.last {
      var text = last.0
      while let end = text.last, end == " " || end == "\t" { text.removeLast() }
      if text.isEmpty {
        runs.removeLast()
      } else {
        runs[runs.count - 1].0 = text
        break
      }
    }
  }

  /// `text` without each raw line break and the indentation after it.
  private static func layoutFree(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    var result = ""
    var afterBreak = false
    for character in text {
      if character.isNewline {
        afterBreak = true
      } else if afterBreak, character == " " || character == "\t" {
        continue
      } else {
        afterBreak = false
        result.append(character)
      }
    }
    return result
  }
}
