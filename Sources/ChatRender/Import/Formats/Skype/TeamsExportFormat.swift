/// Microsoft Teams' personal export (docs/FORMATS.md, "Skype"): Skype's layout with an
/// `8:orgid:` owner. Read by Skype's reader; named "teams" so that it is drawn in Teams' look.
/// Detection and `--input-format` go through `SkypeFormat`, whose part this is.
struct TeamsExportFormat: TranscriptFormat {
  private let skype = SkypeFormat()

  var name: String { "teams" }
  var accepts: String { skype.accepts }
  var summary: String { "Microsoft Teams (personal): 'Export your data', read as Skype's layout" }

  func detect(_ input: ImportInput) -> Bool { skype.detect(input) }

  func listChats(_ input: ImportInput) throws -> [String]? { try skype.listChats(input) }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    try skype.parse(input, options: options, warnings: &warnings)
  }
}

extension SkypeFormat: CompositeFormat {
  /// Teams' export when its owner is an organisation account (`8:orgid:`), else Skype's.
  func part(for chat: String?, of input: ImportInput) throws -> (format: any TranscriptFormat, chat: String?) {
    guard let file = transcriptFile(of: input),
      JSONOutline(file).firstString("userId")?.hasPrefix("8:orgid:") == true
    else { return (self, chat) }
    return (TeamsExportFormat(), chat)
  }
}
