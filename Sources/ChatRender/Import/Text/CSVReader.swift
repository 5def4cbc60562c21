/// Comma-separated rows as RFC 4180 writes them (KakaoTalk's CSV export): fields in double
/// quotes may hold commas, line breaks (read as `\n`) and doubled quotes (`""`); a row ends
/// at a line break outside quotes.
///
/// Reads in one pass over the bytes; a quote that never closes is an error at the quote,
/// not a scan of the rest of the file for every field.
struct CSVReader {
  /// One field: its text and where it starts.
  struct Field: Sendable, Hashable {
    var text: String
    var offset: Int
  }

  let file: SourceFile

  /// Every row, blank lines skipped.
  ///
  /// - Throws: `DiagnosticError` at an unterminated quoted field, or at text after a closing
  ///   quote (`"a"b`).
  func rows() throws -> [[Field]] {
    let bytes = file.bytes
    var rows: [[Field]] = []
    var row: [Field] = []
    var index = 0
    let count = bytes.count
    func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    while index <= count {
      let start = index
      var field: [UInt8] = []
      if index < count, bytes[index] == UInt8(ascii: "\"") {
        index += 1
        var closed = false
        while index < count {
          if bytes[index] == UInt8(ascii: "\"") {
            if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") {
              field.append(UInt8(ascii: "\""))
              index += 2
              continue
            }
            index += 1
            closed = true
            break
          }
          if bytes[index] == 0x0D {
            // A line break inside quotes is "\n", whichever the file uses.
            field.append(0x0A)
            index += index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
            continue
          }
          field.append(bytes[index])
          index += 1
        }
        guard closed else {
          throw DiagnosticError(
            .error("quoted field is never closed (expected '\"')", at: file.location(ofOffset: start)))
        }
        guard index == count || bytes[index] == UInt8(ascii: ",") || isLineEnd(bytes[index]) else {
          throw DiagnosticError(
            .error(
              "expected ',' or the end of the line after a quoted field",
              at: file.location(ofOffset: index)))
        }
      } else {
        while index < count, bytes[index] != UInt8(ascii: ","), !isLineEnd(bytes[index]) {
          field.append(bytes[index])
          index += 1
        }
      }
      row.append(Field(text: String(decoding: field, as: UTF8.self), offset: start))
      if index < count, bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      // End of the row: a line break (CRLF counts once) or the end of the file.
      if !(row.count == 1 && row[0].text.isEmpty) { rows.append(row) }
      row = []
      if index >= count { break }
      if bytes[index] == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
      index += 1
    }
    return rows
  }
}
