/// A date as DiscordChatExporter's HTML and plain-text exports show it: .NET's short "g"
/// format in the exporter's culture (`5/18/2024 7:02 PM` in en-US, `18/05/2024 19:02` in
/// en-GB, `18.05.2024 19:02` in de-DE, `2024-05-18 19:02` in sv-SE), or the older fixed
/// `18-May-24 07:02 PM`; a time of day alone (`7:02 PM`) for the messages after a group's
/// first in HTML. Read as numbers and words, so separators do not matter.
struct DCEDate: Sendable, Hashable {
  /// The date's numbers and words in order: `5/18/2024 7:02 PM` is 5, 18, 2024, 7, 2, PM.
  private enum Token: Hashable {
    case number(Int, digits: Int)
    case word(String)
  }

  static let monthNames = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// The leading numbers of a day and a month in order, unresolved until the whole file says
  /// which comes first.
  var first: Int
  var second: Int
  var year: Int
  /// Whether `first` is the month for sure (a month written as a word, or a year first).
  var isResolved: Bool
  var hour: Int
  var minute: Int

  /// Reads `text`, or nil when it is not such a date.
  init?(_ text: String) {
    let tokens = Self.tokens(text)
    var numbers: [(Int, Int)] = []
    var monthWord: Int?
    var meridiem: String?
    for token in tokens {
      switch token {
      case .number(let value, let digits): numbers.append((value, digits))
      case .word(let word):
        if let month = Self.monthNames.firstIndex(of: String(word.prefix(3))) {
          monthWord = month + 1
        } else if word == "am" || word == "pm" {
          meridiem = word
        }
      }
    }
    if let month = monthWord, numbers.count >= 4 {
      // `18-May-24 07:02 PM`
      (first, second, year, isResolved) = (month, numbers[0].0, Self.fullYear(numbers[1]), true)
      numbers.removeFirst(2)
    } else if numbers.count >= 5, numbers[0].1 == 4 {
      (first, second, year, isResolved) = (numbers[1].0, numbers[2].0, numbers[0].0, true)
      numbers.removeFirst(3)
    } else if numbers.count >= 5 {
      (first, second, year, isResolved) = (numbers[0].0, numbers[1].0, Self.fullYear(numbers[2]), false)
      numbers.removeFirst(3)
    } else {
      return nil
    }
    guard let (hour, minute) = Self.clock(numbers.map(\.0), meridiem: meridiem) else { return nil }
    (self.hour, self.minute) = (hour, minute)
  }

  /// The wall clock, with the day first when `dayFirst` (unless the date said otherwise).
  func wallClock(dayFirst: Bool) -> LocalDateTime? {
    let (month, day) = isResolved || !dayFirst ? (first, second) : (second, first)
    let date = LocalDate(year: year, month: month, day: day)
    guard date.isValid else { return nil }
    return LocalDateTime(date: date, hour: hour, minute: minute)
  }

  /// Whether the first number can only be a day (over 12): the file writes days first.
  var showsDayFirst: Bool { !isResolved && first > 12 }

  /// `7:02 PM` or `19:02`: the hour and minute.
  static func timeOfDay(_ text: String) -> (hour: Int, minute: Int)? {
    var numbers: [Int] = []
    var meridiem: String?
    for token in tokens(text) {
      switch token {
      case .number(let value, _): numbers.append(value)
      case .word(let word): if word == "am" || word == "pm" { meridiem = word }
      }
    }
    return clock(numbers, meridiem: meridiem)
  }

  private static func clock(_ numbers: [Int], meridiem: String?) -> (Int, Int)? {
    guard numbers.count == 2 || numbers.count == 3, numbers[1] < 60 else { return nil }
    var hour = numbers[0]
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    }
    guard hour < 24 else { return nil }
    return (hour, numbers[1])
  }

  private static func fullYear(_ number: (Int, Int)) -> Int { number.1 <= 2 ? 2000 + number.0 : number.0 }

  /// Runs of digits (at most 4) and of letters, lowercased; `a.m.` reads as `am`.
  private static func tokens(_ text: String) -> [Token] {
    var tokens: [Token] = []
    var digits = ""
    var letters = ""
    func flush() {
      if !digits.isEmpty, let value = Int(digits) { tokens.append(.number(value, digits: digits.count)) }
      if !letters.isEmpty { tokens.append(.word(letters)) }
      (digits, letters) = ("", "")
    }
    for character in text.lowercased() {
      if character.isASCII, character.isWholeNumber {
        if !letters.isEmpty || digits.count == 4 { flush() }
        digits.append(character)
      } else if character.isLetter {
        if !digits.isEmpty { flush() }
        letters.append(character)
      } else if character == ".", !letters.isEmpty {
        continue
      } else {
        flush()
      }
    }
    flush()
    return tokens
  }
}
