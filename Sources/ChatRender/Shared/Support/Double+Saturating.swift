extension Double {
  /// The nearest `Int`, clamped to `Int`'s range instead of trapping (JSON numbers are finite
  /// but may be huge); NaN becomes 0.
  var saturatingInt: Int {
    if isNaN { return 0 }
    if self >= 9.2e18 { return Int.max }
    if self <= -9.2e18 { return Int.min }
    return Int(rounded())
  }

  /// The nearest `Int32`, clamped to its range; NaN becomes 0. For C APIs that count in 32-bit
  /// units (cairo sizes, Pango units): an oversized value is then refused or capped there
  /// instead of trapping here.
  var saturatingInt32: Int32 {
    if isNaN { return 0 }
    return Int32(Swift.min(Swift.max(rounded(), Double(Int32.min)), Double(Int32.max)))
  }
}
