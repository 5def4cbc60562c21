import Foundation

/// Reads any supported input into a `Transcript`: detects the format, parses it and decides
/// who "me" is.
public enum Importer {
  /// Every format, in detection order (docs/FORMATS.md, "Detection order"): the most
  /// specific first.
  public static let formats: [any TranscriptFormat] = FormatRegistry.all

  /// The formats by family, the most used apps first: how `chatrender formats` lists them.
  package static let listedFormats: [any TranscriptFormat] = FormatRegistry.listed

  /// The format named `name` ("whatsapp").
  public static func format(named name: String) -> (any TranscriptFormat)? {
    formats.first { $0.name == name.lowercased() }
  }

  /// The first format whose detector accepts `input`.
  public static func detect(_ input: ImportInput) -> (any TranscriptFormat)? {
    formats.first { $0.detect(input) }
  }

  /// The format that reads `chat` of `input` with `format`, and the chat name it takes: the
  /// part's for a composite format (a Google Takeout of several products), else the same.
  package static func part(
    of format: any TranscriptFormat, input: ImportInput, chat: String?
  ) throws -> (format: any TranscriptFormat, chat: String?) {
    guard let composite = format as? any CompositeFormat else { return (format, chat) }
    return try composite.part(for: chat, of: input)
  }

  /// Reads `input` with `format` (or the detected one), keeps its media inside the export
  /// (`ExportBoundary`) and its links to addresses that may open (`LinkTarget`), then applies
  /// `options.me`.
  ///
  /// - Throws: `DiagnosticError` for malformed input or an input of no known format.
  public static func read(
    _ input: ImportInput, format: (any TranscriptFormat)? = nil, options: ImportOptions = ImportOptions(),
    warnings: inout [Diagnostic]
  ) throws -> Transcript {
    guard let chosen = format ?? detect(input) else {
      throw DiagnosticError(UnrecognisedInput.diagnostic(for: input))
    }
    if let archive = input.tree as? ZipArchive { warnings += archive.warnings }
    if let folder = input.tree as? DirectoryTree { warnings += folder.skippedFileWarnings() }
    warnings += input.file?.readingWarnings ?? []
    var options = options
    options.chatChoice = ChatChoice()
    var transcript = try chosen.parse(input, options: options, warnings: &warnings)
    if let wanted = options.chat, !options.chatChoice.wasMade {
      try checkOnlyChat(transcript, isNamed: wanted, input: input)
    }
    ExportBoundary(input, attachments: options.attachmentsFolder).confine(&transcript, warnings: &warnings)
    LinkTarget.disarm(&transcript)
    NULMark.show(in: &transcript)
    if let warning = emptyChatWarning(transcript, path: input.path) { warnings.append(warning) }
    if let namesFile = options.namesFile {
      try name(&transcript, from: namesFile, path: input.path, recordingInto: input.digests, warnings: &warnings)
    }
    try resolveMe(in: &transcript, options: options, path: input.path, warnings: &warnings)
    return transcript
  }

  /// Names the participants known by a number or address from the vCard file at `namesFile`
  /// (any format; Messages names its handles while reading), with a warning when the file
  /// names nobody of the chat.
  static func name(
    _ transcript: inout Transcript, from namesFile: String, path: String, recordingInto digests: SourceDigests? = nil,
    warnings: inout [Diagnostic]
  )
    throws
  {
    let book = try ContactNames(vCardAt: namesFile, recordingInto: digests)
    givePhotos(from: book, to: &transcript, namesFile: namesFile, warnings: &warnings)
    let named = book.name(&transcript)
    let known = transcript.participants.contains { participant in
      ([participant.id] + participant.handles).contains { book.name(of: $0) != $0 }
    }
    guard named == 0, !known, !transcript.participants.isEmpty else { return }
    let file = (namesFile as NSString).lastPathComponent
    warnings.append(
      .warning(
        "'\(file)' names no one in this chat",
        at: SourceLocation(file: path, line: 1, column: 1)))
  }

  /// The contact cards' photos as avatars of the people they name, a `file:` photo only
  /// from inside the vCard file's folder (`ExportBoundary`), as media of an export.
  static func givePhotos(
    from book: ContactNames, to transcript: inout Transcript, namesFile: String, warnings: inout [Diagnostic]
  ) {
    let boundary = ExportBoundary(folder: MediaPath.folder(of: namesFile))
    for (index, photo) in book.photos(for: transcript) {
      if case .file(let path) = photo, let reason = boundary.refusal(ofFile: path) {
        warnings.append(.warning("avatar '\(path)' not read: \(reason)"))
        continue
      }
      transcript.participants[index].avatar = photo
    }
  }

  /// `--chat` on an input of one chat: that chat must be the one named (by its title, the
  /// file's name, a part of either, or `#1`).
  static func checkOnlyChat(_ transcript: Transcript, isNamed wanted: String, input: ImportInput) throws {
    let stem = (input.path as NSString).lastPathComponent
    let name = transcript.title ?? stem
    let picker = ExportChatPicker(
      noun: "chat", candidates: [ExportChatPicker.Candidate(name: name, id: stem, detail: "the only chat of the input")]
    )
    _ = try picker.pick(wanted, location: SourceLocation(file: input.path, line: 1, column: 1), noting: nil)
  }

  /// A chat with no message draws a picture of nothing: say so, rather than hand back a blank
  /// picture silently.
  static func emptyChatWarning(_ transcript: Transcript, path: String) -> Diagnostic? {
    guard !transcript.messages.contains(where: { $0.kind == .message }) else { return nil }
    let chat = transcript.title.map { "'\($0)'" } ?? "the chat"
    let notices = transcript.messages.count
    return .warning(
      "\(chat) has no messages to draw"
        + (notices > 0 ? " (only \(notices) notice\(notices == 1 ? "" : "s"))" : ""),
      at: SourceLocation(file: path, line: 1, column: 1))
  }

  /// Applies `options.me` (which always wins); else takes a participant named "Me" or "You",
  /// or, in a chat named after one of its two participants, the other one; else warns that
  /// nobody is "me".
  static func resolveMe(
    in transcript: inout Transcript, options: ImportOptions, path: String,
    warnings: inout [Diagnostic]
  ) throws {
    if !options.me.isEmpty {
      try applyWantedMe(options.me, to: &transcript, path: path)
      return
    }
    if !options.likelyMe.isEmpty, (try? applyWantedMe(options.likelyMe, to: &transcript, path: path)) != nil {
      return
    }
    if transcript.meID == nil { transcript.meID = impliedMe(in: transcript) }
    let speakers = Set(transcript.messages.compactMap(\.authorID))
    if transcript.meID == nil, !speakers.isEmpty {
      warnings.append(
        Diagnostic(
          severity: .warning,
          message: "cannot tell who is 'me'; every message is drawn as received",
          location: SourceLocation(file: path, line: 1, column: 1),
          notes: ["participants: " + participantList(transcript)],
          hint: .chooseParticipant(candidates: transcript.participants.map(\.name))))
    }
  }

  /// Every participant any of `wanted` names becomes one "me". Names that match nobody are
  /// allowed while another matches (a list of one's names across chats).
  private static func applyWantedMe(_ wanted: [String], to transcript: inout Transcript, path: String)
    throws
  {
    let matcher = MeMatcher(participants: transcript.participants)
    let matches = wanted.map(matcher.match)
    var ids: [String] = []
    for case .found(let found) in matches { ids += found.filter { !ids.contains($0) } }
    guard let first = ids.first else {
      throw DiagnosticError(meFailure(wanted, matches: matches, in: transcript, path: path))
    }
    transcript.meID = first
    // Several ids may be "me" (a phone number and a name); merge them into the first.
    let others = Set(ids.dropFirst())
    if !others.isEmpty {
      for index in transcript.messages.indices
      where transcript.messages[index].authorID.map(others.contains) == true {
        transcript.messages[index].authorID = first
      }
      transcript.participants.removeAll { others.contains($0.id) }
    }
  }

  /// Why no wanted name found "me": an ambiguous one lists who it fits, an unknown one the
  /// nearest name.
  private static func meFailure(
    _ wanted: [String], matches: [MeMatcher.Match], in transcript: Transcript, path: String
  ) -> Diagnostic {
    let names = transcript.participants.map(\.name)
    let quoted = wanted.map { "'\($0)'" }.joined(separator: ", ")
    var diagnostic = Diagnostic.error(
      "\(quoted) matches no participant", at: SourceLocation(file: path, line: 1, column: 1))
    for (name, match) in zip(wanted, matches) {
      if case .ambiguous(let fits) = match {
        diagnostic.message = "'\(name)' could be \(fits.count) participants: \(fits.joined(separator: ", "))"
        break
      }
    }
    let spellings = transcript.participants.flatMap { [$0.name] + $0.handles }
    for name in wanted {
      if let note = NearestWord.suggestion(for: name, in: spellings) { diagnostic.notes.append(note) }
    }
    diagnostic.notes.append("participants: " + participantList(transcript))
    diagnostic.hint = .chooseParticipant(candidates: names)
    return diagnostic
  }

  /// The names that mean the exporting person in the exports that use them.
  private static let ownNames: Set<String> = ["me", "you"]

  /// "Me" when the transcript shows who it is without being told.
  private static func impliedMe(in transcript: Transcript) -> String? {
    let own = transcript.participants.filter { ownNames.contains(normalizedName($0.name)) }
    if own.count == 1 { return own[0].id }
    // A one-to-one chat is named after the other person ("WhatsApp Chat with Ana Souza").
    guard let title = transcript.title.map(normalizedName), transcript.participants.count == 2
    else { return nil }
    let others = transcript.participants.filter { normalizedName($0.name) != title }
    return others.count == 1 ? others[0].id : nil
  }

  /// "Ana (12 messages), Bo (3 messages)": messages only, not the notices they caused.
  static func participantList(_ transcript: Transcript) -> String {
    var counts: [String: Int] = [:]
    for message in transcript.messages where message.kind == .message {
      if let id = message.authorID { counts[id, default: 0] += 1 }
    }
    return transcript.participants.map { participant in
      let count = counts[participant.id, default: 0]
      return "\(participant.name) (\(count) message\(count == 1 ? "" : "s"))"
    }.joined(separator: ", ")
  }

  /// Lowercased and without accents ("Inês" is "ines"), without invisible marks
  /// (`InvisibleMarks`) and a leading `~`, with any space as U+0020 and U+2011 as `-`.
  public static func normalizedName(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars where !InvisibleMarks.contains(scalar) {
      if scalar.value == 0x2011 {
        scalars.append("-")
      } else {
        scalars.append(InvisibleMarks.isSpace(scalar) ? " " : scalar)
      }
    }
    var text = String(scalars).trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("~") { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
    // Only the Latin, Greek and Cyrillic accents: kana's voicing marks tell names apart.
    let bare = text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars.filter {
      !(0x300...0x36F).contains($0.value)
    }
    return String(String.UnicodeScalarView(bare)).precomposedStringWithCanonicalMapping
  }
}
