/// What a message's `attributedBody` says: its text, and the links and mentions over it.
///
/// The body is an archived `NSAttributedString` (`TypedStream`): its first value is the
/// `NSString` of the text; then come runs, each a pair of integers (the run's attributes by
/// number, its length in UTF-16 units), a new number followed by the `NSDictionary` of its
/// attributes. Messages keys a link as `__kIMLinkAttributeName` (an `NSURL`) and a mention as
/// `__kIMMentionConfirmedMention` (the handle); an attachment's place in the text is U+FFFC,
/// left out here as the attachment is drawn on its own.
struct AttributedBody: Equatable {
  var text: String
  var spans: [TextSpan]

  static let linkKey = "__kIMLinkAttributeName"
  static let mentionKey = "__kIMMentionConfirmedMention"
  /// The character Messages puts where an attachment sits in the text.
  static let attachmentMark: Unicode.Scalar = "\u{FFFC}"

  /// Reads `stream`; nil when it holds no string.
  init?(_ stream: TypedStream) {
    guard let root = stream.values.first?.first, let string = stream.object(root),
      let parsed = Self.stringAndRuns(string, in: stream)
    else { return nil }
    let (text, runs) = parsed
    let units = Array(text.utf16)
    var kept = String.UnicodeScalarView()
    // The scalar index in the kept text of every UTF-16 offset of the original.
    var scalarAt = [Int](repeating: 0, count: units.count + 1)
    var unit = 0
    for scalar in text.unicodeScalars {
      let width = scalar.utf16.count
      for step in 0..<width { scalarAt[unit + step] = kept.count }
      unit += width
      if scalar != Self.attachmentMark { kept.append(scalar) }
    }
    scalarAt[units.count] = kept.count
    self.text = String(kept)
    self.spans = runs.compactMap { run in
      let start = scalarAt[min(run.start, units.count)]
      let end = scalarAt[min(run.start + run.length, units.count)]
      guard end > start else { return nil }
      return TextSpan(start: start, length: end - start, style: run.style)
    }
  }

  /// Decodes `bytes`; nil when they are no typedstream.
  ///
  /// - Throws: `TypedStreamDecoder.Failure` for a damaged one.
  static func decode(_ bytes: [UInt8]) throws(TypedStreamDecoder.Failure) -> AttributedBody? {
    AttributedBody(try TypedStreamDecoder.decode(bytes))
  }

  private struct Run {
    var start: Int
    var length: Int
    var style: TextSpan.Style
  }

  /// The text of an `NSAttributedString` (or of a bare `NSString`) and its styled runs.
  private static func stringAndRuns(_ object: TypedStream.Object, in stream: TypedStream) -> (String, [Run])? {
    if object.classNames.contains(where: { $0.hasSuffix("String") && !$0.contains("Attributed") }) {
      return string(of: object).map { ($0, []) }
    }
    guard object.classNames.contains(where: { $0.contains("AttributedString") }),
      let first = object.contents.first?.first, let inner = stream.object(first), let text = string(of: inner)
    else { return nil }
    var styles: [Int64: [TextSpan.Style]] = [:]
    var runs: [Run] = []
    var position = 0
    var index = 1
    while index < object.contents.count {
      let group = object.contents[index]
      index += 1
      guard group.count == 2, case .integer(let number) = group[0], case .integer(let length) = group[1],
        length >= 0, length <= Int64(text.utf16.count)
      else { continue }
      if styles[number] == nil, index < object.contents.count, let value = object.contents[index].first,
        let dictionary = stream.object(value), dictionary.classNames.contains(where: { $0.contains("Dictionary") })
      {
        styles[number] = Self.styles(in: dictionary, of: stream)
        index += 1
      }
      for style in styles[number] ?? [] { runs.append(Run(start: position, length: Int(length), style: style)) }
      position += Int(length)
    }
    return (text, runs)
  }

  /// The link and mention an attribute dictionary gives: its contents are a count, then keys
  /// and values in turn.
  private static func styles(in dictionary: TypedStream.Object, of stream: TypedStream) -> [TextSpan.Style] {
    let entries = dictionary.contents.dropFirst().compactMap(\.first)
    var styles: [TextSpan.Style] = []
    for pair in stride(from: 0, to: entries.count - 1, by: 2) {
      guard let key = stream.object(entries[pair]).flatMap(string(of:)),
        let value = firstString(in: entries[pair + 1], of: stream, depth: 0)
      else { continue }
      if key == linkKey { styles.append(.link(value)) }
      if key == mentionKey { styles.append(.mention(value)) }
    }
    return styles
  }

  /// The text of an `NSString`-like object: its first byte string.
  private static func string(of object: TypedStream.Object) -> String? {
    for group in object.contents {
      for case .bytes(let bytes) in group { return String(decoding: bytes, as: UTF8.self) }
    }
    return nil
  }

  /// The first string inside a value (an `NSURL` holds its address in an `NSString`), a few
  /// objects deep at most.
  private static func firstString(in value: TypedStream.Value, of stream: TypedStream, depth: Int) -> String? {
    guard depth < 4, let object = stream.object(value) else {
      if case .bytes(let bytes) = value { return String(decoding: bytes, as: UTF8.self) }
      return nil
    }
    if let text = string(of: object) { return text }
    for group in object.contents {
      for inner in group {
        if let text = firstString(in: inner, of: stream, depth: depth + 1) { return text }
      }
    }
    return nil
  }
}
