import Foundation

/// People's names for Messages' handles, which hold only phone numbers and addresses: read
/// from a vCard file (`--names`, the address book exported from Contacts), else none, and a
/// handle is shown as it is.
///
/// vCard (RFC 6350, and the 3.0 Contacts writes): `BEGIN:VCARD` … `END:VCARD` cards of
/// `NAME;PARAMS:value` lines, a line starting with a space or tab continuing the one before;
/// `FN` is the name shown, `N` its parts (`family;given;…`), `TEL` and `EMAIL` the handles, each
/// perhaps prefixed by a group (`item1.TEL`).
struct IMessageNames {
  private var byAddress: [String: String] = [:]
  private var byPhone: [(number: String, name: String)] = []

  /// No names: every handle is shown as it is.
  init() {}

  /// The names of the vCard file at `path`.
  ///
  /// - Throws: `FileError` when it cannot be read; `DiagnosticError` when it holds no card.
  init(vCardAt path: String) throws {
    let file = try SourceFile(contentsOf: path)
    try self.init(vCard: file)
  }

  init(vCard file: SourceFile) throws {
    var cards = 0
    var name: String?
    var handles: [(isPhone: Bool, value: String)] = []
    for line in Self.unfoldedLines(file.text) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let head = line[..<colon].split(separator: ";").first.map(String.init)?.uppercased() ?? ""
      let property = head.split(separator: ".").last.map(String.init) ?? head
      let value = Self.unescaped(String(line[line.index(after: colon)...]))
      switch property {
      case "BEGIN":
        name = nil
        handles = []
      case "FN": if !value.isEmpty { name = value }
      case "N" where name == nil:
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let given = [parts.count > 1 ? parts[1] : "", parts.first ?? ""].filter { !$0.isEmpty }
        if !given.isEmpty { name = given.joined(separator: " ") }
      case "TEL": handles.append((true, value))
      case "EMAIL": handles.append((false, value))
      case "END":
        cards += 1
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
    if isPhone, MeMatcher.phoneDigits(trimmed).count >= 7 {
      byPhone.append((trimmed, name))
    } else if !trimmed.isEmpty {
      byAddress[trimmed.lowercased()] = byAddress[trimmed.lowercased()] ?? name
    }
  }

  /// The name for `handle`, else the handle itself.
  func name(of handle: String) -> String {
    if let name = byAddress[handle.lowercased()] { return name }
    return byPhone.first { MeMatcher.sameNumber($0.number, handle) }?.name ?? handle
  }

  /// Whether two handles are one: the same address (case aside) or the same phone number.
  static func sameHandle(_ one: String, _ other: String) -> Bool {
    let first = one.trimmingCharacters(in: .whitespaces)
    let second = other.trimmingCharacters(in: .whitespaces)
    return first.caseInsensitiveCompare(second) == .orderedSame || MeMatcher.sameNumber(first, second)
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
