/// How a run, or one input of a batch, ended. Every command and every input returns one;
/// `exitStatus` is the one mapping to the documented exit statuses.
enum Outcome: Sendable, Equatable {
  /// Done as asked: the input rendered, the list printed, the server stopped.
  case done
  /// An input found in a folder that no format reads, passed over with a note.
  case skipped
  /// An input (or the report, or a printed result) failed; the other inputs were written.
  case failed
  /// What was asked cannot be done: a usage or configuration error, or a chat without the
  /// dates a flag needs. Nothing was attempted.
  case usageError
  /// Stopped by a signal: SIGINT after the files being drawn, SIGTERM or SIGHUP at once.
  case interrupted(signal: Int32)

  /// 0 all written, 1 some input failed, 2 usage, 128 + the signal (130 for Ctrl-C).
  var exitStatus: Int32 {
    switch self {
    case .done, .skipped: 0
    case .failed: 1
    case .usageError: 2
    case .interrupted(let signal): 128 + signal
    }
  }

  /// The outcome of a whole batch: its worst input's, an interruption above all.
  static func combined(_ outcomes: [Outcome]) -> Outcome {
    outcomes.max { $0.severity < $1.severity } ?? .done
  }

  private var severity: Int {
    switch self {
    case .done, .skipped: 0
    case .failed: 1
    case .usageError: 2
    case .interrupted: 3
    }
  }
}
