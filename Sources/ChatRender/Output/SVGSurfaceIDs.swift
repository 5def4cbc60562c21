/// Cairo names a picture of an SVG `image<N>` or `surface<N>` after a counter of the whole
/// process, so the same page got other names once another file of the batch (or another
/// worker) had made pictures first. Numbered again here in order of appearance, an SVG's
/// bytes depend on its page alone (docs/ARCHITECTURE.md, "Reproducible output").
enum SVGSurfaceIDs {
  private static let prefixes = ["image", "surface"].map { Array($0.utf8) }
  private static let digits = UInt8(ascii: "0")...UInt8(ascii: "9")

  /// `svg` with each `image<N>` and `surface<N>` between `"` (or `#`) and `"` numbered from 1
  /// in order of first appearance, each prefix on its own.
  static func renumbered(_ svg: [UInt8]) -> [UInt8] {
    var names: [[UInt8]: [UInt8]] = [:]
    var counts: [[UInt8]: Int] = [:]
    var output: [UInt8] = []
    output.reserveCapacity(svg.count)
    var index = 0
    while index < svg.count {
      let byte = svg[index]
      output.append(byte)
      index += 1
      guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#"),
        let (prefix, end) = name(in: svg, at: index)
      else { continue }
      let old = Array(svg[index..<end])
      let new =
        names[old]
        ?? {
          counts[prefix, default: 0] += 1
          return prefix + Array(String(counts[prefix]!).utf8)
        }()
      names[old] = new
      output += new
      index = end
    }
    return output
  }

  /// The prefix of a name `image<N>` or `surface<N>` that starts at `start` and ends before a
  /// `"`, and where it ends.
  private static func name(in svg: [UInt8], at start: Int) -> (prefix: [UInt8], end: Int)? {
    guard let prefix = prefixes.first(where: { svg[start...].starts(with: $0) }) else { return nil }
    var end = start + prefix.count
    while end < svg.count, digits.contains(svg[end]) { end += 1 }
    guard end > start + prefix.count, end < svg.count, svg[end] == UInt8(ascii: "\"") else { return nil }
    return (prefix, end)
  }
}
