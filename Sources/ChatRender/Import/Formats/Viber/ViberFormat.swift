import Foundation

/// Viber's message history as the phone e-mails it ("Settings › Calls and messages › Email
/// message history": a zip of one CSV file per chat), one chat a file (docs/FORMATS.md,
/// "Viber"). Its rows have no header: date, time, sender, the sender's phone number, message.
struct ViberFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "viber" }
  var accepts: String { ".csv (one chat)" }
  var fileExtensions: Set<String> { ["csv"] }
  var summary: String { "Viber's e-mailed message history (Email message history), one chat's CSV" }

  /// The names Viber gives the owner of the phone in the sender column, in the languages
  /// seen: "Me" (English) and "Moi" (French).
  static let ownerNames: Set<String> = ["Me", "Moi"]

  /// The first line is a Viber row whose phone number has digits.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file, let first = file.textLines(limit: 1).first,
      let row = ViberRow(InvisibleMarks.trimmingMarksAndSpaces(file.text(of: first)))
    else { return false }
    return row.phone.contains(where: \.isNumber)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let file = try input.singleFile("a Viber message history (.csv)")
    var rows: [(row: ViberRow, location: SourceLocation)] = []
    for line in file.textLines() where !file.isBlank(line) {
      let text = InvisibleMarks.trimmingMarksAndSpaces(file.text(of: line))
      if let row = ViberRow(text) {
        rows.append((row, file.location(line: line.number, column: 1)))
      } else if !rows.isEmpty {
        // A message of several lines goes on below its row.
        rows[rows.count - 1].row.text += "\n" + text
      } else {
        throw DiagnosticError(
          .error(
            "expected a Viber row: date, time, sender, phone number, message",
            at: file.location(line: line.number, column: 1)))
      }
    }
    return try transcript(of: rows)
  }

  private func transcript(of rows: [(row: ViberRow, location: SourceLocation)]) throws -> Transcript {
    // Day first, as the files seen write it, unless a row's second number cannot be a month.
    let monthFirst = rows.contains { $0.row.dateParts.1 > 12 && $0.row.dateParts.0 <= 12 }
    var participants: [Participant] = []
    var meID: String?
    let messages = try rows.map { entry -> Message in
      let row = entry.row
      let id = row.phone.isEmpty ? "name:" + row.sender : row.phone
      if !participants.contains(where: { $0.id == id }) {
        participants.append(Participant(id: id, name: row.sender, handles: row.phone.isEmpty ? [] : [row.phone]))
      }
      if Self.ownerNames.contains(row.sender) { meID = id }
      let (a, b, year) = row.dateParts
      let fullYear = year < 100 ? 2000 + year : year
      let date = monthFirst ? LocalDate(year: fullYear, month: a, day: b) : LocalDate(year: fullYear, month: b, day: a)
      guard date.isValid else {
        throw DiagnosticError(.error("'\(a)/\(b)/\(year)' is not a date", at: entry.location))
      }
      let time = LocalDateTime(date: date, hour: row.hour, minute: row.minute, second: row.second)
      return Message(authorID: id, time: .wallClock(time), text: row.text, location: entry.location)
    }
    return Transcript(title: nil, participants: participants, meID: meID, messages: messages)
  }
}
