@_spi(Pages) import ChatRender
import Foundation

/// A request's error as JSON, with the status that says whose fault it was: 400 for what was
/// asked (an option, or a choice it must make), 415 for an export no format reads, 422 for an export that is broken
/// (located as the command line locates it) or over a request's memory, 503 for a render past
/// its time, 500 for the server's own trouble. The messages
/// are the command line's, with the upload's private folder left out of every path.
enum ServeErrors {
  static func response(for error: any Error, request: HTTPRequest) -> HTTPResponse {
    switch error {
    case let error as UsageError: return .error(400, error.message)
    case let error as ConfigurationError: return response(for: error.error, request: request)
    case let error as UploadRefusal: return .error(400, error.message)
    case let error as HighlightError: return .error(400, "--\(error)")
    case let error as UndatedChatError: return .error(400, error.description)
    case let error as RequestOverLimit: return .error(422, error.message)
    case is RenderTimeout:
      var busy = HTTPResponse.error(
        503,
        "the render took longer than this server's --request-timeout allows; try again, or ask for less (last, from, to)"
      )
      busy.headers.append(("Retry-After", "1"))
      return busy
    case let error as DiagnosticError:
      let status = status(for: error.diagnostics.first?.hint)
      let text = error.diagnostics.map { Self.text(for: $0, request: request) }.joined(separator: "\n")
      return .error(status, text, diagnostics: error.diagnostics.map { Self.json(for: $0, request: request) })
    case let error as FileError:
      return .error(422, hidden("\(error.path): \(error.reason)", request: request))
    default: return .error(500, hidden("\(error)", request: request))
    }
  }

  /// 415 when no format reads the export; 400 when an option must choose better (`me` names
  /// nobody, the chat of several is not chosen); 422 when the export itself is at fault.
  private static func status(for hint: DiagnosticHint?) -> Int {
    switch hint {
    case .chooseInputFormat: return 415
    case .chooseParticipant, .chooseChat, .chooseChatByID: return 400
    default: return 422
    }
  }

  /// `chat.txt:3:1: error: message`, then its notes, as the command line prints it.
  static func text(for diagnostic: Diagnostic, request: HTTPRequest) -> String {
    let printed = DiagnosticPrinter(terminal: plainTerminal).lines(for: diagnostic, path: request.inputName)
    let lines = printed.split(separator: "\n").map { String($0) }
    let withoutProgram = lines.map { $0.hasPrefix("chatrender: ") ? String($0.dropFirst(12)) : $0 }
    return hidden(withoutProgram.joined(separator: "\n"), request: request)
  }

  private static func json(for diagnostic: Diagnostic, request: HTTPRequest) -> [String: Any] {
    var json: [String: Any] = [
      "severity": "\(diagnostic.severity)", "message": hidden(diagnostic.message, request: request),
      "notes": diagnostic.notes.map { hidden($0, request: request) } + [diagnostic.hint?.flagAdvice].compactMap { $0 },
    ]
    if let location = diagnostic.location {
      json["file"] = hidden(location.file, request: request)
      json["line"] = location.line
      json["column"] = location.column
    }
    return json
  }

  /// `text` with the upload's folder taken out: `/tmp/chatrender-upload-x/chat.txt` is
  /// `chat.txt`, the folder itself the name the client gave.
  static func hidden(_ text: String, request: HTTPRequest) -> String {
    guard let folder = request.uploadFolder else { return text }
    return text.replacingOccurrences(of: folder + "/", with: "")
      .replacingOccurrences(of: folder, with: request.inputName ?? "upload")
  }

  private static let plainTerminal = Terminal(colorChoice: "never")
}
