import Foundation

/// The text of one input file, with an index of line starts for turning byte offsets into
/// line and column.
public struct SourceFile: Sendable {
  /// The path shown in diagnostics, or `<stdin>`.
  public let path: String
  /// The file's bytes, UTF-8, with a leading byte-order mark removed (and lines that were
  /// not UTF-8 read as Windows-1252).
  public let bytes: [UInt8]
  /// The warning to show when some lines were read as Windows-1252; nil for a UTF-8 file.
  package let encodingWarning: Diagnostic?
  /// The warning to show when stray NUL bytes were dropped; nil when there was none.
  package let nulWarning: Diagnostic?
  /// Every warning about how the bytes were read as text.
  package var readingWarnings: [Diagnostic] { [encodingWarning, nulWarning].compactMap { $0 } }
  /// UTF-8 offsets at which each line starts; lines end at `\n`, `\r\n` or a lone `\r`.
  private let lineStarts: [Int]
  /// The column (0-based, in scalars) at every `checkpointStride`-th byte, so that columns
  /// in very long lines (minified JSON) are found without counting from the line's start.
  private let checkpoints: [Int]
  private static let checkpointStride = 4096

  /// Wraps `bytes` read from `path`.
  ///
  /// - Throws: `DiagnosticError` when the bytes are not text (a picture, UTF-16 without a
  ///   byte-order mark, many NULs or control bytes) or the file is empty. A few NULs are
  ///   dropped, with `nulWarning`.
  public init(path: String, bytes: some Collection<UInt8>, allowEmpty: Bool = false) throws {
    var all = Array(bytes)
    if all.starts(with: [0xEF, 0xBB, 0xBF]) { all.removeFirst(3) }
    if let utf8 = TextEncoding.transcodedFromMarkedUTF16(all) { all = utf8 }
    if let kind = TextEncoding.binaryKind(all) {
      throw DiagnosticError(
        .error("file is \(kind), not a chat export", at: SourceLocation(file: path, line: 1, column: 1)))
    }
    if let encoding = TextEncoding.unmarkedUTF16(all) {
      var diagnostic = Diagnostic.error(
        "file is \(encoding) without a byte-order mark, not UTF-8", at: SourceLocation(file: path, line: 1, column: 1))
      diagnostic.notes = ["convert it with: " + TextEncoding.conversion(from: encoding, path: path)]
      throw DiagnosticError(diagnostic)
    }
    // A text file with a few NULs (a crashed program's log) is read without them.
    if let dropped = TextEncoding.droppingNULs(all) {
      nulWarning = TextEncoding.nulWarning(
        count: dropped.count, firstOffset: dropped.firstOffset, in: all, path: path)
      all = dropped.bytes
    } else {
      nulWarning = nil
    }
    var warning: Diagnostic?
    if let mixed = TextEncoding.decodingLineByLine(all) {
      all = mixed.bytes
      warning = TextEncoding.warning(for: mixed, path: path)
    }
    self.encodingWarning = warning
    self.path = path
    self.bytes = all
    var starts = [0]
    var marks: [Int] = []
    marks.reserveCapacity(all.count / SourceFile.checkpointStride + 1)
    var column = 0
    var index = 0
    while index < all.count {
      if index % SourceFile.checkpointStride == 0 { marks.append(column) }
      let byte = all[index]
      if byte == 0x0A {
        starts.append(index + 1)
        column = 0
      } else if byte == 0x0D {
        if index + 1 < all.count, all[index + 1] == 0x0A {
          index += 1
          if index % SourceFile.checkpointStride == 0 { marks.append(column) }
        }
        starts.append(index + 1)
        column = 0
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    self.lineStarts = starts
    self.checkpoints = marks
    if !allowEmpty && all.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      throw DiagnosticError(.error("file is empty", at: SourceLocation(file: path, line: 1, column: 1)))
    }
  }

  /// Reads the file at `path` (or stdin for `-`), refusing anything larger than `limit` and
  /// anything but a regular file (a FIFO or a device would never end); the bytes read are
  /// noted in `digests` when given (the source of `--evidence`).
  ///
  /// - Throws: `FileError` when it cannot be read; `DiagnosticError` as `init(path:bytes:)`.
  package init(contentsOf path: String, limit: Limit = .inputSize, recordingInto digests: SourceDigests? = nil) throws {
    let bytes =
      path == "-"
      ? try RegularFile.readStandardInput(limit: limit) : try RegularFile.read(path, limit: limit)
    digests?.record(bytes, path: path)
    try self.init(path: path == "-" ? "<stdin>" : path, bytes: bytes)
  }

  /// The whole file as a string.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Number of lines, counting a last line without a newline.
  package var lineCount: Int { lineStarts.count }

  /// The location of the byte at `offset`.
  public func location(ofOffset offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    let start = lineStarts[low]
    var column = 1
    var index = start
    let checkpoint = clamped / SourceFile.checkpointStride * SourceFile.checkpointStride
    if checkpoint > start, checkpoint / SourceFile.checkpointStride < checkpoints.count {
      column = checkpoints[checkpoint / SourceFile.checkpointStride] + 1
      index = checkpoint
    }
    while index < clamped {
      // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(file: path, line: low + 1, column: column, offset: clamped)
  }

  /// The location of a 1-based line and column.
  package func location(line: Int, column: Int) -> SourceLocation {
    let start = line - 1 < lineStarts.count ? lineStarts[max(0, line - 1)] : bytes.count
    return SourceLocation(file: path, line: line, column: column, offset: start)
  }

  /// The text of a 1-based line, without its line ending.
  package func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
