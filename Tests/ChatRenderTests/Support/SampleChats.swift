import Foundation

@_spi(Pages) @testable import ChatRender

/// Chats written in the `.chat` format, parsed for tests.
enum SampleChats {
  /// Nine entries over two days about a contract; Sam is "me".
  static let contract = """
    me: Sam

    [2025-03-01 09:30] Ana: Morning! Did you see the contract draft?
    [2025-03-01 09:31] Sam: Yes, just now. Clause 4 looks odd.
    [2025-03-01 09:32] Ana: Odd how?
    [2025-03-01 09:33] Sam: It says the deposit is refundable only until Friday, but we agreed on two weeks.
    [2025-03-01 09:34] Sam: I'll ask them to fix it.
    [2025-03-01 09:40] Ana: Good catch. Send me the new version when you have it.
    [2025-03-02 11:02] Sam: They fixed clause 4 👍
    [2025-03-02 11:05] Ana: Great, let's sign on Monday.
    [2025-03-02 11:06] Sam: Deal.
    """

  static func parse(_ source: String) throws -> Transcript {
    try TestTranscripts.chat(source, path: "sample.chat")
  }
}
