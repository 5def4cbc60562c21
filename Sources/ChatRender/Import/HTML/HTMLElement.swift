/// One element of an `HTMLDocument`: its lowercase name, attributes, children and the line
/// it starts on, with the few queries the HTML readers share.
struct HTMLElement: Sendable, Hashable {
  /// A child: an element or a run of text (entities decoded).
  enum Node: Sendable, Hashable {
    case element(HTMLElement)
    case text(String)
  }

  var name: String
  var attributes: [String: String] = [:]
  var children: [Node] = []
  /// The line of the file the element starts on (1-based; 0 when libxml2 did not say).
  var line: Int

  init(name: String, attributes: [String: String] = [:], children: [Node] = [], line: Int = 0) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.line = line
  }

  /// The element's classes (`class="message default clearfix"`).
  var classes: [Substring] { (attributes["class"] ?? "").split(whereSeparator: \.isWhitespace) }

  func hasClass(_ name: String) -> Bool { classes.contains { $0 == name } }

  /// The child elements, in order.
  var elements: [HTMLElement] {
    children.compactMap { if case .element(let element) = $0 { element } else { nil } }
  }

  /// Every element inside this one, depth first, in document order.
  var descendants: [HTMLElement] {
    var found: [HTMLElement] = []
    var stack = elements.reversed() as [HTMLElement]
    while let next = stack.popLast() {
      found.append(next)
      stack += next.elements.reversed()
    }
    return found
  }

  /// The first element inside this one (depth first) that `matches`.
  func first(where matches: (HTMLElement) -> Bool) -> HTMLElement? {
    var stack = elements.reversed() as [HTMLElement]
    while let next = stack.popLast() {
      if matches(next) { return next }
      stack += next.elements.reversed()
    }
    return nil
  }

  /// The first element inside this one with class `name`.
  func first(class name: String) -> HTMLElement? { first { $0.hasClass(name) } }

  /// The child elements with class `name`.
  func children(class name: String) -> [HTMLElement] { elements.filter { $0.hasClass(name) } }

  /// All the text inside, as a browser would copy it (`<br>` as a line break), not trimmed.
  var text: String {
    var result = ""
    appendText(to: &result)
    return result
  }

  private func appendText(to result: inout String) {
    if name == "br" { result += "\n" }
    for child in children {
      switch child {
      case .text(let text): result += text
      case .element(let element): element.appendText(to: &result)
      }
    }
  }
}
