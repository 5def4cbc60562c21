/// The metrics of the last message text a block builder measured, kept while its pieces are
/// laid out page after page.
final class LastMeasuredText {
  private var key: (message: Int, width: Double, text: StyledText)?
  private var metrics: TextMetrics?

  /// The metrics of `text` in message `message` at `width`, measured by `measure` only when
  /// they are not the last ones kept.
  func metrics(
    of text: StyledText, width: Double, message: Int, measure: () -> TextMetrics
  ) -> TextMetrics {
    if let key, let metrics, key.message == message, key.width == width, key.text == text {
      return metrics
    }
    let measured = measure()
    key = (message, width, text)
    metrics = measured
    return measured
  }
}
