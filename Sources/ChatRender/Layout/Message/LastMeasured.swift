/// The last message text a block builder measured (its metrics, or its formatted body),
/// kept while its pieces are laid out page after page: a text cut across many pages is
/// measured (and shaped) once, not again for every piece.
final class LastMeasured<Value> {
  /// What was measured: the message, the width it wraps at, and its text.
  struct Key: Equatable {
    var message: Int
    var width: Double
    var text: StyledText
  }

  private var last: (key: Key, value: Value)?

  /// The value for `key`, made by `measure` only when it is not the last one kept.
  func value(for key: Key, measure: () -> Value) -> Value {
    if let last, last.key == key { return last.value }
    let value = measure()
    last = (key, value)
    return value
  }
}
