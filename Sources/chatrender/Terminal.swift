@_spi(Pages) import ChatRender
import Foundation

/// Facts about the terminal, decided once: whether stderr is a terminal, colors, width.
struct Terminal: Sendable {
  let stderrIsTTY: Bool
  let stdoutIsTTY: Bool

  /// Whether standard input is a pipe or a file (not a terminal, nor /dev/null): what to read
  /// when no input is named.
  static var standardInputIsPiped: Bool {
    var status = stat()
    guard fstat(STDIN_FILENO, &status) == 0 else { return false }
    let kind = status.st_mode & S_IFMT
    return kind == S_IFIFO || (kind == S_IFREG && status.st_size > 0)
  }
  let useColor: Bool
  let width: Int

  init(colorChoice: String?) {
    let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
    stderrIsTTY = isatty(STDERR_FILENO) == 1 && !dumb
    stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    switch colorChoice {
    case "always": useColor = true
    case "never": useColor = false
    // no-color.org: NO_COLOR turns colour off when present and not empty.
    default: useColor = stderrIsTTY && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
    width = Self.columns(ttyAtStandardError: stderrIsTTY)
  }

  /// The terminal's width (`TIOCGWINSZ`), else `COLUMNS`, else 80; never under 40.
  private static func columns(ttyAtStandardError: Bool) -> Int {
    var size = winsize()
    if ttyAtStandardError, ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return max(40, Int(size.ws_col))
    }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { max(40, $0) } ?? 80
  }

  /// Writes to stderr (unbuffered). A closed stream is ignored: `write(_:)` would crash on EPIPE.
  static func error(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }

  /// Writes to stdout; a closed pipe (`chatrender parse big.chat | head`) ends output quietly.
  static func output(_ text: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  /// Writes a command's result to stdout, checking every write: a full disk, `/dev/full` or a
  /// closed stdout is an error, so that a cut-off result never passes for a whole one. A
  /// closed pipe (`| head`) still ends output quietly.
  static func result(_ text: String) throws(FileError) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { return }
        throw FileError(path: "<stdout>", reason: "cannot write (\(String(cString: strerror(errno)).lowercased()))")
      }
      bytes = bytes.dropFirst(written)
    }
  }

  func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  func red(_ text: String) -> String { useColor ? "\u{1B}[1;31m\(text)\u{1B}[0m" : text }
  func yellow(_ text: String) -> String { useColor ? "\u{1B}[1;33m\(text)\u{1B}[0m" : text }

  /// Control characters in untrusted text (file names, excerpts) made visible.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 && scalar != "\n" || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
