import Foundation

/// Signal Desktop chats written by community exporters (docs/FORMATS.md, "Signal"):
/// `signal-export`'s Markdown (`chat.md` with `media/` beside it), and `sigtop`'s text and
/// JSON. The official apps export nothing readable.
///
/// The exporters mark the owner ("Me" in signal-export, "You" and `outgoing` in sigtop), so
/// "me" needs no `--me`. signal-export writes the exporting machine's wall clock; sigtop's
/// times are instants.
struct SignalFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "signal" }
  var accepts: String { "chat.md, sigtop .txt or .json, or a chat folder" }
  var fileExtensions: Set<String> { ["txt", "json"] }
  var folderSignatures: [[String]] { [["chat.md"]] }
  var summary: String {
    "Signal Desktop's chats, exported by signal-export (`sigexport DIR`: chat.md) or sigtop (`sigtop export-messages`)"
  }

  /// One of the layouts this format reads.
  enum Layout {
    case signalExportMarkdown, sigtopText, sigtopJSON
  }

  func detect(_ input: ImportInput) -> Bool {
    guard let (file, _) = chatFile(of: input) else { return false }
    return SignalFormat.layout(of: file) != nil
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    guard let (file, media) = chatFile(of: input) else {
      throw DiagnosticError(.error("expected a signal-export chat.md, a sigtop file or a folder holding chat.md"))
    }
    switch SignalFormat.layout(of: file) {
    case .signalExportMarkdown:
      var reader = SignalMarkdownReader(file: file, media: media)
      return try reader.read(warnings: &warnings)
    case .sigtopText:
      var reader = SigtopTextReader(file: file, media: media)
      return try reader.read(warnings: &warnings)
    case .sigtopJSON:
      var reader = SigtopJSONReader(file: file, media: media)
      return try reader.read(warnings: &warnings)
    case nil:
      throw DiagnosticError(
        .error(
          "expected a Signal export: signal-export lines such as '[2024-01-05 10:01:00] Ana: text', "
            + "or sigtop's 'Conversation:' text or JSON messages",
          at: SourceLocation(file: file.path, line: 1, column: 1)))
    }
  }

  /// The chat file and where its media are: the file itself, or a folder's `chat.md`.
  private func chatFile(of input: ImportInput) -> (SourceFile, MediaLocator)? {
    if let file = input.file { return (file, MediaLocator(besideFile: file.path)) }
    guard let tree = input.tree, tree.contains("chat.md"),
      let file = try? tree.sourceFile("chat.md")
    else { return nil }
    return (file, MediaLocator(tree: tree))
  }

  /// Which layout `file` holds, judged by its first lines or its JSON outline.
  static func layout(of file: SourceFile) -> Layout? {
    let lines = file.textLines(limit: 40).filter { !file.isBlank($0) }
    guard let first = lines.first else { return nil }
    let firstText = String(InvisibleMarks.trimmingLeading(file.text(of: first)[...]))
    if firstText.hasPrefix("Conversation: "), lines.count > 1,
      SigtopTextReader.isRecordStart(file.text(of: lines[1]))
    {
      return .sigtopText
    }
    if firstText.hasPrefix("[") || firstText.hasPrefix("{") {
      let outline = JSONOutline(file)
      if outline.rootKind == .array, outline.topLevelCount == 1, outline.has("*/conversationId"),
        outline.has("*/sent_at") || outline.has("*/timestamp")
      {
        return .sigtopJSON
      }
    }
    // WhatsApp on iOS writes the same brackets in some languages (and whatstk's samples
    // without seconds): only signal-export's own marks tell them apart.
    let texts = lines.prefix(40).map { file.text(of: $0) }
    let headers = texts.compactMap(SignalMarkdownReader.header)
    guard SignalMarkdownReader.header(firstText) != nil, headers.count * 3 >= min(texts.count, 20) else { return nil }
    let marked =
      headers.contains { $0.isCommaWithoutSeconds || $0.sender == "Me" }
      || texts.contains { line in
        line.hasSuffix("  ") || line.contains("](./media/") || line == "(This message was deleted)"
          || line.hasPrefix("(- ") && line.hasSuffix(" -)")
      }
    return marked ? .signalExportMarkdown : nil
  }

  /// "Outgoing voice call (accepted, 2m 3s)", "Missed video call", "Incoming call (declined)":
  /// the calls exporters write as message bodies, a call of the message's sender (issue 36),
  /// who placed it; nil for other text.
  static func call(_ text: String) -> Call? {
    guard text.utf8.count <= 120 else { return nil }
    let words = text.split(separator: " ", maxSplits: 1)
    guard words.count == 2, ["Incoming", "Outgoing", "Missed"].contains(words[0]) else { return nil }
    let rest = words[1]
    for (kind, medium) in [("call", Call.Medium.voice), ("voice call", .voice), ("video call", .video)] {
      guard rest == kind || rest.hasPrefix(kind + " (") && rest.hasSuffix(")") else { continue }
      let details = rest.dropFirst(kind.count).trimmingCharacters(in: CharacterSet(charactersIn: " ()"))
      var call = Call(medium: medium, outcome: words[0] == "Missed" ? .missed : .answered)
      for detail in details.lowercased().components(separatedBy: ", ") {
        switch detail {
        case "declined", "not accepted", "rejected", "cancelled", "canceled": call.outcome = .cancelled
        case "missed": call.outcome = .missed
        case "unanswered", "no answer": call.outcome = .unanswered
        default: if let seconds = Self.seconds(ofSpoken: detail) { call.duration = seconds }
        }
      }
      return call
    }
    return nil
  }

  /// "2m 3s", "1h 0m 5s", "45s" → seconds; nil for anything else.
  static func seconds(ofSpoken text: String) -> Double? {
    let units: [Character: Double] = ["h": 3600, "m": 60, "s": 1]
    let parts = text.split(separator: " ")
    guard (1...3).contains(parts.count) else { return nil }
    var total = 0.0
    for part in parts {
      guard let unit = part.last.flatMap({ units[$0] }), let number = Int(part.dropLast()), number >= 0,
        part.count <= 7
      else { return nil }
      total += Double(number) * unit
    }
    return total
  }

  /// The kind of an attachment from its MIME type, else its file name.
  static func kind(mimeType: String?, fileName: String?) -> Attachment.Kind {
    if let mimeType, !mimeType.isEmpty { return Attachment.Kind(mimeType: mimeType) }
    return FileTypes.kind(ofFile: fileName ?? "")
  }

  /// A quote of a message the file does not hold, standing above the answer as a quote block.
  static func quoting(_ quote: String, above text: String) -> (String, [TextSpan]) {
    var builder = StyledTextBuilder()
    builder.append(quote, style: .quote)
    builder.append("\n" + text)
    return (builder.text, builder.spans)
  }

  /// "Ana Costa" and "+351912345678" in sigtop's "Ana Costa (+351912345678)"; a name
  /// without a number or id stays whole.
  static func splitDisplayName(_ text: String) -> (name: String, handle: String?) {
    guard text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) else { return (text, nil) }
    let inner = text[open.upperBound..<text.index(before: text.endIndex)]
    let isNumber = inner.hasPrefix("+") && inner.dropFirst().allSatisfy { $0.isNumber || $0 == " " }
    let isID = inner.count >= 8 && inner.allSatisfy { $0.isHexDigit || $0 == "-" || $0 == "." || $0 == ":" }
    guard isNumber || isID, open.lowerBound > text.startIndex else { return (text, nil) }
    return (String(text[..<open.lowerBound]), String(inner))
  }
}
