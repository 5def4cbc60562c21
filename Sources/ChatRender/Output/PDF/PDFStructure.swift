/// The document's logical structure (a tagged PDF): a Document element holding, page by page
/// in reading order (top to bottom, then left to right), a paragraph for each text, a figure
/// for each picture with its alternative text, and a link for each link annotation. What
/// else is drawn (shapes, shadows, backgrounds) is marked as an artifact by the canvas.
final class PDFStructure {
  private let file: PDFFile
  /// The Document element, which every element names as its parent.
  let documentElement: Int
  private var children: [Int] = []
  /// The parent tree's entries: a page's key maps to its elements by marked-content id, an
  /// annotation's key to its element.
  private var parentTree: [(key: Int, value: String)] = []
  private var nextKey = 0

  init(file: PDFFile) {
    self.file = file
    documentElement = file.reserve()
  }

  /// What a page marks as it is drawn.
  struct Marked {
    enum Kind {
      case paragraph
      case figure(alternative: String)
    }
    var kind: Kind
    /// Where it lies on the page, in layout points, for reading order.
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

  /// Writes the elements of a page whose marked content `marked` lists by MCID; `links`
  /// are its annotations' objects with their tags. Returns nothing: the page names its key.
  func addPage(object page: Int, key: Int, marked: [Marked], links: [(object: Int, key: Int, link: Link)]) {
    var elements = [Int](repeating: 0, count: marked.count)
    var order: [(frame: Rect, element: Int)] = []
    for (mcid, item) in marked.enumerated() {
      let element = file.reserve()
      elements[mcid] = element
      var body = "<</Type/StructElem/P \(documentElement) 0 R/Pg \(page) 0 R/K \(mcid)"
      switch item.kind {
      case .paragraph: body += "/S/P>>"
      case .figure(let alternative): body += "/S/Figure/Alt \(PDFText.string(alternative))>>"
      }
      file.write(object: element, body)
      order.append((item.frame, element))
    }
    parentTree.append((key, "[\(elements.map { "\($0) 0 R" }.joined(separator: " "))]"))
    for link in links {
      let element = file.add(
        "<</Type/StructElem/S/Link/P \(documentElement) 0 R/Pg \(page) 0 R/Alt \(PDFText.string(link.link.description))"
          + "/K<</Type/OBJR/Obj \(link.object) 0 R/Pg \(page) 0 R>>>>")
      parentTree.append((link.key, "\(element) 0 R"))
      order.append((link.link.frame, element))
    }
    order.sort { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    children += order.map(\.element)
  }

  /// A new key for an annotation's `/StructParent`.
  func annotationKey() -> Int { pageKey() }

  /// Writes the Document element, the parent tree and the structure tree root; the root.
  func finish(title: String) -> Int {
    let root = file.reserve()
    file.write(
      object: documentElement,
      "<</Type/StructElem/S/Document/P \(root) 0 R/T \(PDFText.string(title))/K[\(children.map { "\($0) 0 R" }.joined(separator: " "))]>>"
    )
    let tree = file.add("<</Nums[\(parentTree.map { "\($0.key) \($0.value)" }.joined(separator: " "))]>>")
    file.write(
      object: root,
      "<</Type/StructTreeRoot/K \(documentElement) 0 R/ParentTree \(tree) 0 R/ParentTreeNextKey \(nextKey)>>")
    return root
  }
}
