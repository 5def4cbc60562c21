import Foundation

/// What a tagged PDF says of each message beyond its drawn text: who wrote it and when
/// ("Ana, 10:02"), and the alternative text of a picture without a caption ("Photo from
/// Ana, 12 April 10:02"), in the document's language. Labels are made when asked for, so a
/// chat of a million messages keeps none.
final class PDFMessageLabels {
  private let transcript: Transcript
  private let timeZone: TimeZone
  private let labels: LocalizedLabels
  private lazy var dayFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = labels.locale.locale
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.setLocalizedDateFormatFromTemplate("dMMMM")
    return formatter
  }()

  init(transcript: Transcript, timeZone: TimeZone, style: DateTextStyle) {
    self.transcript = transcript
    self.timeZone = timeZone
    labels = LocalizedLabels(style)
  }

  private func message(_ index: Int) -> Message? {
    transcript.messages.indices.contains(index) ? transcript.messages[index] : nil
  }

  /// The author's name as the chat gives it; nil for a notice or an unknown author.
  func author(of index: Int) -> String? {
    guard let message = message(index), transcript.side(of: message) != .center, let id = message.authorID else {
      return nil
    }
    return transcript.participant(id: id)?.name ?? id
  }

  /// The message's time of day as its bubble shows it; nil without a time.
  func time(of index: Int) -> String? {
    guard let time = message(index)?.time else { return nil }
    return labels.time(time.local(in: timeZone), sourceClock: transcript.clock)
  }

  /// "Ana, 10:02": who and when, as a screen reader announces the message; nil when neither
  /// is known.
  func heading(of index: Int) -> String? {
    let parts = [author(of: index), time(of: index)].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// A picture's alternative text: the message's text as its caption, else who sent it when.
  func pictureAlternative(of index: Int?) -> String {
    guard let index, let message = message(index) else { return labels.word(.photo) }
    let caption = message.text.trimmingCharacters(in: .whitespacesAndNewlines)
    if !caption.isEmpty { return caption }
    var date = time(of: index) ?? ""
    if let local = message.time?.local(in: timeZone), let day = local.date, day.isValid {
      let noon = Date(timeIntervalSince1970: Double(ISO8601.daysSinceEpoch(day)) * 86_400 + 43_200)
      date = dayFormatter.string(from: noon) + " " + date
    }
    guard let author = author(of: index) else { return labels.word(.photo) }
    return labels.word(.photoFrom, ["name": author, "date": date])
  }
}
