import CLibXML2

/// An HTML export page (Telegram Desktop's `messages.html`, DiscordChatExporter's HTML) parsed
/// by libxml2's HTML parser, as browsers would read it (unclosed tags closed, entities decoded,
/// the encoding from the page), into plain Swift values. The parser reads nothing from the
/// network and expands no external entity; the file's size is bounded by the input limit, and
/// libxml2 stops a tree at 256 levels (without `HTML_PARSE_HUGE`), below `Limit.nestingDepth`,
/// which guards the copy's recursion all the same.
struct HTMLDocument {
  /// The `<html>` element, with everything inside it.
  let root: HTMLElement

  /// Parses `file`; throws when libxml2 finds no document at all (an empty or binary file).
  init(_ file: SourceFile) throws {
    let options = Int32(
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NOIMPLIED.rawValue)
    let parsed = file.bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        htmlReadMemory(chars.baseAddress, Int32(clamping: chars.count), nil, "UTF-8", options)
      }
    }
    guard let parsed else { throw DiagnosticError(.error("not an HTML page", at: file.location(ofOffset: 0))) }
    defer { xmlFreeDoc(parsed) }
    var converter = Converter(file: file)
    guard let top = xmlDocGetRootElement(parsed), let root = try converter.element(top, depth: 0) else {
      throw DiagnosticError(.error("not an HTML page", at: file.location(ofOffset: 0)))
    }
    self.root = root
  }

  /// Copies libxml2's nodes into `HTMLElement`s, refusing a tree deeper than the limit.
  private struct Converter {
    let file: SourceFile

    mutating func element(_ node: xmlNodePtr, depth: Int) throws -> HTMLElement? {
      guard node.pointee.type == XML_ELEMENT_NODE else { return nil }
      let line = Int(xmlGetLineNo(node))
      guard depth < Limit.nestingDepth.value else {
        throw DiagnosticError(
          .error(Limit.nestingDepth.exceededMessage(), at: file.location(line: max(line, 1), column: 1)))
      }
      var element = HTMLElement(name: Self.string(node.pointee.name).lowercased(), line: line)
      var attribute = node.pointee.properties
      while let current = attribute {
        element.attributes[Self.string(current.pointee.name).lowercased()] = Self.content(of: current.pointee.children)
        attribute = current.pointee.next
      }
      var child = node.pointee.children
      while let current = child {
        switch current.pointee.type {
        case XML_ELEMENT_NODE:
          if let inner = try self.element(current, depth: depth + 1) { element.children.append(.element(inner)) }
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
          element.children.append(.text(Self.string(current.pointee.content)))
        default:
          break
        }
        child = current.pointee.next
      }
      return element
    }

    /// The text of an attribute's children (libxml2 keeps an attribute's value as text nodes).
    static func content(of node: xmlNodePtr?) -> String {
      var text = ""
      var current = node
      while let node = current {
        text += string(node.pointee.content)
        current = node.pointee.next
      }
      return text
    }

    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
      guard let pointer else { return "" }
      return String(cString: pointer)
    }

    static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
      string(UnsafePointer(pointer))
    }
  }
}
