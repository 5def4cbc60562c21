/// Builds a message's plain text from runs, some styled, and records each styled run as a
/// `TextSpan` counted in Unicode scalars.
struct StyledTextBuilder {
  private(set) var text = ""
  private(set) var spans: [TextSpan] = []
  private var scalarCount = 0

  /// Appends `run`, with `style` over it when given.
  mutating func append(_ run: String, style: TextSpan.Style? = nil) {
    let length = run.unicodeScalars.count
    guard length > 0 else { return }
    if let style { spans.append(TextSpan(start: scalarCount, length: length, style: style)) }
    text += run
    scalarCount += length
  }
}
