/// A position in a source file.
///
/// `line` and `column` are 1-based; the column counts Unicode scalars from the start of the
/// line (not bytes, not grapheme clusters). `offset` is the 0-based UTF-8 byte offset.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The display path of the file, or `<stdin>`.
  public var file: String
  /// Line number, from 1.
  public var line: Int
  /// Column, from 1, in Unicode scalars.
  public var column: Int
  /// UTF-8 byte offset from the start of the file, from 0.
  package var offset: Int

  /// A location; `offset` is 0 unless given.
  public init(file: String, line: Int, column: Int, offset: Int = 0) {
    self.file = file
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// Earlier first, by line then column (the file is not compared).
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `path:line:column`, as compilers print it.
  public var description: String { "\(file):\(line):\(column)" }
}
