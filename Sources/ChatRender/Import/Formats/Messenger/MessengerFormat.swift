/// Facebook Messenger's and Instagram's "Download your information" export, JSON
/// (docs/FORMATS.md, "Messenger and Instagram"): one conversation's `message_1.json` (its
/// `message_2.json`… beside it are read too), the conversation's folder, the whole export's
/// folder or its `.zip`, whose conversations are picked with `--chat`; and the JSON that
/// messenger.com writes for an end-to-end encrypted chat.
///
/// Names have no ids: a participant's id is their name. The owner of an export folder is the
/// participant present in every conversation; a single conversation is left to `--me` (or to
/// the title, which in a one-to-one chat names the other person).
struct MessengerFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "messenger" }
  var accepts: String { "message_1.json, folder or .zip" }
  var fileExtensions: Set<String> { ["json", "zip"] }
  var folderSignatures: [[String]] {
    [
      ["message_1.json"], ["messages/inbox"], ["your_instagram_activity/messages"],
      ["your_facebook_activity/messages"], ["your_activity_across_facebook/messages"],
    ]
  }
  var summary: String {
    "Messenger or Instagram JSON (Accounts Centre → Download your information → Messages, JSON); "
      + "encrypted chats from messenger.com's \"Download secure storage data\""
  }

  func detect(_ input: ImportInput) -> Bool {
    if let file = input.file { return MessengerLayout(of: file) != nil }
    guard let tree = input.tree, let paths = try? tree.filePaths() else { return false }
    return MessengerExport.hasConversation(in: tree, paths: paths)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let export = try MessengerExport(input)
    let summaries = try export.summaries()
    let index = try MessengerExport.picker(summaries).pick(
      options.chat, location: export.location, noting: options.chatChoice)
    return try export.read(index, owner: MessengerExport.owner(summaries), warnings: &warnings)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    guard input.tree != nil else { return nil }
    let export = try MessengerExport(input)
    return try export.summaries().map(\.title)
  }
}
