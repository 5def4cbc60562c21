import CCmark

/// A Markdown document parsed by cmark-gfm, freed with this object.
final class CmarkTree {
  /// The extensions of GitHub's Markdown that a tree may use.
  enum Extension: String, CaseIterable {
    case table, strikethrough, autolink
  }

  let root: CmarkNode
  /// The source as bytes, for the places where the typed text matters (which delimiter made
  /// a strong emphasis, a construct shown as typed).
  let source: [UInt8]
  private let lineStarts: [Int]

  init(_ markdown: String, extensions: [Extension]) {
    CmarkTree.registerExtensions
    source = Array(markdown.utf8)
    var starts = [0]
    for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
    // Source positions tell `__underline__` from `**bold**`; `~~` alone strikes, as ChatGPT
    // and Discord write it (a lone `~` is "about" in chat text).
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
    guard let parser = cmark_parser_new(options) else {
      fatalError("cmark_parser_new returned NULL (out of memory)")
    }
    defer { cmark_parser_free(parser) }
    for name in extensions {
      if let syntax = cmark_find_syntax_extension(name.rawValue) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    source.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        cmark_parser_feed(parser, chars.baseAddress, chars.count)
      }
    }
    guard let document = cmark_parser_finish(parser) else {
      fatalError("cmark_parser_finish returned NULL (out of memory)")
    }
    root = CmarkNode(pointer: document)
  }

  deinit { cmark_node_free(root.pointer) }

  /// cmark's registry of extensions is filled once per process (its own call is not safe to
  /// race).
  private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()

  /// The source byte at a 1-based line and column, as cmark counts them.
  func byte(line: Int, column: Int) -> UInt8? {
    guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
    let offset = lineStarts[line - 1] + column - 1
    return offset < source.count ? source[offset] : nil
  }

  /// Whether a line from `first` to `last` (1-based, inclusive) is empty, or holds only
  /// quote markers: blocks typed apart, not on consecutive lines.
  func hasEmptyLine(from first: Int, to last: Int) -> Bool {
    // cmark may count lines past ours (a NUL or a lone carriage return in the source).
    let lower = max(first, 1)
    let upper = min(last, lineStarts.count)
    guard lower <= upper else { return false }
    for line in lower...upper {
      let end = line < lineStarts.count ? lineStarts[line] - 1 : source.count
      let isEmpty = source[lineStarts[line - 1]..<end].allSatisfy { byte in
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">")
          || byte == UInt8(ascii: "\r")
      }
      if isEmpty { return true }
    }
    return false
  }

  /// The text a node was typed as, from its first to its last source position, and never into
  /// the next block: cmark ends a setext heading (`Title` over `===`) on the line after its
  /// underline, which would write that line twice.
  func typedText(of node: CmarkNode) -> String {
    guard let start = offset(line: node.startLine, column: node.startColumn),
      var end = offset(line: node.endLine, column: node.endColumn), end >= start
    else { return "" }
    if let next = node.next, let nextStart = offset(line: next.startLine, column: next.startColumn),
      nextStart > start
    {
      end = min(end, nextStart - 1)
      while end > start, source[end] == UInt8(ascii: "\n") || source[end] == UInt8(ascii: "\r") { end -= 1 }
    }
    return String(decoding: source[start...min(end, source.count - 1)], as: UTF8.self)
  }

  private func offset(line: Int, column: Int) -> Int? {
    guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
    let offset = lineStarts[line - 1] + column - 1
    return offset < source.count ? offset : nil
  }
}

/// One node of a `CmarkTree`, valid while its tree lives.
struct CmarkNode {
  let pointer: OpaquePointer

  /// cmark's name of the node's type: "paragraph", "strong", "table_cell", …
  var type: String { String(cString: cmark_node_get_type_string(pointer)) }

  /// The node after this one in its parent, if any.
  var next: CmarkNode? { cmark_node_next(pointer).map(CmarkNode.init(pointer:)) }

  var children: [CmarkNode] {
    var result: [CmarkNode] = []
    var child = cmark_node_first_child(pointer)
    while let node = child {
      result.append(CmarkNode(pointer: node))
      child = cmark_node_next(node)
    }
    return result
  }

  enum Event { case enter, exit }

  /// The node and every node inside it in document order, each entered and (if it can hold
  /// others) exited: cmark's own iterator, without recursion.
  var subtree: [(Event, CmarkNode)] {
    guard let iterator = cmark_iter_new(pointer) else { return [] }
    defer { cmark_iter_free(iterator) }
    var result: [(Event, CmarkNode)] = []
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
      guard let node = cmark_iter_get_node(iterator) else { break }
      result.append((event == CMARK_EVENT_EXIT ? .exit : .enter, CmarkNode(pointer: node)))
    }
    return result
  }

  var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
  var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
  var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
  var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
  var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
  var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
  var usesParenthesis: Bool { cmark_node_get_list_delim(pointer) == CMARK_PAREN_DELIM }
  var isFenced: Bool {
    var length: Int32 = 0
    var offset: Int32 = 0
    var character: CChar = 0
    return cmark_node_get_fenced(pointer, &length, &offset, &character) != 0
  }
  var tableAlignments: [TextSpan.TableAlignment] {
    let columns = Int(cmark_gfm_extensions_get_table_columns(pointer))
    guard let bytes = cmark_gfm_extensions_get_table_alignments(pointer) else {
      return Array(repeating: .none, count: columns)
    }
    return (0..<columns).map { index in
      switch bytes[index] {
      case UInt8(ascii: "l"): return .left
      case UInt8(ascii: "c"): return .center
      case UInt8(ascii: "r"): return .right
      default: return .none
      }
    }
  }

  var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
  var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
  var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
  var endColumn: Int { Int(cmark_node_get_end_column(pointer)) }
}
