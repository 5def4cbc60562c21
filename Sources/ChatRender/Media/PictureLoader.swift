import Foundation

/// Reads an attachment's bytes from where the import found them.
enum PictureLoader {
  /// The bytes of `source`.
  ///
  /// - Throws: `PictureError.unreadable` naming the file when it is missing or cannot be read.
  static func bytes(of source: AttachmentSource) throws(PictureError) -> [UInt8] {
    switch source {
    case .data(let bytes):
      return bytes
    case .file(let path):
      do {
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      } catch {
        throw .unreadable(path: path, reason: reason(error, path: path))
      }
    case .archiveMember(let archive, let member):
      do {
        return try ZipArchive(path: archive).read(member)
      } catch let error as FileError {
        throw .unreadable(path: error.path, reason: error.reason)
      } catch {
        throw .unreadable(path: archive + "/" + member, reason: "\(error)")
      }
    }
  }

  /// The format and size of `source`, for layout: a file is read only as far as its header
  /// (the first 256 KiB, which hold a photo's EXIF block and frame header), unless the
  /// header lies further in.
  static func info(of source: AttachmentSource) throws(PictureError) -> PictureInfo {
    if case .file(let path) = source, let head = prefix(ofFile: path, count: headerReadSize),
      let info = try? PictureInfo.read(head)
    {
      return info
    }
    return try PictureInfo.read(bytes(of: source))
  }

  static let headerReadSize = 256 * 1024

  private static func prefix(ofFile path: String, count: Int) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: count)).map { Array($0) }
  }

  /// Reads and decodes `source` (see `PictureDecoder.decode`).
  static func decode(
    _ source: AttachmentSource, fitting maximumSize: PixelSize? = nil,
    limits: PictureLimits = .fromEnvironment
  ) throws(PictureError) -> DecodedPicture {
    try PictureDecoder.decode(bytes(of: source), fitting: maximumSize, limits: limits)
  }

  private static func reason(_ error: Error, path: String) -> String {
    if !FileManager.default.fileExists(atPath: path) { return "no such file" }
    return FileError.describe(error)
  }
}
