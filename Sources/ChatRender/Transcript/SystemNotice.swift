/// A system message the layout draws in a look of its own, not as a plain notice pill.
package enum SystemNotice: String, Sendable, Hashable, CaseIterable {
  /// "Messages and calls are end-to-end encrypted…": WhatsApp's yellow card with a lock.
  case encryption
}
