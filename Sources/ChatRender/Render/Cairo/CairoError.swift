import CCairo

/// A failure reported by cairo, with what was being done.
@_spi(Pages) public struct CairoError: Error, Sendable, CustomStringConvertible {
  /// Cairo's own words for the status ("out of memory").
  public var message: String
  /// What was being done ("cannot create PDF").
  public var context: String

  init(status: cairo_status_t, context: String) {
    self.message = String(cString: cairo_status_to_string(status))
    self.context = context
  }

  init(message: String, context: String) {
    self.message = message
    self.context = context
  }

  /// "cannot create PDF: out of memory".
  public var description: String { "\(context): \(message)" }

  /// Throws when `status` is not success.
  static func check(_ status: cairo_status_t, _ context: @autoclosure () -> String) throws {
    if status != CAIRO_STATUS_SUCCESS { throw CairoError(status: status, context: context()) }
  }
}
