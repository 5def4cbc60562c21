@_spi(Pages) @testable import ChatRender

/// Spans written as "style 'the text they cover'", in order, for readable expectations.
enum SpanText {
  static func describe(_ result: (text: String, spans: [TextSpan])) -> [String] {
    let scalars = Array(result.text.unicodeScalars)
    return result.spans.map { span in
      let end = min(span.end, scalars.count)
      let covered = span.start < end ? String(String.UnicodeScalarView(scalars[span.start..<end])) : ""
      return "\(name(span.style)) '\(covered)'"
    }
  }

  static func name(_ style: TextSpan.Style) -> String {
    let (name, fields) = style.jsonNameAndFields
    guard !fields.isEmpty else { return name }
    return name + "(" + fields.map { "\($0.key): \($0.value.compactText)" }.joined(separator: ", ") + ")"
  }
}
