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
    var root: [JSONNode.Member] = [.init("version", .integer(1))]
    if let title = transcript.title { root.append(.init("title", .string(title))) }
    if let me = transcript.meID { root.append(.init("me", .string(me))) }
    if let language = transcript.language { root.append(.init("language", .string(language))) }
    root.append(.init("participants", .array(transcript.participants.map { object($0, relativeTo: directory) })))
    root.append(.init("messages", .array(transcript.messages.map { object($0, relativeTo: directory) })))
    return JSONNode.object(root).text(layout: .transcript) + "\n"
  }

  private static func object(_ participant: Participant, relativeTo directory: String?) -> JSONNode {
    var fields: [JSONNode.Member] = [.init("id", .string(participant.id)), .init("name", .string(participant.name))]
    if participant.isBot { fields.append(.init("bot", .bool(true))) }
    if let avatar = participant.avatar { fields.append(.init("avatar", object(avatar, relativeTo: directory))) }
    return .object(fields)
  }

  /// An avatar: its path alone when it is a file, else an object as an attachment's source.
  private static func object(_ avatar: AttachmentSource, relativeTo directory: String?) -> JSONNode {
    if case .file(let path) = avatar { return written(path, relativeTo: directory) }
    return .object(sourceFields(avatar, relativeTo: directory))
  }

  private static func written(_ path: String, relativeTo directory: String?) -> JSONNode {
    .string(directory.map { MediaPath.relative(path, to: $0) } ?? path)
  }

  /// Where `source`'s bytes are: `path`, `archive` and `member`, or base64 `data`.
  private static func sourceFields(_ source: AttachmentSource, relativeTo directory: String?) -> [JSONNode.Member] {
    switch source {
    case .file(let path): [.init("path", written(path, relativeTo: directory))]
    case .archiveMember(let archive, let member):
      [.init("archive", written(archive, relativeTo: directory)), .init("member", .string(member))]
    case .data(let bytes): [.init("data", .string(Data(bytes).base64EncodedString()))]
    }
  }

  private static func object(_ message: Message, relativeTo directory: String?) -> JSONNode {
    var fields: [JSONNode.Member] = []
    func add(_ key: String, _ text: String?) {
      if let text { fields.append(.init(key, .string(text))) }
    }
    func flag(_ key: String, _ isSet: Bool) {
      if isSet { fields.append(.init(key, .bool(true))) }
    }
    add("id", message.id)
    add("from", message.authorID)
    add("time", message.time.map(ISO8601.format))
    add("kind", message.kind == .message ? nil : message.kind.rawValue)
    add("text", message.text)
    let extras = message.extras
    add("replyTo", extras.replyTo)
    add("forwardedFrom", extras.forwardedFrom)
    flag("edited", extras.isEdited)
    flag("deleted", extras.isDeleted)
    add("service", extras.service)
    add("notice", extras.notice?.rawValue)
    if let call = extras.call {
      var parts: [JSONNode.Member] = [
        .init("medium", .string(call.medium.rawValue)), .init("outcome", .string(call.outcome.rawValue)),
      ]
      if let duration = call.duration { parts.append(.init("duration", .number(duration))) }
      fields.append(.init("call", .object(parts)))
    }
    let lists: [(String, [JSONNode])] = [
      ("attachments", extras.attachments.map { object($0, relativeTo: directory) }),
      ("reactions", extras.reactions.map(object)),
      ("spans", extras.spans.map(object)),
      ("linkPreviews", extras.linkPreviews.map(object)),
    ]
    for (key, items) in lists where !items.isEmpty { fields.append(.init(key, .array(items))) }
    return .object(fields)
  }

  private static func object(_ reaction: Reaction) -> JSONNode {
    var parts: [JSONNode.Member] = [.init("emoji", .string(reaction.emoji)), .init("count", .integer(reaction.count))]
    if !reaction.by.isEmpty { parts.append(.init("by", .array(reaction.by.map(JSONNode.string)))) }
    return .object(parts)
  }

  private static func object(_ span: TextSpan) -> JSONNode {
    let (name, fields) = span.style.jsonNameAndFields
    let parts: [JSONNode.Member] = [
      .init("start", .integer(span.start)), .init("length", .integer(span.length)), .init("style", .string(name)),
    ]
    return .object(parts + fields)
  }

  private static func object(_ preview: LinkPreview) -> JSONNode {
    var parts: [JSONNode.Member] = [
      ("url", preview.url), ("title", preview.title), ("description", preview.description), ("site", preview.siteName),
    ].compactMap { key, value in value.map { .init(key, .string($0)) } }
    if !preview.fields.isEmpty {
      let fields = preview.fields.map { field in
        var members: [JSONNode.Member] = [.init("title", .string(field.title)), .init("value", .string(field.value))]
        if field.isShort { members.append(.init("short", .bool(true))) }
        return JSONNode.object(members)
      }
      parts.append(.init("fields", .array(fields)))
    }
    if let footer = preview.footer { parts.append(.init("footer", .string(footer))) }
    if let color = preview.color { parts.append(.init("color", .string(color.hex))) }
    return .object(parts)
  }

  private static func object(_ attachment: Attachment, relativeTo directory: String?) -> JSONNode {
    var parts: [JSONNode.Member] = [.init("kind", .string(attachment.kind.rawValue))]
    func add(_ key: String, _ value: JSONNode?) {
      if let value { parts.append(.init(key, value)) }
    }
    add("file", attachment.fileName.map(JSONNode.string))
    add("mime", attachment.mimeType.map(JSONNode.string))
    if let source = attachment.source { parts += sourceFields(source, relativeTo: directory) }
    add("size", attachment.byteCount.map(JSONNode.integer))
    add("duration", attachment.duration.map(JSONNode.number))
    add("omitted", attachment.isOmitted ? .bool(true) : nil)
    add("title", attachment.title.map(JSONNode.string))
    add("detail", attachment.detail.map(JSONNode.string))
    return .object(parts)
  }
}
