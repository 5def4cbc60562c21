import Synchronization

/// Whether an import chose its chat by `--chat`: a format that holds one chat ignores the
/// name, and the importer then checks it against that chat, so a name that matches nothing is
/// an error whatever the input holds. The importer gives each read a new one in its
/// `ImportOptions`; a format that takes the name notes it there.
package final class ChatChoice: Sendable {
  private let made = Mutex(false)

  package init() {}

  /// Notes that the format chose a chat by the name it was given.
  package func noteMade() { made.withLock { $0 = true } }

  package var wasMade: Bool { made.withLock { $0 } }
}
