import CMicroHTTPD
import Foundation

/// libmicrohttpd, one thread per connection: it parses HTTP, we only gather each request's
/// body into its `HTTPRequest` and hand the whole request to `respond`. A request ends
/// (answered, refused or dropped) in `requestCompleted`, which removes its upload folder.
final class HTTPServer: @unchecked Sendable {
  struct Settings {
    var listener: Listener
    var maxUpload: Int
    var token: String?
    /// A sender slower than this, in seconds between bytes, is dropped.
    var idleTimeout = 30
    var maxConnections = 256
  }

  let settings: Settings
  let respond: @Sendable (HTTPRequest) -> HTTPResponse
  private var daemon: OpaquePointer?

  init(settings: Settings, respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
    self.settings = settings
    self.respond = respond
  }

  /// Starts answering on the listener's socket.
  func start() throws {
    let context = Unmanaged.passUnretained(self).toOpaque()
    let completed: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
      guard let requestContext, let pointer = requestContext.pointee else { return }
      Unmanaged<HTTPRequest>.fromOpaque(pointer).release()
      requestContext.pointee = nil
    }
    let options: [any CVarArg] = [
      MHD_OPTION.LISTEN_SOCKET.rawValue, settings.listener.socket,
      MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(settings.idleTimeout),
      MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(settings.maxConnections),
      MHD_OPTION.NOTIFY_COMPLETED.rawValue, unsafeBitCast(completed, to: OpaquePointer.self), OpaquePointer(context),
      MHD_OPTION.END.rawValue,
    ]
    let flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
    daemon = withVaList(options) { arguments in
      MHD_start_daemon_va(flags, 0, nil, nil, Self.access, context, arguments)
    }
    if daemon == nil { throw ServeError("could not start the HTTP server on \(settings.listener.address)") }
  }

  /// Stops accepting, waits for the requests being answered, and closes.
  func stop() {
    if let daemon { MHD_stop_daemon(daemon) }
    daemon = nil
  }

  /// libmicrohttpd's access handler: called once with the headers, then with each piece of
  /// the body, then once more with none, when the answer is due.
  private static let access: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let context, let connection, let requestContext, let uploadDataSize else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    guard let pointer = requestContext.pointee else {
      let request = HTTPRequest(
        connection: connection, method: method.map { String(cString: $0) } ?? "GET",
        path: url.map { String(cString: $0) } ?? "/", maxUpload: server.settings.maxUpload)
      request.refuseEarly(token: server.settings.token)
      requestContext.pointee = Unmanaged.passRetained(request).toOpaque()
      // Refused before a body too large to drop: answered at once.
      if let refusal = request.refusal, request.answersBeforeBody { return queue(refusal, on: connection) }
      return .YES
    }
    let request = Unmanaged<HTTPRequest>.fromOpaque(pointer).takeUnretainedValue()
    if uploadDataSize.pointee > 0, let uploadData {
      // Refused (no token, a body too large): libmicrohttpd sends no answer before the body's
      // end, so the rest is read and dropped, up to a bound.
      let kept = request.receive(UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee))
      uploadDataSize.pointee = 0
      return kept ? .YES : .NO
    }
    let response = request.refusal ?? request.finishBody() ?? server.respond(request)
    request.removeUpload()
    return queue(response, on: connection)
  }

  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made = response.body.withUnsafeBytes { bytes in
      MHD_create_response_from_buffer(
        bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), made)
  }
}

/// A problem starting or running the server (exit status 1).
struct ServeError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
