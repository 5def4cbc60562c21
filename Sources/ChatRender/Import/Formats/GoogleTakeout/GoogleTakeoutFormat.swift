/// A Google Takeout of several products that hold chats (docs/FORMATS.md, "Google Takeout of
/// several products"): Google Chat, Hangouts and Voice side by side under `Takeout/`, as one
/// download holds them when more than one product is ticked.
///
/// Its chats are those of every product, named "Hangouts - Book club"; each is read by its
/// product's own format (`part(for:of:)`), so a chat is drawn in that product's look.
struct GoogleTakeoutFormat: TranscriptFormat, CompositeFormat, FileRecognizing {
  init() {}

  /// The products read, in the order their chats are listed, with the word that names them.
  static let products: [(label: String, format: any TranscriptFormat)] = [
    ("Google Chat", GoogleChatFormat()),
    ("Hangouts", HangoutsFormat()),
    ("Google Voice", GoogleVoiceFormat()),
  ]

  var name: String { "googletakeout" }
  var fileExtensions: Set<String> { ["zip"] }
  /// Two product folders side by side.
  var folderSignatures: [[String]] {
    let folders = ["Takeout/Google Chat", "Takeout/Hangouts", "Takeout/Voice"]
    return folders.indices.flatMap { first in folders[(first + 1)...].map { [folders[first], $0] } }
  }
  var accepts: String { "a Takeout folder or .zip with more than one of Google Chat, Hangouts and Voice" }
  var summary: String { "Google Takeout (takeout.google.com) of several products: every chat of each" }

  func detect(_ input: ImportInput) -> Bool {
    input.tree != nil && Self.products(in: input).count > 1
  }

  private static func products(in input: ImportInput) -> [(label: String, format: any TranscriptFormat)] {
    products.filter { $0.format.detect(input) }
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    try chats(of: input).map(\.name)
  }

  /// Every chat of every product, with the product that reads it and the name its format
  /// takes (nil for a product's only chat).
  private func chats(of input: ImportInput) throws -> [Chat] {
    try Self.products(in: input).flatMap { product -> [Chat] in
      guard let names = try product.format.listChats(input) else {
        return [Chat(name: product.label, format: product.format, chat: nil)]
      }
      return names.enumerated().map { index, name in
        Chat(name: "\(product.label) - \(name)", format: product.format, chat: "#\(index + 1)")
      }
    }
  }

  private struct Chat {
    var name: String
    var format: any TranscriptFormat
    var chat: String?
  }

  func part(for chat: String?, of input: ImportInput) throws -> (format: any TranscriptFormat, chat: String?) {
    let chats = try chats(of: input)
    let picker = ExportChatPicker(
      noun: "chat",
      candidates: chats.map { ExportChatPicker.Candidate(name: $0.name, detail: $0.format.name) })
    let chosen = chats[
      try picker.pick(chat, location: SourceLocation(file: input.path, line: 1, column: 1), noting: nil)]
    return (chosen.format, chosen.chat)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let (format, chat) = try part(for: options.chat, of: input)
    var options = options
    options.chat = chat
    return try format.parse(input, options: options, warnings: &warnings)
  }
}
