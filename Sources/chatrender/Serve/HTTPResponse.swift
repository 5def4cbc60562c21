import Foundation

/// What the server answers: a status, headers and the body's bytes.
struct HTTPResponse: Sendable {
  var status: Int
  var headers: [(String, String)]
  var body: [UInt8]

  init(status: Int = 200, contentType: String, body: [UInt8]) {
    self.status = status
    self.headers = [("Content-Type", contentType), ("X-Content-Type-Options", "nosniff")]
    self.body = body
  }

  /// A JSON body made by `JSONSerialization` from plain values.
  static func json(_ value: Any, status: Int = 200) -> HTTPResponse {
    let data =
      (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(data) + [10])
  }

  /// `{"error": {"status": 400, "message": "…"}}`, with the CLI's diagnostics when there are.
  static func error(_ status: Int, _ message: String, diagnostics: [[String: Any]] = []) -> HTTPResponse {
    var error: [String: Any] = ["status": status, "message": message]
    if !diagnostics.isEmpty { error["diagnostics"] = diagnostics }
    return json(["error": error], status: status)
  }
}

/// Byte counts as `--max-upload` takes and shows them: `512MB`, `2GB`, `100KB`, `4096`.
enum ByteCount {
  private static let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]

  static func parse(_ text: String) -> Int? {
    let upper = text.uppercased().trimmingCharacters(in: .whitespaces)
    for (unit, size) in units where upper.hasSuffix(unit) {
      guard let number = Int(upper.dropLast(unit.count).trimmingCharacters(in: .whitespaces)), number > 0,
        number <= Int.max / size
      else { return nil }
      return number * size
    }
    return Int(upper).flatMap { $0 > 0 ? $0 : nil }
  }

  static func text(_ count: Int) -> String {
    for (unit, size) in units where count >= size && count % size == 0 { return "\(count / size) \(unit)" }
    return "\(count) B"
  }
}
