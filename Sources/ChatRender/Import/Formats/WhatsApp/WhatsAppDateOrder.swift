/// How a WhatsApp file writes its dates, decided once per file (docs/FORMATS.md, "Dates and
/// 12-hour times").
///
/// The year is the number with the most digits (the last one when all have two). Day and
/// month are told apart by a number over 12, then by which number goes backwards within a
/// year (only the day does), then by which changes more often; failing all that, day first.
struct WhatsAppDateOrder: Sendable, Hashable {
  /// Year-last dates start with the day (d/m/y) rather than the month (m/d/y).
  var isDayFirst = true
  /// Year-first dates are y/d/m rather than the usual y/m/d.
  var isYearDayMonth = false
  /// Nothing in the file told day from month; day first was assumed.
  var isGuess = false

  init(isDayFirst: Bool = true, isYearDayMonth: Bool = false, isGuess: Bool = false) {
    self.isDayFirst = isDayFirst
    self.isYearDayMonth = isYearDayMonth
    self.isGuess = isGuess
  }

  /// Decides from every header's date numbers, in file order.
  init(inferringFrom dates: [[WhatsAppHeader.Number]]) {
    var yearLast: [(first: Int, second: Int, year: Int)] = []
    for date in dates where date.count == 3 {
      if WhatsAppDateOrder.isYearFirst(date) {
        if date[1].value > 12 { isYearDayMonth = true }
      } else {
        yearLast.append((date[0].value, date[1].value, date[2].value))
      }
    }
    if yearLast.contains(where: { $0.first > 12 }) {
      isDayFirst = true
    } else if yearLast.contains(where: { $0.second > 12 }) {
      isDayFirst = false
    } else {
      var firstGoesBack = false
      var secondGoesBack = false
      var firstChanges = 0
      var secondChanges = 0
      for (previous, next) in zip(yearLast, yearLast.dropFirst()) where previous.year == next.year {
        if next.first < previous.first { firstGoesBack = true }
        if next.second < previous.second { secondGoesBack = true }
        if next.first != previous.first { firstChanges += 1 }
        if next.second != previous.second { secondChanges += 1 }
      }
      if firstGoesBack != secondGoesBack {
        isDayFirst = firstGoesBack
      } else if firstChanges != secondChanges {
        isDayFirst = firstChanges > secondChanges
      } else {
        isDayFirst = true
        isGuess = yearLast.contains { $0.first != $0.second }
      }
    }
  }

  /// A date starts with its year when its first number is the longest (`2024/3/9`).
  static func isYearFirst(_ date: [WhatsAppHeader.Number]) -> Bool {
    date[0].digits >= 3 && date[0].digits > date[2].digits
  }

  /// The calendar date the numbers stand for (not yet checked to exist).
  func date(_ numbers: [WhatsAppHeader.Number]) -> LocalDate {
    func year(_ number: WhatsAppHeader.Number) -> Int {
      number.digits <= 2 ? 2000 + number.value : number.value
    }
    if WhatsAppDateOrder.isYearFirst(numbers) {
      let (month, day) =
        isYearDayMonth ? (numbers[2].value, numbers[1].value) : (numbers[1].value, numbers[2].value)
      return LocalDate(year: year(numbers[0]), month: month, day: day)
    }
    let (day, month) =
      isDayFirst ? (numbers[0].value, numbers[1].value) : (numbers[1].value, numbers[0].value)
    return LocalDate(year: year(numbers[2]), month: month, day: day)
  }
}
