/// How `--redact` shows photos, stickers and videos (`--redact-pictures`).
package enum RedactedPictures: String, Sendable, CaseIterable {
  /// A "Photo (redacted)" chip in place of the picture; its bytes are never read.
  case placeholder
  /// The picture shrunk to a few pixels and drawn at its size: its colours and nothing else.
  case blur
}
