import Foundation

/// ChatGPT links the files its code wrote as `[the report](sandbox:/mnt/data/report.csv)`.
/// `sandbox:` is no web address, so the link may not open (`LinkTarget`); the words stay and
/// the file's name follows them as plain text, "the report (report.csv)", so the target is
/// not lost.
enum ChatGPTSandboxLinks {
  static let scheme = "sandbox:"

  /// `text` with each sandbox link's file name written after its words, and the link gone.
  static func showingTargets(_ text: String, spans: [TextSpan]) -> (String, [TextSpan]) {
    let scalars = Array(text.unicodeScalars)
    var edits = ScalarEdits()
    var kept: [TextSpan] = []
    for span in spans {
      guard case .link(let url) = span.style, let name = fileName(url), span.end <= scalars.count
      else {
        kept.append(span)
        continue
      }
      let words = String(String.UnicodeScalarView(scalars[span.start..<span.end]))
      if words != name { edits.replace(span.end..<span.end, with: " (\(name))") }
    }
    return edits.applied(to: scalars, spans: kept)
  }

  /// The last part of a sandbox address's path (`report.csv`), or nil for another address.
  static func fileName(_ url: String) -> String? {
    guard url.lowercased().hasPrefix(scheme) else { return nil }
    let path = url.dropFirst(scheme.count).split(separator: "/").last.map(String.init) ?? ""
    let name = path.removingPercentEncoding ?? path
    return name.isEmpty ? nil : name
  }
}
