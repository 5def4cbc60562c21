import Foundation

/// The folder an export's media must come from. A stranger's export may name any path
/// (`/home/me/id.jpg`, `../../etc/shadow`, a symlink that points out of the folder); a media
/// file is read only when its real path, links followed, lies inside the export and it is a
/// regular file. Anything else keeps its name and loses its source and size: the attachment
/// becomes a chip, with a warning naming the message (docs/ARCHITECTURE.md, "Import").
///
/// The same rule holds for every other file an importer reads beside the one it was given (a
/// conversation's `message_2.json`, a space's `group_info.json`, a folder's day files): one
/// outside is skipped with a warning naming it (`skipped(_:because:)`).
struct ExportBoundary {
  /// The export's folder, links resolved; nil when nothing on disk belongs to the export
  /// (a zip read from memory).
  private let root: String?
  /// A folder the user named as part of the export (`--attachments`), links resolved.
  private let attachmentsRoot: String?
  /// The zip the export is, whose members are inside by construction.
  private let archive: String?

  init(_ input: ImportInput, attachments: String? = nil) {
    attachmentsRoot = attachments.flatMap(Self.realPath)
    if let zip = input.tree as? ZipArchive {
      root = nil
      archive = zip.path
    } else if let folder = input.tree as? DirectoryTree {
      root = Self.realPath(folder.root)
      archive = nil
    } else {
      let folder = MediaPath.folder(of: input.path)
      root = Self.realPath(folder.isEmpty ? "." : folder)
      archive = nil
    }
  }

  /// The export that is the folder at `folder` (an export folder, or the folder holding the
  /// file given).
  init(folder: String) {
    attachmentsRoot = nil
    root = Self.realPath(folder.isEmpty ? "." : folder)
    archive = nil
  }

  /// The warning for a file of the export left unread because of `reason`.
  static func skipped(_ path: String, because reason: String) -> Diagnostic {
    .warning("'\(path)' skipped: \(reason)")
  }

  /// Removes from `transcript` every media source outside the export, with one warning for
  /// each attachment or avatar refused.
  func confine(_ transcript: inout Transcript, warnings: inout [Diagnostic]) {
    for index in transcript.participants.indices {
      guard let source = transcript.participants[index].avatar, let reason = refusal(of: source) else { continue }
      transcript.participants[index].avatar = nil
      warnings.append(.warning("avatar '\(Self.shown(source))' not read: \(reason)"))
    }
    for index in transcript.messages.indices where !transcript.messages[index].extras.attachments.isEmpty {
      let location = transcript.messages[index].location
      for position in transcript.messages[index].extras.attachments.indices {
        let attachment = transcript.messages[index].extras.attachments[position]
        guard let source = attachment.source, let reason = refusal(of: source) else { continue }
        transcript.messages[index].extras.attachments[position].source = nil
        transcript.messages[index].extras.attachments[position].byteCount = nil
        warnings.append(.warning("media '\(Self.shown(source))' not read: \(reason)", at: location))
      }
    }
  }

  /// Why `source` may not be read, or nil when it lies inside the export.
  func refusal(of source: AttachmentSource) -> String? {
    switch source {
    case .data:
      return nil
    case .archiveMember(let path, _):
      if let archive, path == archive { return nil }
      return refusal(ofFile: path)
    case .file(let path):
      return refusal(ofFile: path)
    }
  }

  /// Why the file at `path` may not be read (it or a link on its way leads out of the export,
  /// or it is not a regular file), or nil when it lies inside the export.
  func refusal(ofFile path: String) -> String? {
    if let attachmentsRoot, let real = Self.realPath(path), Self.isInside(real, attachmentsRoot) {
      return RegularFile.problem(at: real)
    }
    guard let root else { return "it is outside the export" }
    guard let real = Self.realPath(path) else {
      // Missing: judged by its name alone (no link can lead out of a path that is not there).
      let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
      return Self.isInside(absolute, root) ? nil : "it is outside the export"
    }
    guard Self.isInside(real, root) else {
      let isLink = Self.isInside(URL(fileURLWithPath: path).standardizedFileURL.path, root)
      return isLink ? "it is a link to a file outside the export" : "it is outside the export"
    }
    return RegularFile.problem(at: real)
  }

  private static func isInside(_ path: String, _ root: String) -> Bool {
    root == "/" || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// `path` with every link and `..` resolved, or nil when it does not exist.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func shown(_ source: AttachmentSource) -> String {
    switch source {
    case .file(let path): return path
    case .archiveMember(let archive, let member): return archive + "/" + member
    case .data: return "inline data"
    }
  }
}
