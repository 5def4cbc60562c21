import Foundation

/// Reads an attachment's bytes from where the import found them, through the same checks
/// and limit as every input file: only regular files (a FIFO would block the render), never
/// more than `Limit.inputSize`, and a header without the rest of the file. A render passes
/// its `PictureArchives`, so each zip is opened once; the default opens it for the one read.
enum PictureLoader {
  /// The bytes of `source`, members from `archives` (the render's).
  ///
  /// - Throws: `PictureError.unreadable` naming the file when it is missing, not a regular
  ///   file, larger than the input limit, or cannot be read.
  static func bytes(
    of source: AttachmentSource, archives: PictureArchives = PictureArchives()
  ) throws(PictureError) -> [UInt8] {
    try reading(source) { () throws -> [UInt8] in
      switch source {
      case .data(let bytes): return bytes
      case .file(let path): return try RegularFile.read(path)
      case .archiveMember(let archive, let member): return try archives.archive(at: archive).read(member)
      }
    }
  }

  /// The format and size of `source`, for layout: read from its first 256 KiB (which hold a
  /// photo's EXIF block and frame header), and from the whole file only when the header
  /// lies further in.
  static func info(
    of source: AttachmentSource, archives: PictureArchives = PictureArchives()
  ) throws(PictureError) -> PictureInfo {
    let head = try reading(source) { () throws -> [UInt8] in
      switch source {
      case .data(let bytes): return bytes
      case .file(let path): return try RegularFile.prefix(path, count: headerReadSize)
      case .archiveMember(let archive, let member):
        return try archives.archive(at: archive).prefix(of: member, count: headerReadSize)
      }
    }
    if let info = try? PictureInfo.read(head) { return info }
    if head.count < headerReadSize { return try PictureInfo.read(head) }
    return try PictureInfo.read(bytes(of: source, archives: archives))
  }

  static let headerReadSize = 256 * 1024

  /// Reads and decodes `source` (see `PictureDecoder.decode`).
  static func decode(
    _ source: AttachmentSource, fitting maximumSize: PixelSize? = nil,
    archives: PictureArchives = PictureArchives(),
    limits: PictureLimits = .fromEnvironment
  ) throws(PictureError) -> DecodedPicture {
    try PictureDecoder.decode(bytes(of: source, archives: archives), fitting: maximumSize, limits: limits)
  }

  /// Runs `read`, turning its errors into `PictureError.unreadable`.
  private static func reading(
    _ source: AttachmentSource, _ read: () throws -> [UInt8]
  ) throws(PictureError) -> [UInt8] {
    do {
      return try read()
    } catch let error as FileError {
      throw .unreadable(path: error.path, reason: error.reason)
    } catch {
      throw .unreadable(path: shown(source), reason: FileError.describe(error))
    }
  }

  private static func shown(_ source: AttachmentSource) -> String {
    switch source {
    case .data: return "inline data"
    case .file(let path): return path
    case .archiveMember(let archive, let member): return archive + "/" + member
    }
  }
}
