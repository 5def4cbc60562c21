import Foundation

/// Writes a transcript in our JSON format (what `chatrender parse` prints).
package enum TranscriptJSONWriter {
  /// The transcript as pretty-printed JSON, one message a line, ending in a new line.
  ///
  /// - Parameters:
  ///   - transcript: the chat to write.
  ///   - directory: the folder the JSON will be saved in: attachment paths are written
  ///     relative to it (nil: relative to the current folder, as they are held).
  package static func write(_ transcript: Transcript, relativeTo directory: String? = nil) -> String {
    var out = "{\n  \"version\": 1"
    if let title = transcript.title { out += ",\n  \"title\": \(quote(title))" }
    if let me = transcript.meID { out += ",\n  \"me\": \(quote(me))" }
    out += ",\n  \"participants\": ["
    for (index, participant) in transcript.participants.enumerated() {
      out += index == 0 ? "\n    " : ",\n    "
      out += "{\"id\": \(quote(participant.id)), \"name\": \(quote(participant.name))"
      if participant.isBot { out += ", \"bot\": true" }
      out += "}"
    }
    out += transcript.participants.isEmpty ? "]" : "\n  ]"
    out += ",\n  \"messages\": ["
    for (index, message) in transcript.messages.enumerated() {
      out += index == 0 ? "\n    " : ",\n    "
      out += object(message, relativeTo: directory)
    }
    out += transcript.messages.isEmpty ? "]" : "\n  ]"
    out += "\n}\n"
    return out
  }

  private static func object(_ message: Message, relativeTo directory: String?) -> String {
    var fields: [String] = []
    if let id = message.id { fields.append("\"id\": \(quote(id))") }
    if let author = message.authorID { fields.append("\"from\": \(quote(author))") }
    if let time = message.time { fields.append("\"time\": \(quote(ISO8601.format(time)))") }
    if message.kind != .message { fields.append("\"kind\": \(quote(message.kind.rawValue))") }
    fields.append("\"text\": \(quote(message.text))")
    let extras = message.extras
    if let reply = extras.replyTo { fields.append("\"replyTo\": \(quote(reply))") }
    if let forwarded = extras.forwardedFrom { fields.append("\"forwardedFrom\": \(quote(forwarded))") }
    if extras.isEdited { fields.append("\"edited\": true") }
    if extras.isDeleted { fields.append("\"deleted\": true") }
    if let service = extras.service { fields.append("\"service\": \(quote(service))") }
    if let notice = extras.notice { fields.append("\"notice\": \(quote(notice.rawValue))") }
    if !extras.attachments.isEmpty {
      let items = extras.attachments.map { attachmentObject($0, relativeTo: directory) }
      fields.append("\"attachments\": [" + items.joined(separator: ", ") + "]")
    }
    if !extras.reactions.isEmpty {
      let items = extras.reactions.map { reaction in
        var parts = ["\"emoji\": \(quote(reaction.emoji))", "\"count\": \(reaction.count)"]
        if !reaction.by.isEmpty {
          parts.append("\"by\": [" + reaction.by.map(quote).joined(separator: ", ") + "]")
        }
        return "{" + parts.joined(separator: ", ") + "}"
      }
      fields.append("\"reactions\": [" + items.joined(separator: ", ") + "]")
    }
    if !extras.spans.isEmpty {
      let items = extras.spans.map { span in
        let (name, fields) = span.style.jsonNameAndFields
        var parts = ["\"start\": \(span.start)", "\"length\": \(span.length)", "\"style\": \(quote(name))"]
        parts += fields.map { "\(quote($0.key)): \($0.json)" }
        return "{" + parts.joined(separator: ", ") + "}"
      }
      fields.append("\"spans\": [" + items.joined(separator: ", ") + "]")
    }
    if !extras.linkPreviews.isEmpty {
      let items = extras.linkPreviews.map { preview in
        var parts = [
          ("url", preview.url), ("title", preview.title), ("description", preview.description),
          ("site", preview.siteName),
        ].compactMap { key, value in value.map { "\"\(key)\": \(quote($0))" } }
        if !preview.fields.isEmpty {
          let fields = preview.fields.map { field in
            "{\"title\": \(quote(field.title)), \"value\": \(quote(field.value))"
              + (field.isShort ? ", \"short\": true}" : "}")
          }
          parts.append("\"fields\": [" + fields.joined(separator: ", ") + "]")
        }
        if let footer = preview.footer { parts.append("\"footer\": \(quote(footer))") }
        if let color = preview.color { parts.append("\"color\": \(quote(color.hex))") }
        return "{" + parts.joined(separator: ", ") + "}"
      }
      fields.append("\"linkPreviews\": [" + items.joined(separator: ", ") + "]")
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  private static func attachmentObject(_ attachment: Attachment, relativeTo directory: String?) -> String {
    var parts = ["\"kind\": \(quote(attachment.kind.rawValue))"]
    if let file = attachment.fileName { parts.append("\"file\": \(quote(file))") }
    if let mime = attachment.mimeType { parts.append("\"mime\": \(quote(mime))") }
    func written(_ path: String) -> String {
      directory.map { MediaPath.relative(path, to: $0) } ?? path
    }
    switch attachment.source {
    case .file(let path)?:
      parts.append("\"path\": \(quote(written(path)))")
    case .archiveMember(let archive, let member)?:
      parts.append("\"archive\": \(quote(written(archive))), \"member\": \(quote(member))")
    case .data(let bytes)?:
      parts.append("\"data\": \"\(Data(bytes).base64EncodedString())\"")
    case nil:
      break
    }
    if let size = attachment.byteCount { parts.append("\"size\": \(size)") }
    if let duration = attachment.duration { parts.append("\"duration\": \(duration.jsonText)") }
    if attachment.isOmitted { parts.append("\"omitted\": true") }
    if let title = attachment.title { parts.append("\"title\": \(quote(title))") }
    if let detail = attachment.detail { parts.append("\"detail\": \(quote(detail))") }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  /// `text` as a JSON string literal; non-ASCII stays as UTF-8.
  package static func quote(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          out +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
