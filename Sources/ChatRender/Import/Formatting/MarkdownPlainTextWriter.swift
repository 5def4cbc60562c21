/// Walks a cmark tree and writes the plain text a chat shows for it, with a span for each
/// piece of formatting. Markers leave the text; list markers stay (see `TextSpan`).
struct MarkdownPlainTextWriter {
  let tree: CmarkTree
  let dialect: MarkdownDialect
  private(set) var output = FormattedTextBuilder()
  private var listDepth = 0
  /// How deep the walk is in the tree; past `maxDepth` a node's text is written flat, so
  /// hostile nesting (100,000 `>`) cannot exhaust the stack.
  private var depth = 0
  static let maxDepth = 64

  /// The bullets of nested unordered lists, outermost first, as chat apps draw them.
  static let bullets = ["•", "◦", "▪"]
  /// What a rule leaves in the plain text.
  static let ruleText = "———"

  init(tree: CmarkTree, dialect: MarkdownDialect) {
    self.tree = tree
    self.dialect = dialect
  }

  mutating func writeDocument() {
    writeBlocks(tree.root.children)
    output.trimTrailingNewlines()
  }

  // MARK: - Blocks

  /// Blocks one after another: on the next line when they were typed so, else after an
  /// empty line.
  private mutating func writeBlocks(_ nodes: [CmarkNode]) {
    var previousEnd: Int?
    for node in nodes {
      if let previousEnd {
        output.append(tree.hasEmptyLine(from: previousEnd, to: node.startLine - 1) ? "\n\n" : "\n")
      }
      writeBlock(node)
      previousEnd = node.endLine
    }
  }

  private mutating func writeBlock(_ node: CmarkNode) {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else {
      writeFlat(node)
      return
    }
    if dialect.isShownAsTyped(node, in: tree) {
      output.append(tree.typedText(of: node))
      return
    }
    let start = output.position
    switch node.type {
    case "paragraph":
      writeInlines(node.children)
    case "heading":
      writeInlines(node.children)
      output.addSpan(.heading(level: min(max(node.headingLevel, 1), 6)), from: start)
    case "code_block":
      output.append(Self.droppingFinalNewlines(node.literal))
      let language = node.fenceInfo.split(whereSeparator: \.isWhitespace).first.map(String.init)
      output.addSpan(.codeBlock(language: language), from: start)
    case "html_block":
      output.append(Self.droppingFinalNewlines(node.literal))
    case "thematic_break":
      output.append(Self.ruleText)
      output.addSpan(.rule, from: start)
    case "block_quote":
      writeBlocks(node.children)
      output.addSpan(.quote, from: start)
    case "list":
      writeList(node)
    case "table":
      writeTable(node)
    default:
      writeBlocks(node.children)
    }
  }

  private mutating func writeList(_ list: CmarkNode) {
    listDepth += 1
    defer { listDepth -= 1 }
    var number = list.listStart
    for (index, item) in list.children.enumerated() {
      if index > 0 { output.append("\n") }
      let start = output.position
      let marker =
        list.isOrderedList
        ? "\(number)" + (list.usesParenthesis ? ")" : ".")
        : Self.bullets[(listDepth - 1) % Self.bullets.count]
      output.append(marker + " ")
      writeBlocks(item.children)
      output.addSpan(.listItem(depth: listDepth, marker: marker), from: start)
      number += 1
    }
  }

  /// Rows as lines, cells separated by tabs: readable as plain text, and the layout splits
  /// rows at the tabs (an empty cell has no span of its own).
  private mutating func writeTable(_ table: CmarkNode) {
    let start = output.position
    let alignments = table.tableAlignments
    for (rowIndex, row) in table.children.enumerated() {
      if rowIndex > 0 { output.append("\n") }
      let rowStart = output.position
      for (column, cell) in row.children.enumerated() {
        if column > 0 { output.append("\t") }
        let cellStart = output.position
        writeInlines(cell.children)
        let alignment = column < alignments.count ? alignments[column] : .none
        output.addSpan(.tableCell(alignment: alignment), from: cellStart)
      }
      output.addSpan(.tableRow, from: rowStart)
    }
    output.addSpan(.table, from: start)
  }

  // MARK: - Inlines

  private mutating func writeInlines(_ nodes: [CmarkNode]) {
    for node in nodes { writeInline(node) }
  }

  private mutating func writeInline(_ node: CmarkNode) {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else {
      writeFlat(node)
      return
    }
    let start = output.position
    switch node.type {
    case "text", "html_inline":
      output.append(node.literal)
    case "softbreak", "linebreak":
      // Chat apps keep the lines as typed.
      output.append("\n")
    case "code":
      output.append(node.literal)
      output.addSpan(.code, from: start)
    case "emph":
      writeInlines(node.children)
      output.addSpan(.italic, from: start)
    case "strong":
      writeInlines(node.children)
      output.addSpan(isUnderline(node) ? .underline : .bold, from: start)
    case "strikethrough":
      writeInlines(node.children)
      output.addSpan(.strikethrough, from: start)
    case "link", "image":
      writeInlines(node.children)
      if output.position == start { output.append(node.url) }
      output.addSpan(.link(node.url), from: start)
    default:
      if node.children.isEmpty { output.append(node.literal) } else { writeInlines(node.children) }
    }
  }

  /// The words of `node` and everything in it, without formatting, walked without
  /// recursion.
  private mutating func writeFlat(_ node: CmarkNode) {
    for (event, inner) in node.subtree {
      switch (event, inner.type) {
      case (.enter, "text"), (.enter, "code"), (.enter, "html_inline"), (.enter, "code_block"),
        (.enter, "html_block"):
        output.append(inner.literal)
      case (.enter, "softbreak"), (.enter, "linebreak"), (.exit, "paragraph"), (.exit, "heading"):
        if output.lastScalar != "\n" { output.append("\n") }
      default:
        break
      }
    }
    output.trimTrailingNewlines()
  }

  /// Whether a strong emphasis was typed `__so__` in a dialect where that underlines.
  private func isUnderline(_ node: CmarkNode) -> Bool {
    dialect.underlinesWithUnderscores
      && tree.byte(line: node.startLine, column: node.startColumn) == UInt8(ascii: "_")
  }

  private static func droppingFinalNewlines(_ text: String) -> String {
    var text = Substring(text)
    while text.last == "\n" { text = text.dropLast() }
    return String(text)
  }
}
