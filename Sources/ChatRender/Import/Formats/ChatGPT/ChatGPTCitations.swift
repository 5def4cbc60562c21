import Foundation

/// The citation markers of ChatGPT's web-search answers, read into numbered references.
///
/// Newer exports write a marker as private-use characters: `U+E200 kind (U+E202 key)+ U+E201`
/// (`\u{E200}cite\u{E202}turn0search1\u{E201}`), and wrap quoted passages in `U+E203 … U+E204`.
/// The message's `metadata.content_references` names each marker's source (`matched_text`
/// is the marker itself). A citation becomes `[1]`, `[2]`… numbered by source in order of
/// first use, linked to the source when the export names it; a reference of type `hidden`
/// and the passage marks draw nothing; an `entity` marker is its display name; other kinds
/// (image groups, product lists) draw nothing. Older exports' `【12†source】` marks go.
struct ChatGPTCitations {
  /// What a marker stands for, from `content_references`.
  struct Source: Equatable {
    var isHidden = false
    var url: String?
  }

  static let markerStart: Unicode.Scalar = "\u{E200}"
  static let markerEnd: Unicode.Scalar = "\u{E201}"
  static let keySeparator: Unicode.Scalar = "\u{E202}"
  /// The marks around a quoted passage.
  static let passageMarks: Set<Unicode.Scalar> = ["\u{E203}", "\u{E204}"]
  /// The longest marker read; a start without an end this near is text.
  static let maximumMarkerLength = 1000

  /// Sources by marker text.
  var sources: [String: Source] = [:]
  /// The number of each source (its URL, else its marker), in order of first use.
  private var numbers: [String: Int] = [:]

  /// The sources `metadata.content_references` names; nothing when it is absent or malformed.
  init(metadata: JSONValue?) {
    for reference in metadata?["content_references"]?.arrayValue ?? [] {
      guard let marker = reference["matched_text"]?.stringValue, !marker.isEmpty else { continue }
      let type = reference["type"]?.stringValue
      let url =
        reference["url"]?.stringValue
        ?? reference["items"]?.arrayValue?.first?["url"]?.stringValue
      sources[marker] = Source(isHidden: type == "hidden", url: url?.isEmpty == false ? url : nil)
    }
  }

  /// `text` with every marker read. `markdown` says whether the text is Markdown, where a
  /// reference is written as a link.
  mutating func read(_ text: String, markdown: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    guard
      scalars.contains(where: {
        $0 == Self.markerStart || $0 == "【" || Self.passageMarks.contains($0)
      })
    else { return text }
    var output = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if Self.passageMarks.contains(scalar) {
        index += 1
        continue
      }
      if scalar == Self.markerStart || scalar == "【",
        let end = Self.end(ofMarkerAt: index, in: scalars)
      {
        let marker = String(String.UnicodeScalarView(scalars[index...end]))
        let shown = replacement(for: marker, markdown: markdown)
        // A marker that draws nothing takes the space before it along.
        if shown.isEmpty { while output.last == " " { output.removeLast() } }
        output.append(contentsOf: shown.unicodeScalars)
        index = end + 1
        continue
      }
      output.append(scalar)
      index += 1
    }
    return String(output)
  }

  /// The index of the scalar that closes the marker starting at `start`, or nil when it is
  /// not a marker.
  static func end(ofMarkerAt start: Int, in scalars: [Unicode.Scalar]) -> Int? {
    let isOld = scalars[start] == "【"
    let close: Unicode.Scalar = isOld ? "】" : markerEnd
    let window = scalars[start..<min(scalars.count, start + maximumMarkerLength)]
    guard let end = window.firstIndex(of: close) else { return nil }
    if isOld, !window[start..<end].contains("†") { return nil }
    return end
  }

  /// What a marker draws: a numbered reference, an entity's name, or nothing.
  mutating func replacement(for marker: String, markdown: Bool) -> String {
    if marker.hasPrefix("【") { return "" }
    let fields = marker.unicodeScalars.dropFirst().dropLast().split(
      separator: Self.keySeparator, omittingEmptySubsequences: false
    ).map { String(String.UnicodeScalarView($0)) }
    let kind = fields.first ?? ""
    let source = sources[marker]
    if source?.isHidden == true { return "" }
    if kind == "entity" { return Self.entityName(fields.dropFirst().first ?? "") }
    guard kind.hasSuffix("cite") else { return "" }
    let key = source?.url ?? marker
    let number = numbers[key] ?? (numbers.count + 1)
    numbers[key] = number
    guard markdown else { return "[\(number)]" }
    guard let url = source?.url, !url.contains(">"), !url.contains("\n") else {
      return "\\[\(number)\\]"
    }
    return "[\\[\(number)\\]](<\(url)>)"
  }

  /// The display name of an entity marker's key, a JSON array such as
  /// `["city", "Reykjavík", …]`; nothing when it is not one.
  static func entityName(_ key: String) -> String {
    guard let array = try? JSONSerialization.jsonObject(with: Data(key.utf8)) as? [Any],
      array.count > 1, let name = array[1] as? String
    else { return "" }
    return name
  }
}
