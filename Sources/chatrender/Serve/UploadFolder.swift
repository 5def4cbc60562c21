import Foundation

/// A request's private folder (mode 0700, under the system's temporary folder): every file a
/// client sends lands inside it under a name made safe, and it is removed with the request.
/// Nothing a client names can point outside it.
final class UploadFolder {
  /// One file being written.
  final class File {
    private let descriptor: Int32

    fileprivate init(descriptor: Int32) { self.descriptor = descriptor }
    deinit { close() }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw UploadRefusal(message: "could not keep the upload: \(String(cString: strerror(errno)))")
        }
        offset += written
      }
    }

    private var isOpen = true
    func close() {
      guard isOpen else { return }
      isOpen = false
      Foundation.close(descriptor)
    }
  }

  /// At most this many files in one upload (a folder sent as a form).
  static let maxFiles = 10_000

  let path: String
  private var names: [String] = []
  private var removed = false

  init() throws {
    let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
    var template = Array((temporary + "chatrender-upload-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw UploadRefusal(message: "could not make a folder for the upload: \(String(cString: strerror(errno)))")
    }
    path = String(cString: made)
  }

  deinit { remove() }

  /// The input: the one file sent, else the folder of all of them.
  var inputPath: String? {
    guard let first = names.first else { return nil }
    return names.count == 1 && !first.contains("/") ? path + "/" + first : path
  }

  /// The name the client gave: the one file's, or the folder's first part.
  var inputName: String? {
    guard let first = names.first else { return nil }
    return names.count == 1 ? first : String(first.split(separator: "/").first ?? "upload")
  }

  /// Makes the file `name` (a relative path a browser sends for a folder: `chat/media/a.jpg`)
  /// inside the folder; refuses a name that leads out of it or that is sent twice.
  func create(named name: String) throws -> File {
    let relative = try Self.safeRelativePath(name)
    guard names.count < Self.maxFiles else {
      throw UploadRefusal(message: "an upload holds at most \(Self.maxFiles) files")
    }
    guard !names.contains(relative) else { throw UploadRefusal(message: "the file '\(relative)' is sent twice") }
    let full = path + "/" + relative
    let folder = PathFolder.of(full)
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    // O_NOFOLLOW and O_EXCL: nothing there already, and never through a link.
    let descriptor = open(full, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw UploadRefusal(message: "could not keep '\(relative)': \(String(cString: strerror(errno)))")
    }
    names.append(relative)
    return File(descriptor: descriptor)
  }

  func remove() {
    guard !removed else { return }
    removed = true
    try? FileManager.default.removeItem(atPath: path)
  }

  /// `name` as a relative path of plain parts: no absolute path, no `..`, no empty or hidden
  /// control characters; a Windows browser's backslashes are separators.
  static func safeRelativePath(_ name: String) throws(UploadRefusal) -> String {
    let parts = name.replacingOccurrences(of: "\\", with: "/").split(separator: "/", omittingEmptySubsequences: true)
    guard !name.hasPrefix("/"), !parts.isEmpty, parts.count <= 16,
      parts.allSatisfy({ $0 != "." && $0 != ".." && $0.utf8.count <= 255 }),
      !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else {
      throw UploadRefusal(message: "the file name '\(Terminal.escape(name))' leads out of the upload; send plain names")
    }
    return parts.joined(separator: "/")
  }
}
