/// Bytes of PDF syntax being written: numbers as PDF prints them (at most three decimals, no
/// exponent), names, strings and operators.
struct PDFBuffer {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  var count: Int { bytes.count }
  var isEmpty: Bool { bytes.isEmpty }

  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  mutating func append(contentsOf other: [UInt8]) { bytes.append(contentsOf: other) }

  /// `value` and a space: thousandths are a sixth of a pixel at 300 per inch, finer than any
  /// page needs. A scale factor needs more (`decimals` 6): a thousandth of a picture's
  /// 1/1024 scale misplaces its far edge by half a point.
  mutating func number(_ value: Double, decimals: Int = 3) {
    guard value.isFinite else {
      bytes.append(UInt8(ascii: "0"))
      bytes.append(UInt8(ascii: " "))
      return
    }
    let unit = Self.powersOfTen[decimals]
    var scaled = Int64((abs(value) * Double(unit)).rounded())
    if scaled != 0 && value < 0 { bytes.append(UInt8(ascii: "-")) }
    let whole = scaled / unit
    scaled %= unit
    integer(whole)
    if scaled != 0 {
      bytes.append(UInt8(ascii: "."))
      var digits = decimals
      while scaled % 10 == 0 {
        scaled /= 10
        digits -= 1
      }
      var divisor = Self.powersOfTen[digits - 1]
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(scaled / divisor % 10))
        divisor /= 10
      }
    }
    bytes.append(UInt8(ascii: " "))
  }

  /// A transformation matrix's six numbers: its factors to six decimals, its offsets to three.
  mutating func matrix(_ xx: Double, _ yx: Double, _ xy: Double, _ yy: Double, _ x0: Double, _ y0: Double) {
    for factor in [xx, yx, xy, yy] { number(factor, decimals: 6) }
    numbers(x0, y0)
  }

  private static let powersOfTen: [Int64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

  mutating func numbers(_ values: Double...) { for value in values { number(value) } }

  /// A whole number without a trailing space.
  mutating func integer(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      integer(-value)
      return
    }
    if value >= 10 { integer(value / 10) }
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  mutating func integer(_ value: Int) { integer(Int64(value)) }

  /// `operator` and a new line.
  mutating func op(_ name: StaticString) {
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// A glyph id as four hex digits (a CID of an Identity-H font).
  mutating func hex16(_ value: UInt32) {
    for shift in stride(from: 12, through: 0, by: -4) {
      bytes.append(Self.hexDigits[Int((value >> UInt32(shift)) & 0xF)])
    }
  }

  static let hexDigits = Array("0123456789ABCDEF".utf8)
}
