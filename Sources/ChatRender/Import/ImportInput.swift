import Foundation

/// What an importer reads: one text file, or a folder or archive of files.
public struct ImportInput: Sendable {
  /// The path shown in diagnostics, or `<stdin>`.
  public var path: String
  /// The file's text; nil for a folder or archive.
  public var file: SourceFile?
  /// The files of a folder or a zip archive; nil for a single file.
  public var tree: (any FileTree)?
  /// A SQLite database (an iMessage `chat.db`), read in place rather than into `file`.
  var database: DatabaseFile?
  /// Where the files read for this input are noted (`--evidence`), when they are.
  package var digests: SourceDigests?

  /// One file's text, named by its path.
  public init(file: SourceFile) {
    self.path = file.path
    self.file = file
    self.tree = nil
  }

  /// A folder or archive of files, shown as `path` in diagnostics.
  public init(path: String, tree: any FileTree) {
    self.path = path
    self.file = nil
    self.tree = tree
  }

  /// A SQLite database on disk or in memory.
  init(database: DatabaseFile) {
    self.path = database.path
    self.database = database
  }

  /// Opens `path`: a folder or a zip archive becomes a tree, `-` is stdin (a file, a zip
  /// archive or a SQLite database), a SQLite database is read in place, anything else a file.
  public static func open(_ path: String) throws -> ImportInput { try open(path, recordingInto: nil) }

  /// Opens `path` as `open(_:)` does, noting in `digests` the bytes of what it opens (an
  /// archive or a database as its own bytes) and, through the input, every file read later.
  package static func open(_ path: String, recordingInto digests: SourceDigests?) throws -> ImportInput {
    var input = try opening(path, digests: digests)
    input.digests = digests
    return input
  }

  /// A file beside the input that a format reads (a page, an account file), noted as the
  /// input's own files are.
  package func sourceFile(atPath path: String) throws -> SourceFile {
    try SourceFile(contentsOf: path, recordingInto: digests)
  }

  private static func opening(_ path: String, digests: SourceDigests?) throws -> ImportInput {
    if path == "-" {
      let bytes = try RegularFile.readStandardInput()
      digests?.record(bytes, path: "-")
      if ZipArchive.hasSignature(bytes) {
        return ImportInput(path: "<stdin>", tree: try ZipArchive(path: "<stdin>", bytes: bytes))
      }
      if DatabaseFile.hasSignature(bytes) {
        return ImportInput(database: DatabaseFile(path: "<stdin>", bytes: bytes))
      }
      return ImportInput(file: try SourceFile(path: "<stdin>", bytes: bytes))
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      if let entry = folderEntry(of: path) {
        // The file the folder is read as must be of the folder, not a link out of it.
        if let reason = ExportBoundary(folder: path).refusal(ofFile: entry) {
          throw FileError(path: entry, reason: reason)
        }
        return ImportInput(file: try SourceFile(contentsOf: entry, recordingInto: digests))
      }
      return ImportInput(path: path, tree: DirectoryTree(root: path, digests: digests))
    }
    // Only a regular file is opened to look for a zip signature: a FIFO would block there;
    // SourceFile refuses it with a clear error instead.
    if RegularFile.problem(at: path) == nil, ZipArchive.hasSignature(atPath: path) {
      let archive = try ZipArchive(path: path)
      // Members are unpacked on demand: the evidence is the archive's own bytes.
      if let digests { digests.record(digest: try RegularFile.sha256(path, limit: .archiveSize), path: path) }
      return ImportInput(path: path, tree: archive)
    }
    if RegularFile.problem(at: path) == nil, DatabaseFile.hasSignature(atPath: path) {
      let database = try DatabaseFile(path: path)
      // Read in place by SQLite: the evidence is the database's own bytes.
      if let digests { digests.record(digest: try RegularFile.sha256(path, limit: .databaseSize), path: path) }
      return ImportInput(database: database)
    }
    return ImportInput(file: try SourceFile(contentsOf: path, recordingInto: digests))
  }

  /// The one file a single-file format reads; a folder or an archive is an error.
  ///
  /// - Parameter expected: what the format reads, as "a JSON file".
  public func singleFile(_ expected: String) throws -> SourceFile {
    guard let file else {
      let found = database != nil ? "a SQLite database" : tree is ZipArchive ? "a zip archive" : "a folder"
      throw DiagnosticError(.error("expected \(expected), found \(found)"))
    }
    return file
  }
}

/// A read-only set of files addressed by relative paths with `/` separators.
public protocol FileTree: Sendable {
  /// Every file's relative path, sorted.
  func filePaths() throws -> [String]
  /// The bytes of one file.
  func read(_ relativePath: String) throws -> [UInt8]
  /// The path of a member, for diagnostics: `export.zip/channel/2024-01-01.json`.
  func displayPath(of relativePath: String) -> String
}

extension FileTree {
  /// A member as a `SourceFile`, for parsing with locations.
  public func sourceFile(_ relativePath: String) throws -> SourceFile {
    try SourceFile(path: displayPath(of: relativePath), bytes: read(relativePath))
  }

  /// Whether the tree holds a file at `relativePath`; false when the tree cannot be listed.
  package func contains(_ relativePath: String) -> Bool {
    (try? filePaths().contains(relativePath)) ?? false
  }
}

/// A folder on disk.
struct DirectoryTree: FileTree {
  let root: String
  /// Where each file read is noted, when it is.
  var digests: SourceDigests? = nil

  func filePaths() throws -> [String] {
    let base = URL(fileURLWithPath: root).standardizedFileURL
    guard
      let enumerator = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: [.isRegularFileKey])
    else { throw FileError(path: root, reason: "cannot list folder") }
    var paths: [String] = []
    let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
    let boundary = ExportBoundary(folder: root)
    for case let url as URL in enumerator {
      let full = url.standardizedFileURL.path
      guard full.hasPrefix(prefix), Self.isReadableFile(full, inside: boundary) else { continue }
      paths.append(String(full.dropFirst(prefix.count)))
    }
    return paths.sorted()
  }

  /// Whether a listed entry is a file to read: a regular file, or a link to one, inside the
  /// folder once every link is followed.
  private static func isReadableFile(_ path: String, inside boundary: ExportBoundary) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFLNK else { return false }
    return RegularFile.problem(at: path) == nil && boundary.refusal(ofFile: path) == nil
  }

  /// The bytes of a file of the folder; one that leads out of it (through a link) is refused.
  func read(_ relativePath: String) throws -> [UInt8] {
    let path = displayPath(of: relativePath)
    if let reason = ExportBoundary(folder: root).refusal(ofFile: path) {
      throw FileError(path: path, reason: reason)
    }
    let bytes = try RegularFile.read(path)
    digests?.record(bytes, path: path)
    return bytes
  }

  /// One warning for each file of the folder that is left unread because it is a FIFO, a
  /// device or a socket (reading one would block or never end), or a link that leads out of
  /// the folder or to nothing: its messages, if any, are not in the chat.
  func skippedFileWarnings() -> [Diagnostic] {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    let boundary = ExportBoundary(folder: root)
    var warnings: [Diagnostic] = []
    for case let relative as String in enumerator {
      let path = displayPath(of: relative)
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      let problem: String?
      switch status.st_mode & S_IFMT {
      case S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK: problem = RegularFile.problem(withMode: status.st_mode)
      case S_IFLNK:
        problem = boundary.refusal(ofFile: path) ?? RegularFile.problem(at: path).map { "it is a broken link (\($0))" }
      default: problem = nil
      }
      if let problem { warnings.append(ExportBoundary.skipped(path, because: problem)) }
    }
    return warnings
  }

  func displayPath(of relativePath: String) -> String {
    root.hasSuffix("/") ? root + relativePath : root + "/" + relativePath
  }
}
