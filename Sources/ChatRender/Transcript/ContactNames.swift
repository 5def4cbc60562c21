import Foundation

/// People's names for authors known only by a phone number or an e-mail address (Messages'
/// handles, WhatsApp's and SMS backups' unsaved numbers, Signal, Google Voice…): read from a
/// vCard file (`--names`, the address book exported from Contacts), else none, and a handle is
/// shown as it is. Numbers match in their national and international forms (`0151 2345678`
/// is `+49 151 2345678`).
///
/// vCard (RFC 6350, and the 3.0 Contacts writes): `BEGIN:VCARD` … `END:VCARD` cards of
/// `NAME;PARAMS:value` lines, a line starting with a space or tab continuing the one before;
/// `FN` is the name shown, `N` its parts (`family;given;…`), `TEL` and `EMAIL` the handles, each
/// perhaps prefixed by a group (`item1.TEL`). `PHOTO` is the person's picture, drawn as their
/// avatar (`ContactPhoto`): inline base64 (3.0's `ENCODING=b`, 4.0's `data:` URI) or a local
/// `file:` URI, relative to the vCard file.
struct ContactNames {
  private var byAddress: [String: String] = [:]
  private var byPhone: [(number: String, name: String)] = []
  private var photoByAddress: [String: ContactPhoto] = [:]
  private var photoByPhone: [(number: String, photo: ContactPhoto)] = []
  /// The folder of the vCard file, which a relative `file:` photo starts from.
  private var folder = ""

  /// No names: every handle is shown as it is.
  init() {}

  /// The names of the vCard file at `path`, its bytes noted in `digests` when given.
  ///
  /// - Throws: `FileError` when it cannot be read; `DiagnosticError` when it holds no card.
  init(vCardAt path: String, recordingInto digests: SourceDigests? = nil) throws {
    let file = try SourceFile(contentsOf: path, recordingInto: digests)
    try self.init(vCard: file)
  }

  init(vCard file: SourceFile) throws {
    folder = (file.path as NSString).deletingLastPathComponent
    var cards = 0
    var name: String?
    var handles: [(isPhone: Bool, value: String)] = []
    var photo: ContactPhoto?
    for line in Self.unfoldedLines(file.text) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let parameters = line[..<colon].split(separator: ";").map { $0.uppercased() }
      let head = parameters.first ?? ""
      let property = head.split(separator: ".").last.map(String.init) ?? head
      let value = Self.unescaped(String(line[line.index(after: colon)...]))
      switch property {
      case "BEGIN":
        name = nil
        handles = []
        photo = nil
      case "PHOTO": photo = photo ?? ContactPhoto(value: value, parameters: parameters.dropFirst())
      case "FN": if !value.isEmpty { name = value }
      case "N" where name == nil:
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let given = [parts.count > 1 ? parts[1] : "", parts.first ?? ""].filter { !$0.isEmpty }
        if !given.isEmpty { name = given.joined(separator: " ") }
      case "TEL": handles.append((true, value))
      case "EMAIL": handles.append((false, value))
      case "END":
        cards += 1
        if let photo {
          for handle in handles { add(photo, of: handle.value, isPhone: handle.isPhone) }
        }
        guard let name else { continue }
        for handle in handles { add(handle.value, isPhone: handle.isPhone, name: name) }
      default: continue
      }
    }
    guard cards > 0 else {
      throw DiagnosticError(.error("expected a vCard file (BEGIN:VCARD … END:VCARD)", at: file.location(ofOffset: 0)))
    }
  }

  private mutating func add(_ handle: String, isPhone: Bool, name: String) {
    let trimmed = handle.trimmingCharacters(in: .whitespaces)
    if isPhone, Self.phoneDigits(trimmed).count >= 7 {
      byPhone.append((trimmed, name))
    } else if !trimmed.isEmpty {
      byAddress[trimmed.lowercased()] = byAddress[trimmed.lowercased()] ?? name
    }
  }

  private mutating func add(_ photo: ContactPhoto, of handle: String, isPhone: Bool) {
    let trimmed = handle.trimmingCharacters(in: .whitespaces)
    if isPhone, Self.phoneDigits(trimmed).count >= 7 {
      photoByPhone.append((trimmed, photo))
    } else if !trimmed.isEmpty {
      photoByAddress[trimmed.lowercased()] = photoByAddress[trimmed.lowercased()] ?? photo
    }
  }

  /// The picture of the person known by `handle`, if their card has one: its bytes, or a
  /// file (relative paths from the vCard's folder; the importer keeps it inside that folder).
  func photo(of handle: String) -> AttachmentSource? {
    let photo = photoByAddress[handle.lowercased()] ?? photoByPhone.first { Self.sameNumber($0.number, handle) }?.photo
    return photo?.source(besideFolder: folder)
  }

  /// The pictures of the participants of `transcript` who have none of their own and whose
  /// id, name or a handle a card with a photo knows, by their index.
  func photos(for transcript: Transcript) -> [(participant: Int, photo: AttachmentSource)] {
    guard !photoByAddress.isEmpty || !photoByPhone.isEmpty else { return [] }
    return transcript.participants.indices.compactMap { index in
      let participant = transcript.participants[index]
      guard participant.avatar == nil else { return nil }
      let known = ([participant.id, participant.name] + participant.handles).lazy.compactMap(photo(of:)).first
      return known.map { (index, $0) }
    }
  }

  /// The name for `handle`, else the handle itself.
  func name(of handle: String) -> String {
    if let name = byAddress[handle.lowercased()] { return name }
    return byPhone.first { Self.sameNumber($0.number, handle) }?.name ?? handle
  }

  /// Whether the book has no name at all.
  var isEmpty: Bool { byAddress.isEmpty && byPhone.isEmpty }

  /// Names the participants of `transcript` shown by a number or an address the book knows
  /// (the number stays one of their handles), and a title that is such a number.
  ///
  /// - Returns: how many participants were named.
  func name(_ transcript: inout Transcript) -> Int {
    var named = 0
    for index in transcript.participants.indices {
      let participant = transcript.participants[index]
      guard Self.isHandle(participant.name) else { continue }
      let name = name(of: participant.name)
      guard name != participant.name else { continue }
      if !participant.handles.contains(participant.name) {
        transcript.participants[index].handles.append(participant.name)
      }
      transcript.participants[index].name = name
      named += 1
    }
    if let title = transcript.title, Self.isHandle(title) { transcript.title = name(of: title) }
    return named
  }

  /// Whether `text` is a phone number or an e-mail address rather than a name.
  static func isHandle(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return phoneDigits(trimmed).count >= 7 || (trimmed.contains("@") && !trimmed.contains(" "))
  }

  /// Whether two texts are one phone number, each of at least 7 digits: the same digits once
  /// an international prefix (`+`, `00`) or a national trunk `0` is dropped, or one the end of
  /// the other (a number without its country code).
  static func sameNumber(_ one: String, _ other: String) -> Bool {
    let first = significantDigits(one)
    let second = significantDigits(other)
    guard first.count >= 7, second.count >= 7 else { return false }
    return first.hasSuffix(second) || second.hasSuffix(first)
  }

  /// The digits of a text made only of digits and phone punctuation (and invisible marks,
  /// such as the direction marks WhatsApp puts around a number); empty for anything else.
  static func phoneDigits(_ text: String) -> String {
    let allowed: Set<Unicode.Scalar> = ["+", "-", "(", ")", " ", ".", "/", "\u{A0}", "\u{2011}"]
    var digits = ""
    for scalar in text.unicodeScalars where scalar.properties.generalCategory != .format {
      if ("0"..."9").contains(scalar) {
        digits.unicodeScalars.append(scalar)
      } else if !allowed.contains(scalar) {
        return ""
      }
    }
    return digits
  }

  /// A number's digits without its international prefix `00` or its national trunk `0`
  /// (`0151…` and `0049 151…` both `151…`/`49151…`, which end alike).
  private static func significantDigits(_ text: String) -> Substring {
    let digits = Substring(phoneDigits(text))
    if digits.hasPrefix("00") { return digits.dropFirst(2) }
    if digits.hasPrefix("0") { return digits.dropFirst() }
    return digits
  }

  /// Whether two handles are one: the same address (case aside) or the same phone number.
  static func sameHandle(_ one: String, _ other: String) -> Bool {
    let first = one.trimmingCharacters(in: .whitespaces)
    let second = other.trimmingCharacters(in: .whitespaces)
    return first.caseInsensitiveCompare(second) == .orderedSame || sameNumber(first, second)
  }

  private static func unfoldedLines(_ text: String) -> [String] {
    var lines: [String] = []
    for raw in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1] += raw.dropFirst()
      } else {
        lines.append(String(raw))
      }
    }
    return lines
  }

  /// A value with vCard's escapes (`\,` `\;` `\\` `\n`) undone.
  private static func unescaped(_ value: String) -> String {
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
