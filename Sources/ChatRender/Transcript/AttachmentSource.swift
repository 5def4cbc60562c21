/// Where an attachment's bytes are, as the import found them.
public enum AttachmentSource: Sendable, Hashable {
  /// A file on disk: absolute, or relative to the current directory.
  case file(path: String)
  /// A member of a zip archive on disk (a WhatsApp or Slack export).
  case archiveMember(archive: String, member: String)
  /// Bytes the export held inline (an MMS part in an SMS backup).
  case data([UInt8])
}
