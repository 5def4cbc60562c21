import Foundation

/// A Matrix room exported by Element's "Export chat" as JSON (docs/FORMATS.md, "Matrix"): an
/// object with `room_name`, `exported_by` and `messages`, the room's events as the server
/// sent them. With attachments Element writes a zip: `export.json` and `images/`, `videos/`,
/// `audio/`, `files/`, `stickers/`.
///
/// `m.room.message` events are messages (their `formatted_body` read as formatting, the
/// reply fallback dropped), `m.replace` edits replace what they edit (marked edited),
/// `m.reaction` events become reactions, membership and room changes notices. People are
/// named by their latest `displayname` in the membership events, else by their user id's
/// local part. The exporter (`exported_by`) is "me".
struct MatrixFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "matrix" }
  var accepts: String { ".json, or Element's export .zip or folder" }
  var fileExtensions: Set<String> { ["json", "zip"] }
  var folderSignatures: [[String]] { [["export.json"]] }
  var summary: String { "Matrix room from Element: Room info › Export chat › JSON" }

  /// The file Element names the transcript inside its zip.
  static let zipTranscript = "export.json"

  func detect(_ input: ImportInput) -> Bool {
    guard let file = transcriptFile(of: input) else { return false }
    let outline = JSONOutline(file)
    guard outline.rootKind == .object, outline.topLevelCount == 1, outline.has("messages", .array) else {
      return false
    }
    let isElement = outline.has("room_name") || outline.has("exported_by") || outline.has("room_creator")
    return isElement
      && (!outline.has("messages/*") || outline.has("messages/*/origin_server_ts")
        || outline.has("messages/*/event_id"))
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    guard let file = transcriptFile(of: input) else {
      throw DiagnosticError(.error("expected Element's export: a JSON file, or a zip or folder holding export.json"))
    }
    let media = input.tree.map { MatrixMedia(tree: $0) } ?? MatrixMedia(besideFile: file.path)
    var reader = MatrixRoomReader(file: file, media: media)
    return try reader.read(warnings: &warnings)
  }

  private func transcriptFile(of input: ImportInput) -> SourceFile? {
    if let file = input.file { return file }
    guard let tree = input.tree, tree.contains(MatrixFormat.zipTranscript) else { return nil }
    return try? tree.sourceFile(MatrixFormat.zipTranscript)
  }
}

/// Where Element put an event's file: `images/<name>-<date>.<ext>`, the date in the
/// exporting browser's language, so the file is found by its name's start and extension.
struct MatrixMedia {
  let listing: MediaFolderListing

  init(tree: any FileTree) { listing = MediaFolderListing(tree: tree, folders: MatrixMedia.folders) }

  init(besideFile path: String) { listing = MediaFolderListing(besideFile: path, folders: MatrixMedia.folders) }

  static let folders = ["images", "videos", "audio", "files", "stickers"]

  var locator: MediaLocator { listing.locator }

  /// The export's file for an event of `msgtype` whose body (file name) is `name`.
  func path(for name: String, msgtype: String, isSticker: Bool) -> String? {
    let folder: String
    switch msgtype {
    case "m.image": folder = "images"
    case "m.video": folder = "videos"
    case "m.audio": folder = "audio"
    default: folder = isSticker ? "stickers" : "files"
    }
    let dot = name.lastIndex(of: ".")
    let stem = dot.map { String(name[..<$0]) } ?? name
    let ext = isSticker ? ".png" : dot.map { String(name[$0...]) } ?? ""
    return listing.first(in: folder, startingWith: stem + "-", endingWith: ext)
  }
}
