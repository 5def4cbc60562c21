@_spi(Pages) @testable import ChatRender

extension FileError {
  /// The message of the `FileError` that `body` throws: nil when it throws nothing, and
  /// "unexpected …" for another error, so that a test compares one string.
  static func message(thrownBy body: () throws -> Any) -> String? {
    do {
      _ = try body()
      return nil
    } catch let error as FileError {
      return error.description
    } catch {
      return "unexpected \(error)"
    }
  }
}
