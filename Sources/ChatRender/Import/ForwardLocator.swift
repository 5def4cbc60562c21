/// Turns byte offsets into locations in one pass over a file, for offsets that mostly grow.
///
/// `SourceFile.location(ofOffset:)` counts the columns from the start of the line, which is
/// slow for the many records of a minified export written on one line (ChatGPT's
/// `conversations.json`). The locator continues from the previous offset instead, and starts
/// again from the line only when an offset goes backwards.
struct ForwardLocator {
  let file: SourceFile
  private var offset = 0
  private var line = 1
  private var column = 1

  init(_ file: SourceFile) { self.file = file }

  mutating func location(ofOffset target: Int) -> SourceLocation {
    let target = max(0, min(target, file.bytes.count))
    if target < offset {
      let location = file.location(ofOffset: target)
      (offset, line, column) = (target, location.line, location.column)
      return location
    }
    let bytes = file.bytes
    while offset < target {
      let byte = bytes[offset]
      if byte == 0x0A || byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A) {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      offset += 1
    }
    return SourceLocation(file: file.path, line: line, column: column, offset: target)
  }
}
