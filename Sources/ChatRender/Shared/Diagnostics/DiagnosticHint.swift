/// What the user can do about a diagnostic, in the library's terms. A front end turns it
/// into its own advice: the command line names a flag, an app shows a picker.
public enum DiagnosticHint: Sendable, Hashable {
  /// Say which participant is "me"; `candidates` are their names.
  case chooseParticipant(candidates: [String])
  /// Choose one chat of an export that holds several; `candidates` are their names.
  case chooseChat(candidates: [String])
  /// Several chats share the name asked for: choose one by its id.
  case chooseChatByID
  /// The input's format was not recognised: name it.
  case chooseInputFormat
}
