/// PDF spellings of strings and names.
enum PDFText {
  /// A text string: ASCII as a literal string, anything else as UTF-16BE with its byte order
  /// mark, in hex (what every reader takes for titles, bookmarks and alternative text).
  static func string(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return literal(text) }
    return "<FEFF" + utf16Hex(text) + ">"
  }

  /// `text` in parentheses, with the characters a literal string reserves escaped.
  static func literal(_ text: String) -> String {
    var result = "("
    for scalar in text.unicodeScalars {
      switch scalar {
      case "(", ")", "\\": result += "\\" + String(scalar)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + ")"
  }

  /// `text` as UTF-16BE hex digits (surrogate pairs for what lies past the BMP).
  static func utf16Hex(_ text: String) -> String {
    var buffer = PDFBuffer()
    for unit in text.utf16 { buffer.hex16(UInt32(unit)) }
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  /// A name (without its slash): bytes outside the printable regular characters as #xx.
  static func name(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      let isRegular = byte > 0x20 && byte < 0x7F && !Array("()<>[]{}/%#".utf8).contains(byte)
      if isRegular {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += "#" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }

  /// A date as PDF writes it: D:YYYYMMDDHHmmSSZ.
  static func date(_ seconds: Int) -> String {
    let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
    let (year, month, day) = civil(fromDays: days)
    let rest = seconds - days * 86400
    func two(_ value: Int) -> String { String(value).leftPadded(to: 2) }
    return
      "D:\(String(year).leftPadded(to: 4))\(two(month))\(two(day))\(two(rest / 3600))\(two(rest / 60 % 60))\(two(rest % 60))Z"
  }

  /// Year, month and day of a count of days since 1970-01-01 (proleptic Gregorian).
  static func civil(fromDays days: Int) -> (Int, Int, Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension String {
  /// The string with zeros in front up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
