import Synchronization

/// Whether an import chose its chat by `--chat`: a format that holds one chat ignores the
/// name, and the importer then checks it against that chat, so a name that matches nothing is
/// an error whatever the input holds.
final class ChatChoice: Sendable {
  @TaskLocal static var current: ChatChoice?

  private let made = Mutex(false)

  /// Notes that the format chose a chat by the name it was given.
  static func noteMade() { current?.made.withLock { $0 = true } }

  var wasMade: Bool { made.withLock { $0 } }

  /// Runs `body` (a format's parse) noting whether it chose a chat by name.
  func recording<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.$current.withValue(self, operation: body)
  }
}
