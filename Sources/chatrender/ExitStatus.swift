/// The documented exit statuses.
enum ExitStatus: Int32 {
  /// Every input was rendered.
  case success = 0
  /// At least one input failed; the others were written.
  case failure = 1
  /// Usage or configuration error; nothing was attempted.
  case usage = 2
  /// Interrupted by SIGINT.
  case interrupted = 130
}
