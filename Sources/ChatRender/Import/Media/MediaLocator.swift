import Foundation

/// Where an import finds the media files its transcript names: the folder beside the
/// transcript file (Telegram's `photos/`, DiscordChatExporter's `…_Files/`, our JSON's
/// paths), or the export's own folder or zip (WhatsApp, Slack).
struct MediaLocator {
  private enum Place {
    /// The folder relative paths start from ("" for the current folder).
    case folder(String)
    /// The files of an export's folder or zip.
    case tree(any FileTree, paths: Set<String>)
    /// Stdin: nothing to look beside.
    case nowhere
  }

  private let place: Place

  /// Looks beside the transcript at `filePath`.
  init(besideFile filePath: String) {
    place = filePath == "<stdin>" ? .nowhere : .folder(MediaPath.folder(of: filePath))
  }

  /// Looks in an export's folder or zip.
  init(tree: any FileTree) {
    place = .tree(tree, paths: Set((try? tree.filePaths()) ?? []))
  }

  /// The attachment's source and size for `relativePath`, or nil when no such file is there.
  func locate(_ relativePath: String) -> (source: AttachmentSource, byteCount: Int?)? {
    switch place {
    case .nowhere:
      return nil
    case .folder(let folder):
      let path = MediaPath.join(folder, relativePath)
      guard let size = MediaPath.byteCount(ofFile: path) else { return nil }
      return (.file(path: path), size)
    case .tree(let tree, let paths):
      guard paths.contains(relativePath) else { return nil }
      return MediaLocator.source(of: relativePath, in: tree)
    }
  }

  /// Sets `attachment`'s source (and size when known) to `relativePath`; false when the file
  /// is not there.
  @discardableResult
  func resolve(_ attachment: inout Attachment, at relativePath: String) -> Bool {
    guard let (source, size) = locate(relativePath) else { return false }
    attachment.source = source
    attachment.byteCount = size ?? attachment.byteCount
    return true
  }

  /// A file of a folder is read from disk, a member of a zip on disk from the zip when drawn;
  /// a zip held in memory (stdin) gives its bytes now.
  private static func source(of relativePath: String, in tree: any FileTree)
    -> (AttachmentSource, Int?)?
  {
    if let folder = tree as? DirectoryTree {
      let path = folder.displayPath(of: relativePath)
      return (.file(path: path), MediaPath.byteCount(ofFile: path))
    }
    if let zip = tree as? ZipArchive, zip.path != "<stdin>", ZipArchive.hasSignature(atPath: zip.path) {
      return (.archiveMember(archive: zip.path, member: relativePath), zip.byteCount(of: relativePath))
    }
    guard let bytes = try? tree.read(relativePath) else { return nil }
    return (.data(bytes), bytes.count)
  }
}
