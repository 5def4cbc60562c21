import Foundation

/// Makes one transcript of a Google Voice chat's pages (see `GoogleVoiceFormat`): its texts
/// and its calls, oldest first.
struct GoogleVoiceReader {
  /// The owner's id: Voice writes the owner as "Me", whatever the number.
  static let meID = "me"

  let media: GoogleVoiceMedia
  var participants: [Participant] = []
  var participantIndex: [String: Int] = [:]

  init(media: GoogleVoiceMedia) {
    self.media = media
  }

  mutating func read(_ chat: GoogleVoiceExport.Chat, warnings: inout [Diagnostic]) -> Transcript {
    var timed: [(Date, Int, Message)] = []
    for page in chat.pages {
      for message in messages(of: page) {
        let instant: Date
        if case .instant(let date)? = message.time { instant = date } else { instant = .distantPast }
        timed.append((instant, timed.count, message))
      }
    }
    timed.sort { ($0.0, $0.1) < ($1.0, $1.1) }
    let meID = participantIndex[Self.meID] == nil ? nil : Self.meID
    return Transcript(title: chat.name, participants: participants, meID: meID, messages: timed.map(\.2))
  }

  /// The participant `person` is, added when first met; "Me" is one participant whatever
  /// number the page gives.
  mutating func author(_ person: GoogleVoicePage.Person) -> String {
    let id = person.isMe ? Self.meID : (person.number.isEmpty ? person.name : person.number)
    if let index = participantIndex[id] {
      if !person.isMe, participants[index].name == person.number, person.name != person.number {
        participants[index].name = person.name
      }
      if person.isMe, !person.number.isEmpty, !participants[index].handles.contains(person.number) {
        participants[index].handles.append(person.number)
      }
      return id
    }
    participantIndex[id] = participants.count
    let handles = person.number.isEmpty ? [] : [person.number]
    participants.append(
      person.isMe
        ? Participant(id: id, word: .me, handles: handles) : Participant(id: id, name: person.name, handles: handles))
    return id
  }

  mutating func messages(of page: GoogleVoicePage) -> [Message] {
    if let call = page.call { return callMessages(call, of: page) }
    return page.messages.map { entry in
      var extras = MessageExtras()
      extras.spans = entry.text.spans
      extras.attachments = entry.media.map { media.attachment($0.kind, reference: $0.reference, besidePage: page) }
      return Message(
        authorID: author(entry.sender), time: entry.time, text: entry.text.text,
        location: page.file.location(line: entry.line, column: 1), extras: extras)
    }
  }

  /// A call page: a call of whoever placed it; a voicemail is also the recording with its
  /// transcript, from the caller.
  mutating func callMessages(_ call: GoogleVoicePage.CallEntry, of page: GoogleVoicePage) -> [Message] {
    let location = page.file.location(line: call.line, column: 1)
    let contact = author(call.contact)
    let me = author(GoogleVoicePage.Person(number: "", name: "Me", isMe: true))
    func chip(_ caller: String, _ outcome: Call.Outcome, _ seconds: Double?) -> Message {
      var extras = MessageExtras()
      extras.call = Call(medium: .voice, outcome: outcome, duration: seconds)
      return Message(authorID: caller, time: call.time, text: "", location: location, extras: extras)
    }
    switch call.label {
    case "placed": return [chip(me, call.seconds == 0 ? .unanswered : .answered, call.seconds)]
    case "received": return [chip(contact, .answered, call.seconds)]
    case "missed": return [chip(contact, .missed, nil)]
    case "voicemail", "recorded":
      var extras = MessageExtras()
      if let audio = call.audio {
        var recording = media.attachment(.audio, reference: audio, besidePage: page)
        recording.kind = .audio
        recording.duration = call.seconds
        extras.attachments = [recording]
      }
      var messages: [Message] = []
      if call.label == "voicemail" { messages.append(chip(contact, .missed, nil)) }
      messages.append(
        Message(authorID: contact, time: call.time, text: call.transcript, location: location, extras: extras))
      return messages
    default:
      var line = Message(authorID: nil, time: call.time, text: "", kind: .system, location: location)
      let with = Phrase(.noticeCallWith, ["actor": .text(call.contact.name)])
      line.say(Phrase(.noticeReason, ["notice": .phrase(with), "reason": .text(call.label)]))
      return [line]
    }
  }
}
