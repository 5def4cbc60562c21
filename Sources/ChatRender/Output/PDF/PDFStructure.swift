/// The document's logical structure (a tagged PDF), written as pages come: a Document
/// element holding a section for each day (its label a heading), in it one element for each
/// message that reads its author, time, body, quote, pictures and reactions in that order
/// (its title "Ana, 10:02"), tables as tables, pictures as figures with alternative text and
/// links as Link elements with a description. What else is drawn is an artifact.
final class PDFStructure {
  private let file: PDFFile
  private let labels: PDFMessageLabels?
  /// The document's language: a text in another script names its own.
  private let language: String
  /// The Document element, which every element names as its parent.
  let documentElement: Int
  private var children: [Int] = []
  /// The parent tree's entries: a page's key maps to its elements by marked-content id, an
  /// annotation's key to its element.
  private var parentTree: [(key: Int, value: String)] = []
  private var nextKey = 0
  /// The day's section being filled, and the message being filled; open across pages.
  private var section: OpenElement?
  private var message: OpenElement?
  private var messageIndex: Int?

  /// An element whose kids are still coming: written when it closes.
  private struct OpenElement {
    var object: Int
    var parent: Int
    var type: String
    var title: String?
    var kids: [Int] = []
  }

  init(file: PDFFile, labels: PDFMessageLabels?, language: String) {
    self.file = file
    self.labels = labels
    self.language = language
    documentElement = file.reserve()
  }

  /// What a page marks as it is drawn.
  struct Marked {
    enum Kind {
      case paragraph(text: String)
      case figure
    }
    var kind: Kind
    /// Where it lies on the page, in layout points.
    var frame: Rect
  }

  /// A link annotation to tag: its dictionary (without its closing `>>`) and description.
  struct Link {
    var frame: Rect
    var description: String
  }

  /// A new key for a page's marked content (its `/StructParents`).
  func pageKey() -> Int {
    defer { nextKey += 1 }
    return nextKey
  }

  /// A new key for an annotation's `/StructParent`.
  func annotationKey() -> Int { pageKey() }

  /// One marked content or annotation of a page, with what it is.
  private struct Entry {
    var piece: PDFPageReading.Piece
    var frame: Rect
    var content: Content
    enum Content {
      case marked(id: Int, Marked.Kind)
      case link(object: Int, key: Int, Link)
    }
  }

  /// Writes the elements of a page whose marked content `marked` lists by MCID and whose
  /// annotations are `links`, read as `reading` says.
  func addPage(
    object page: Int, key: Int, marked: [Marked], links: [(object: Int, key: Int, link: Link)], reading: PDFPageReading
  ) {
    var entries = marked.enumerated().map { id, item in
      Entry(piece: reading.piece(at: item.frame), frame: item.frame, content: .marked(id: id, item.kind))
    }
    entries += links.map {
      Entry(
        piece: reading.linkPiece(at: $0.link.frame), frame: $0.link.frame,
        content: .link(object: $0.object, key: $0.key, $0.link))
    }
    entries.sort {
      ($0.piece.ownerTop, $0.piece.role, $0.frame.minY, $0.frame.minX)
        < ($1.piece.ownerTop, $1.piece.role, $1.frame.minY, $1.frame.minX)
    }
    var elements = [Int](repeating: 0, count: marked.count)
    var index = 0
    while index < entries.count {
      let run = tableRun(entries, from: index)
      if run.count > 1 {
        writeTable(run.map { entries[$0] }, page: page, elements: &elements)
        index = run.last! + 1
      } else {
        write(entries[index], page: page, elements: &elements)
        index += 1
      }
    }
    parentTree.append((key, "[\(elements.map { "\($0) 0 R" }.joined(separator: " "))]"))
  }

  /// The entries from `start` that form a table's rows: body texts of one message, two or
  /// more side by side in each row.
  private func tableRun(_ entries: [Entry], from start: Int) -> [Int] {
    var run: [Int] = []
    var rows = 0
    var index = start
    while index < entries.count {
      let first = entries[index]
      guard case .message = first.piece.owner, first.piece.role == .body, case .marked = first.content else { break }
      var end = index + 1
      while end < entries.count, entries[end].piece.owner == first.piece.owner, entries[end].piece.role == .body,
        case .marked = entries[end].content, abs(entries[end].frame.minY - first.frame.minY) < 0.5
      {
        end += 1
      }
      guard end - index > 1 else { break }
      run += index..<end
      rows += 1
      index = end
    }
    // One row side by side is a voice note's button and length, not a table.
    return rows > 1 ? run : []
  }

  /// Writes cells of rows as a Table of TR, its first row's cells TH, the others' TD.
  private func writeTable(_ cells: [Entry], page: Int, elements: inout [Int]) {
    let parent = parent(for: cells[0].piece)
    let table = file.reserve()
    var rows: [Int] = []
    var start = 0
    while start < cells.count {
      var end = start + 1
      while end < cells.count, abs(cells[end].frame.minY - cells[start].frame.minY) < 0.5 { end += 1 }
      let row = file.reserve()
      let kids = cells[start..<end].map { cell -> Int in
        guard case .marked(let id, let kind) = cell.content else { return 0 }
        let element = markedElement(
          type: rows.isEmpty ? "TH" : "TD", id: id, kind: kind, page: page, parent: row,
          attributes: rows.isEmpty ? "/A<</O/Table/Scope/Column>>" : "")
        elements[id] = element
        return element
      }
      file.write(object: row, "<</Type/StructElem/S/TR/P \(table) 0 R/K\(references(kids))>>")
      rows.append(row)
      start = end
    }
    file.write(object: table, "<</Type/StructElem/S/Table/P \(parent) 0 R/K\(references(rows))>>")
    adopt(table, for: cells[0].piece)
  }

  private func write(_ entry: Entry, page: Int, elements: inout [Int]) {
    if entry.piece.role == .heading { openSection() }
    let parent = parent(for: entry.piece)
    let element: Int
    switch entry.content {
    case .marked(let id, let kind):
      let type: String
      if case .figure = kind { type = "Figure" } else { type = self.type(of: entry.piece) }
      element = markedElement(type: type, id: id, kind: kind, page: page, parent: parent, piece: entry.piece)
      elements[id] = element
    case .link(let annotation, let key, let link):
      element = file.add(
        "<</Type/StructElem/S/Link/P \(parent) 0 R/Pg \(page) 0 R/Alt \(PDFText.string(link.description))"
          + "/K<</Type/OBJR/Obj \(annotation) 0 R/Pg \(page) 0 R>>>>")
      parentTree.append((key, "\(element) 0 R"))
    }
    adopt(element, for: entry.piece)
  }

  /// Writes the element of marked content `id`; its object.
  private func markedElement(
    type: String, id: Int, kind: Marked.Kind, page: Int, parent: Int, piece: PDFPageReading.Piece? = nil,
    attributes: String = ""
  ) -> Int {
    var body = "<</Type/StructElem/S/\(type)/P \(parent) 0 R/Pg \(page) 0 R/K \(id)\(attributes)"
    switch kind {
    case .paragraph(let text):
      if let other = PDFScriptLanguage.language(of: text, in: language) {
        body += "/Lang \(PDFText.string(other))"
      }
    case .figure:
      var index: Int?
      if case .message(let owner) = piece?.owner, piece?.role == .figure { index = owner }
      let alternative = labels?.pictureAlternative(of: index) ?? "Picture"
      body += "/Alt \(PDFText.string(alternative))"
    }
    return file.add(body + ">>")
  }

  private func type(of piece: PDFPageReading.Piece) -> String {
    switch piece.role {
    case .heading: return "H"
    case .quote: return "BlockQuote"
    case .figure: return "Figure"
    case .author, .time, .body, .reaction: return "P"
    }
  }

  /// The element a piece's element goes into, opening its message's when it is new.
  private func parent(for piece: PDFPageReading.Piece) -> Int {
    switch piece.owner {
    case .document:
      closeMessage()
      return section?.object ?? documentElement
    case .day:
      closeMessage()
      if section == nil { openSection() }
      return section?.object ?? documentElement
    case .message(let index):
      if messageIndex != index {
        closeMessage()
        let parent = section?.object ?? documentElement
        message = OpenElement(object: file.reserve(), parent: parent, type: "Div", title: labels?.heading(of: index))
        messageIndex = index
      }
      return message?.object ?? documentElement
    }
  }

  /// Files `element` under the element `parent(for:)` gave.
  private func adopt(_ element: Int, for piece: PDFPageReading.Piece) {
    if case .message = piece.owner, message != nil {
      message?.kids.append(element)
    } else if section != nil {
      section?.kids.append(element)
    } else {
      children.append(element)
    }
  }

  private func openSection() {
    closeSection()
    section = OpenElement(object: file.reserve(), parent: documentElement, type: "Sect")
  }

  private func closeMessage() {
    guard let open = message else { return }
    write(open)
    if section != nil { section?.kids.append(open.object) } else { children.append(open.object) }
    message = nil
    messageIndex = nil
  }

  private func closeSection() {
    closeMessage()
    guard let open = section else { return }
    write(open)
    children.append(open.object)
    section = nil
  }

  private func write(_ element: OpenElement) {
    let title = element.title.map { "/T \(PDFText.string($0))" } ?? ""
    file.write(
      object: element.object,
      "<</Type/StructElem/S/\(element.type)/P \(element.parent) 0 R\(title)/K\(references(element.kids))>>")
  }

  private func references(_ objects: [Int]) -> String {
    "[" + objects.map { "\($0) 0 R" }.joined(separator: " ") + "]"
  }

  /// Writes the Document element, the parent tree and the structure tree root; the root.
  func finish(title: String) -> Int {
    closeSection()
    let root = file.reserve()
    file.write(
      object: documentElement,
      "<</Type/StructElem/S/Document/P \(root) 0 R/T \(PDFText.string(title))/K\(references(children))>>")
    parentTree.sort { $0.key < $1.key }
    let tree = file.add("<</Nums[\(parentTree.map { "\($0.key) \($0.value)" }.joined(separator: " "))]>>")
    file.write(
      object: root,
      "<</Type/StructTreeRoot/K \(documentElement) 0 R/ParentTree \(tree) 0 R/ParentTreeNextKey \(nextKey)>>")
    return root
  }
}
