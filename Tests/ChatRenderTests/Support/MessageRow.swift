@_spi(Pages) @testable import ChatRender

/// One message as a test checks it: who, which side, when, what, and what kind.
struct MessageRow: Equatable, CustomStringConvertible {
  var author: String?
  var side: MessageSide
  /// `ISO8601.format`: UTC with `Z` for instants, no zone for wall-clock times.
  var time: String?
  var text: String
  var kind: Message.Kind

  init(
    _ author: String?, _ side: MessageSide, _ time: String?, _ text: String,
    _ kind: Message.Kind = .message
  ) {
    self.author = author
    self.side = side
    self.time = time
    self.text = text
    self.kind = kind
  }

  var description: String {
    "(\(author ?? "nil"), \(side), \(time ?? "nil"), \(text.debugDescription), \(kind))"
  }

  static func rows(_ transcript: Transcript) -> [MessageRow] {
    transcript.messages.map { message in
      MessageRow(
        message.authorID.map { transcript.participant(id: $0)?.name ?? "?\($0)" },
        transcript.side(of: message), message.time.map(ISO8601.format), message.text,
        message.kind)
    }
  }
}

extension Diagnostic {
  /// `line:column`, for comparing error positions.
  var position: String { location.map { "\($0.line):\($0.column)" } ?? "none" }
}
