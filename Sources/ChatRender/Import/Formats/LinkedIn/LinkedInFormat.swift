import Foundation

/// LinkedIn messages from "Get a copy of your data" (docs/FORMATS.md, "LinkedIn"), read by
/// `LinkedInMessages`: one chat per conversation, which `--chat` picks.
struct LinkedInFormat: TranscriptFormat, FileRecognizing, ChatDescribingFormat {
  init() {}

  var name: String { "linkedin" }
  var accepts: String { "messages.csv" }
  var fileExtensions: Set<String> { ["csv"] }
  var summary: String { "LinkedIn messages from 'Get a copy of your data' (messages.csv)" }

  /// The header: `CONVERSATION ID` first and every required column.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file, let first = file.textLines(limit: 1).first else { return false }
    let header = file.text(of: first)
    guard InvisibleMarks.trimmingMarksAndSpaces(header).uppercased().hasPrefix("CONVERSATION ID,") else { return false }
    let names = Set(header.split(separator: ",").map { InvisibleMarks.trimmingMarksAndSpaces(String($0)).uppercased() })
    return LinkedInMessages.required.allSatisfy(names.contains)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    let messages = try LinkedInMessages(input.singleFile("LinkedIn's messages.csv"))
    return messages.conversations.count > 1 ? messages.conversations.map(\.title) : nil
  }

  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)] {
    try LinkedInMessages(input.singleFile("LinkedIn's messages.csv")).conversations.map {
      ($0.title, "\($0.rows.count) message\($0.rows.count == 1 ? "" : "s")")
    }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let messages = try LinkedInMessages(input.singleFile("LinkedIn's messages.csv"))
    let candidates = messages.conversations.map {
      ExportChatPicker.Candidate(name: $0.title, id: $0.id, detail: "\($0.rows.count) messages")
    }
    let picker = ExportChatPicker(noun: "conversation", candidates: candidates)
    let index = try picker.pick(
      options.chat, location: SourceLocation(file: input.path, line: 1, column: 1), noting: options.chatChoice)
    return try messages.transcript(of: messages.conversations[index])
  }
}
