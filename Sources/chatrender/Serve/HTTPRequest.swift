import CMicroHTTPD
import Foundation

/// One request: its method, path, query and form fields, and the files of its body, kept in
/// a private folder of its own (`UploadFolder`) that goes with the request.
final class HTTPRequest {
  let method: String
  let path: String
  /// The query's and the form's fields, in order; a field without `=` has the value "".
  private(set) var fields: [(name: String, value: String)] = []
  /// An answer decided before the body is read (a wrong token, a body too large).
  private(set) var refusal: HTTPResponse?
  /// True when the refusal is sent before the body: the body is larger than the server reads
  /// to drop it. A smaller body is read and dropped first, because a client still sending
  /// when the connection closes is reset and may never see the answer.
  private(set) var answersBeforeBody = false
  private let connection: OpaquePointer
  private let maxUpload: Int
  private var received = 0
  private var upload: UploadFolder?
  private var postProcessor: OpaquePointer?
  /// The file a raw body, or the form's current file part, is written to.
  private var currentFile: UploadFolder.File?
  /// The form field being read (a value may come in pieces).
  private var currentField: (name: String, value: [UInt8])?

  init(connection: OpaquePointer, method: String, path: String, maxUpload: Int) {
    self.connection = connection
    self.method = method
    self.path = path
    self.maxUpload = maxUpload
    fields = Self.values(of: connection, kind: .GET_ARGUMENT_KIND)
  }

  deinit {
    if let postProcessor { MHD_destroy_post_processor(postProcessor) }
    upload?.remove()
  }

  func header(_ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
  }

  /// The uploaded input: the one file sent, or the folder of several; nil when none was.
  var inputPath: String? { upload?.inputPath }
  /// The name the client gave the input (shown in errors instead of the server's folder).
  var inputName: String? { upload?.inputName }
  /// The folder every uploaded file is in, to be hidden from what the client reads.
  var uploadFolder: String? { upload?.path }

  /// Refuses before any byte of the body is kept: a missing or wrong token, a declared size
  /// over the limit.
  func refuseEarly(token: String?) {
    let declared = header("Content-Length").flatMap(UInt64.init)
    answersBeforeBody = (declared ?? 0) > UInt64(dropLimit)
    if let token, path.hasPrefix("/v1/"), !Self.sameToken(header("Authorization"), "Bearer " + token) {
      refusal = .error(401, "this server needs a token: send 'Authorization: Bearer TOKEN'")
      refusal?.headers.append(("WWW-Authenticate", "Bearer"))
      return
    }
    if let declared, declared > UInt64(maxUpload) {
      refusal = tooLarge()
    }
  }

  /// A piece of the body: into the form reader, or straight into the input file; dropped
  /// once the request is refused. False past `dropLimit`: the connection is dropped.
  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    received += bytes.count
    if received > maxUpload, refusal == nil {
      refusal = tooLarge()
      upload?.remove()
    }
    guard refusal == nil else { return received <= dropLimit }
    do {
      if isForm {
        try readForm(bytes)
      } else {
        if currentFile == nil { currentFile = try folder().create(named: rawBodyName) }
        try currentFile?.write(bytes)
      }
    } catch let error as UploadRefusal {
      refusal = .error(400, error.message)
    } catch {
      refusal = .error(500, "could not keep the upload: \(error)")
    }
    return true
  }

  /// Ends the body; a refusal when the form was cut short.
  func finishBody() -> HTTPResponse? {
    finishField()
    currentFile?.close()
    currentFile = nil
    return refusal
  }

  /// Removes the upload now rather than when libmicrohttpd lets the request go.
  func removeUpload() {
    upload?.remove()
  }

  private var isForm: Bool {
    header("Content-Type")?.lowercased().hasPrefix("multipart/form-data") == true
  }

  /// The raw body's file name: `?filename=` (its last part only), else one for its type.
  private var rawBodyName: String {
    if let given = fields.last(where: { $0.name == "filename" })?.value, !given.isEmpty { return given }
    let type = header("Content-Type")?.lowercased() ?? ""
    if type.contains("zip") { return "export.zip" }
    if type.contains("json") { return "chat.json" }
    if type.contains("html") { return "chat.html" }
    return "chat.txt"
  }

  private func folder() throws -> UploadFolder {
    if let upload { return upload }
    let made = try UploadFolder()
    upload = made
    return made
  }

  /// How much of a refused body is read and dropped so that the client sees the answer:
  /// the limit again, and at least 16 MB.
  private var dropLimit: Int { maxUpload > Int.max / 2 ? Int.max : maxUpload + max(maxUpload, 16 << 20) }

  private func tooLarge() -> HTTPResponse {
    .error(413, "the upload is larger than this server takes (\(ByteCount.text(maxUpload)); --max-upload)")
  }

  private func readForm(_ bytes: UnsafeRawBufferPointer) throws {
    if postProcessor == nil {
      let context = Unmanaged.passUnretained(self).toOpaque()
      postProcessor = MHD_create_post_processor(connection, 64 * 1024, Self.formPart, context)
      guard postProcessor != nil else { throw UploadRefusal(message: "the form's body is not multipart/form-data") }
    }
    let result = MHD_post_process(postProcessor, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
    if result == .NO, refusal == nil { throw UploadRefusal(message: "the form's body could not be read") }
  }

  /// libmicrohttpd's form reader: each piece of each part, a file's or a field's.
  private static let formPart: MHD_PostDataIterator = {
    context, _, key, filename, _, _, data, offset, size in
    guard let context else { return .NO }
    let request = Unmanaged<HTTPRequest>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    do {
      if let filename {
        try request.filePart(String(cString: filename), starts: offset == 0, bytes)
      } else {
        request.fieldPart(key.map { String(cString: $0) } ?? "", starts: offset == 0, bytes)
      }
      return .YES
    } catch let error as UploadRefusal {
      request.refusal = .error(400, error.message)
    } catch {
      request.refusal = .error(500, "could not keep the upload: \(error)")
    }
    return .NO
  }

  private func filePart(_ name: String, starts: Bool, _ bytes: UnsafeRawBufferPointer) throws {
    finishField()
    if starts || currentFile == nil {
      currentFile?.close()
      currentFile = try folder().create(named: name)
    }
    try currentFile?.write(bytes)
  }

  private func fieldPart(_ name: String, starts: Bool, _ bytes: UnsafeRawBufferPointer) {
    if starts || currentField?.name != name {
      finishField()
      currentField = (name, [])
    }
    currentField?.value += bytes
  }

  private func finishField() {
    guard let field = currentField else { return }
    fields.append((field.name, String(decoding: field.value, as: UTF8.self)))
    currentField = nil
  }

  /// The values of one kind (the query's) in the order they came.
  private static func values(of connection: OpaquePointer, kind: MHD_ValueKind) -> [(String, String)] {
    var found: [(String, String)] = []
    withUnsafeMutablePointer(to: &found) { pointer in
      _ = MHD_get_connection_values(
        connection, kind,
        { context, _, key, value in
          guard let context, let key else { return .YES }
          context.assumingMemoryBound(to: [(String, String)].self).pointee.append(
            (String(cString: key), value.map { String(cString: $0) } ?? ""))
          return .YES
        }, pointer)
    }
    return found
  }

  /// Compares in time independent of where they differ.
  private static func sameToken(_ given: String?, _ expected: String) -> Bool {
    let given = Array((given ?? "").utf8)
    let expected = Array(expected.utf8)
    var difference = given.count ^ expected.count
    for index in expected.indices { difference |= Int(expected[index] ^ (index < given.count ? given[index] : 0)) }
    return difference == 0
  }
}

/// An upload that is refused for what it asks (a path out of its folder, too many files).
struct UploadRefusal: Error {
  var message: String
}
