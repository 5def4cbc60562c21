extension Double {
  /// The number as our JSON writes it: a whole number without a fraction (`5012345678`, not
  /// `5012345678.0`), any other in its shortest exact form (`0.5`, `1e+300`). Never traps.
  var jsonText: String {
    // Below 2^53 every whole double is exact, so it prints as the integer it is.
    if self == rounded(), abs(self) < 9e15 { return String(Int64(self)) }
    return "\(self)"
  }
}
