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

  /// Appends `run` with every style of `styles` over it (bold and italic at once).
  mutating func append(_ run: String, styles: [TextSpan.Style]) {
    let length = run.unicodeScalars.count
    guard length > 0 else { return }
    spans += styles.map { TextSpan(start: scalarCount, length: length, style: $0) }
    text += run
    scalarCount += length
  }
}
