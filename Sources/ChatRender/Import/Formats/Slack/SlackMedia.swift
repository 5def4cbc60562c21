/// Shared files some Slack exporters download into the export: slackdump writes them to
/// `<channel>/attachments/<file id>-<name>` or `__uploads/<file id>/<name>`. Slack's own
/// export holds only links.
struct SlackMedia {
  let locator: MediaLocator
  /// The export's folder inside the tree ("" or "export/").
  let prefix: String
  /// The conversation's folder.
  let folder: String

  /// Points `attachment` at the file with `id` and `name` when the export holds it.
  func resolve(_ attachment: inout Attachment, id: String, name: String) {
    let candidates = [
      prefix + folder + "/attachments/" + id + "-" + name, prefix + "__uploads/" + id + "/" + name,
    ]
    for path in candidates where locator.resolve(&attachment, at: path) { return }
  }
}
