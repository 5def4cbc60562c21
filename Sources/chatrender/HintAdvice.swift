@_spi(Pages) import ChatRender

/// The library's hints, said as the command line's flags.
extension DiagnosticHint {
  var flagAdvice: String {
    switch self {
    case .chooseParticipant: return "choose with --me NAME"
    case .chooseChat: return "choose one with --chat NAME (see 'chatrender parse --list')"
    case .chooseChatByID: return "choose one by id with --chat ID"
    case .chooseInputFormat: return "choose one with --input-format (see 'chatrender formats')"
    }
  }
}
