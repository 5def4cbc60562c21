/// One line of Viber's e-mailed message history (docs/FORMATS.md, "Viber"): date, time, the
/// sender's name, the sender's phone number and the message, with no header. Two layouts are
/// known: comma-separated (`17/08/2014, 12:52:56, Sara, +33600000006, Salut`) and
/// tab-separated with Excel's guards (`="17/08/2014"⇥12:52:56⇥="Me"⇥="+194…"⇥"Hi"`).
struct ViberRow: Sendable {
  /// The date's three numbers as written, day first unless the file says otherwise.
  var dateParts: (Int, Int, Int)
  var hour: Int
  var minute: Int
  var second: Int
  var sender: String
  var phone: String
  var text: String

  /// The row `line` holds, or nil when it is not one (a line of the message before).
  init?(_ line: String) {
    let separator: Character = line.contains("\t") ? "\t" : ","
    let fields = line.split(separator: separator, maxSplits: 4, omittingEmptySubsequences: false)
    guard fields.count == 5 else { return nil }
    let date = Self.unguarded(fields[0]).split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "-" })
    let time = Self.unguarded(fields[1]).split(separator: ":")
    guard date.count == 3, time.count == 2 || time.count == 3,
      let first = Int(date[0]), let second = Int(date[1]), let third = Int(date[2]),
      let hour = Int(time[0]), let minute = Int(time[1]), hour < 24, minute < 60,
      (1...31).contains(first), (1...31).contains(second), third >= 0, third <= 9999
    else { return nil }
    let seconds = time.count == 3 ? Int(time[2]) : 0
    guard let seconds, seconds < 60 else { return nil }
    let phone = Self.unguarded(fields[3])
    guard phone.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "+" || $0 == " ") }) else { return nil }
    let sender = Self.unguarded(fields[2])
    guard !sender.isEmpty else { return nil }
    dateParts = (first, second, third)
    (self.hour, self.minute, self.second) = (hour, minute, seconds)
    self.sender = sender
    self.phone = phone.replacingOccurrences(of: " ", with: "")
    var message = Substring(fields[4])
    if separator == ",", message.first == " " { message = message.dropFirst() }
    text = Self.unquoted(message)
  }

  /// A field without its spaces and Excel's `="…"` guard or plain quotes.
  static func unguarded(_ field: Substring) -> String {
    var text = field.trimmingCharacters(in: .whitespaces)[...]
    if text.hasPrefix("=\"") { text = text.dropFirst() }
    return unquoted(text)
  }

  /// `"a ""b"""` → `a "b"`; a field not in quotes as it is.
  static func unquoted(_ field: Substring) -> String {
    guard field.count >= 2, field.first == "\"", field.last == "\"" else { return String(field) }
    return field.dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\"")
  }
}
