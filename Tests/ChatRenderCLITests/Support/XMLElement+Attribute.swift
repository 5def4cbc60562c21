import FoundationXML

extension XMLElement {
  /// The value of the attribute called `name`. `attribute(forName:)` finds nothing on an
  /// element in a namespace (the SVG root) in swift-corelibs-foundation, so search the list.
  func attributeValue(_ name: String) -> String? {
    attributes?.first { $0.name == name }?.stringValue
  }
}
