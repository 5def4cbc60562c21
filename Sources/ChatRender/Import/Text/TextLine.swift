/// One physical line of a text file: where it is and how it ended.
///
/// Lines are numbered as `SourceFile` numbers them: `\n`, `\r\n` and a lone `\r` each end a
/// line. Knowing the ending matters for WhatsApp's iOS exports, which end records with CRLF
/// but break lines inside a message with a bare LF.
struct TextLine: Sendable, Hashable {
  enum Ending: Sendable, Hashable {
    case lineFeed, carriageReturnLineFeed, carriageReturn, endOfFile
  }

  /// 1-based line number.
  var number: Int
  /// UTF-8 offset of the first byte.
  var start: Int
  /// UTF-8 offset just past the last byte, before the line ending.
  var end: Int
  var ending: Ending

  var isEmpty: Bool { start == end }
}

extension SourceFile {
  /// The file's lines in order, at most `limit` of them.
  func textLines(limit: Int = .max) -> [TextLine] {
    var lines: [TextLine] = []
    var start = 0
    var index = 0
    let count = bytes.count
    while index < count, lines.count < limit {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        var ending = TextLine.Ending.lineFeed
        var next = index + 1
        if byte == 0x0D {
          if next < count, bytes[next] == 0x0A {
            ending = .carriageReturnLineFeed
            next += 1
          } else {
            ending = .carriageReturn
          }
        }
        lines.append(TextLine(number: lines.count + 1, start: start, end: index, ending: ending))
        start = next
        index = next
      } else {
        index += 1
      }
    }
    if start < count, lines.count < limit {
      lines.append(TextLine(number: lines.count + 1, start: start, end: count, ending: .endOfFile))
    }
    return lines
  }

  /// The text of `line`, without its ending.
  func text(of line: TextLine) -> String {
    String(decoding: bytes[line.start..<line.end], as: UTF8.self)
  }

  /// Whether `line` holds only spaces and tabs (or nothing).
  func isBlank(_ line: TextLine) -> Bool {
    bytes[line.start..<line.end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }
}
