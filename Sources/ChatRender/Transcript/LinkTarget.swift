/// Which addresses become clickable links. A stranger's export may link `javascript:alert(1)`
/// or `file:///etc/passwd`; only web, mail and telephone addresses open anything, the rest
/// stay text (README, "Limits").
enum LinkTarget {
  /// The schemes a link may have, lowercase.
  static let clickableSchemes: Set<String> = ["http", "https", "mailto", "tel"]

  /// Whether `url` may open: its scheme (read as a viewer would, ignoring the whitespace and
  /// control characters browsers drop) is one of `clickableSchemes`.
  static func isClickable(_ url: String) -> Bool {
    let cleaned = url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }
    guard let colon = cleaned.firstIndex(of: ":") else { return false }
    let scheme = String(String.UnicodeScalarView(cleaned[..<colon])).lowercased()
    return clickableSchemes.contains(scheme)
  }

  /// `transcript` with every link span and link preview whose address may not open made
  /// plain: the words stay, the link goes.
  static func disarm(_ transcript: inout Transcript) {
    for index in transcript.messages.indices {
      var extras = transcript.messages[index].extras
      guard !extras.spans.isEmpty || !extras.linkPreviews.isEmpty else { continue }
      extras.spans.removeAll { span in
        if case .link(let url) = span.style { return !isClickable(url) }
        return false
      }
      for preview in extras.linkPreviews.indices {
        if let url = extras.linkPreviews[preview].url, !isClickable(url) { extras.linkPreviews[preview].url = nil }
      }
      transcript.messages[index].extras = extras
    }
  }
}
