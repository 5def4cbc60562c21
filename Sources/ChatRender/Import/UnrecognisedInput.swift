/// The error for an input no format reads, saying what the input looks like when that can be
/// told (docs/FORMATS.md, "Detection order").
package enum UnrecognisedInput {
  /// "not a format chatrender reads", and for JSON what it looks like and what is wrong:
  /// "…: it looks like a Facebook Messenger export, but messages[].timestamp_ms is a string,
  /// not a number".
  package static func diagnostic(for input: ImportInput) -> Diagnostic {
    let start = input.file.map { SourceLocation(file: $0.path, line: 1, column: 1) }
    var diagnostic = Diagnostic(
      severity: .error, message: "not a format chatrender reads", location: start, hint: .chooseInputFormat)
    guard let file = input.file, startsLikeJSON(file) else { return diagnostic }
    let outline = JSONOutline(file)
    var brokenAt: Diagnostic?
    do { _ = try JSONReader.parse(file) } catch let error as DiagnosticError {
      brokenAt = error.diagnostics.first
    } catch {}
    guard let family = JSONLookalike.family(of: outline) else {
      // A text log may begin with "[" too: only a whole JSON document is described as one.
      if brokenAt == nil { diagnostic.message += ": " + describe(outline) }
      return diagnostic
    }
    diagnostic.message += ": it looks like \(family.name)"
    if let brokenAt {
      diagnostic.message += ", but its JSON is broken (\(brokenAt.message))"
      diagnostic.location = brokenAt.location ?? start
    } else if let fault = family.fault(in: outline) {
      diagnostic.message += ", but \(fault)"
    }
    if let advice = family.advice { diagnostic.notes.append(advice) }
    return diagnostic
  }

  /// Whether the first byte that is not a space opens a JSON object or array.
  private static func startsLikeJSON(_ file: SourceFile) -> Bool {
    let first = file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }

  /// "JSON with the keys 'a', 'b'" or "a JSON array".
  private static func describe(_ outline: JSONOutline) -> String {
    let keys = outline.topKeys
    guard outline.rootKind == .object, !keys.isEmpty else {
      return outline.rootKind == .array ? "a JSON array of no kind it knows" : "JSON of no kind it knows"
    }
    let shown = keys.prefix(6).map { "'\($0)'" }.joined(separator: ", ")
    return "JSON with the keys \(shown)\(keys.count > 6 ? ", …" : "")"
  }
}
