/// Reads Markdown (CommonMark with GitHub's tables, strikethrough and autolinks, parsed by
/// cmark-gfm) into the plain text a chat shows and spans for its formatting.
///
/// ChatGPT and OpenAI answers use it as it is; Discord reads it through `DiscordMarkdown`,
/// which adds that app's own rules.
enum MarkdownReader {
  /// `markdown` as displayed text (markers removed) and spans over it.
  static func read(_ markdown: String) -> (text: String, spans: [TextSpan]) {
    read(markdown, dialect: .gitHub)
  }

  static func read(_ markdown: String, dialect: MarkdownDialect) -> (text: String, spans: [TextSpan]) {
    let tree = CmarkTree(markdown, extensions: dialect.extensions)
    var writer = MarkdownPlainTextWriter(tree: tree, dialect: dialect)
    writer.writeDocument()
    return writer.output.result
  }
}

/// A flavour of Markdown: GitHub's (ChatGPT, OpenAI) or Discord's.
enum MarkdownDialect {
  case gitHub, discord

  var extensions: [CmarkTree.Extension] {
    switch self {
    case .gitHub: return CmarkTree.Extension.allCases
    // Discord draws no tables.
    case .discord: return [.strikethrough, .autolink]
    }
  }

  /// Whether `__text__` underlines (Discord) instead of making it bold.
  var underlinesWithUnderscores: Bool { self == .discord }

  /// Whether a construct is shown as typed rather than formatted: Discord has no rules,
  /// setext headings, indented code, headings below level 3, or quotes other than the ones
  /// `DiscordMarkdown` took out before parsing (`>text` without a space).
  func isShownAsTyped(_ node: CmarkNode, in tree: CmarkTree) -> Bool {
    guard self == .discord else { return false }
    switch node.type {
    case "thematic_break": return true
    case "heading":
      let isATX = tree.byte(line: node.startLine, column: node.startColumn) == UInt8(ascii: "#")
      return !isATX || node.headingLevel > 3
    case "code_block": return !node.isFenced
    case "block_quote": return true
    default: return false
    }
  }
}
