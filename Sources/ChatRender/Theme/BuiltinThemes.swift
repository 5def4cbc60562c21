/// The built-in themes: the JSON files of `Sources/ChatRender/Themes/`, compiled in
/// (`PackageResources`; docs/ARCHITECTURE.md, "Built-in themes"). Each file names every key,
/// so a look is changed in its one file, and a user can copy it as a start.
enum BuiltinThemes {
  /// The built-in themes' files, in the order `chatrender themes` lists them.
  static let files: [(name: String, bytes: [UInt8])] = [
    ("default", PackageResources.default_json),
    ("whatsapp", PackageResources.whatsapp_json),
    ("whatsapp-dark", PackageResources.whatsapp_dark_json),
    ("imessage", PackageResources.imessage_json),
    ("imessage-dark", PackageResources.imessage_dark_json),
    ("telegram", PackageResources.telegram_json),
    ("telegram-dark", PackageResources.telegram_dark_json),
    ("kakaotalk", PackageResources.kakaotalk_json),
    ("kakaotalk-dark", PackageResources.kakaotalk_dark_json),
    ("line", PackageResources.line_json),
    ("line-dark", PackageResources.line_dark_json),
    ("messenger", PackageResources.messenger_json),
    ("messenger-dark", PackageResources.messenger_dark_json),
    ("instagram", PackageResources.instagram_json),
    ("instagram-dark", PackageResources.instagram_dark_json),
    ("signal", PackageResources.signal_json),
    ("signal-dark", PackageResources.signal_dark_json),
    ("discord", PackageResources.discord_json),
    ("discord-dark", PackageResources.discord_dark_json),
    ("slack", PackageResources.slack_json),
    ("slack-dark", PackageResources.slack_dark_json),
    ("chatgpt", PackageResources.chatgpt_json),
    ("chatgpt-dark", PackageResources.chatgpt_dark_json),
    ("claude", PackageResources.claude_json),
    ("claude-dark", PackageResources.claude_dark_json),
    ("googlechat", PackageResources.googlechat_json),
    ("googlechat-dark", PackageResources.googlechat_dark_json),
    ("element", PackageResources.element_json),
    ("element-dark", PackageResources.element_dark_json),
    ("skype", PackageResources.skype_json),
    ("skype-dark", PackageResources.skype_dark_json),
    ("teams", PackageResources.teams_json),
    ("teams-dark", PackageResources.teams_dark_json),
    ("x", PackageResources.x_json),
    ("x-dark", PackageResources.x_dark_json),
    ("snapchat", PackageResources.snapchat_json),
    ("snapchat-dark", PackageResources.snapchat_dark_json),
    ("linkedin", PackageResources.linkedin_json),
    ("linkedin-dark", PackageResources.linkedin_dark_json),
    ("hangouts", PackageResources.hangouts_json),
    ("googlevoice", PackageResources.googlevoice_json),
    ("googlevoice-dark", PackageResources.googlevoice_dark_json),
    ("threema", PackageResources.threema_json),
    ("threema-dark", PackageResources.threema_dark_json),
    ("viber", PackageResources.viber_json),
    ("viber-dark", PackageResources.viber_dark_json),
    ("wechat", PackageResources.wechat_json),
    ("qq-popover", PackageResources.qq_popover_json),
    ("note", PackageResources.note_json),
    ("print", PackageResources.print_json),
  ]

  /// Every built-in theme, read once, in order.
  static let all: [Theme] = files.map { read($0.bytes, name: $0.name) }

  /// The built-in theme called `name`; a name not compiled in is a programming error.
  static func named(_ name: String) -> Theme {
    guard let theme = all.first(where: { $0.name == name }) else {
      fatalError("Themes/\(name).json is not compiled in")
    }
    return theme
  }

  /// Reads one compiled-in file onto `Theme.blank`; the built-in tests read each file and name
  /// its errors, so a failure here is a build that skipped them.
  static func read(_ bytes: [UInt8], name: String) -> Theme {
    var warnings: [Diagnostic] = []
    do {
      let file = try SourceFile(path: "Themes/\(name).json", bytes: bytes)
      return try ThemeLoader.decode(file, onto: .blank, warnings: &warnings)
    } catch {
      fatalError("Themes/\(name).json does not read: \(error)")
    }
  }
}

extension Theme {
  /// What a built-in file is read onto: every key of the file replaces it, so none of these
  /// values is ever drawn (`BuiltinThemeTests.everyFileNamesEveryKey`).
  static let blank = Theme(
    name: "", canvas: CanvasStyle(width: 480, background: .black, padding: EdgeInsets(all: 0)),
    font: FontStyle(families: [], size: 15, color: .black), me: .blank, them: .blank,
    system: .blank, spacing: SpacingStyle(sameAuthor: 0, newAuthor: 0),
    names: LabelStyle(show: .never, size: 12, color: .black),
    timestamps: TimestampStyle(placement: .inside, size: 11, meColor: .black, themColor: .black),
    daySeparators: DaySeparatorStyle(
      show: false, size: 12, textColor: .black, fill: .black, radius: 0, padding: EdgeInsets(all: 0)),
    avatars: AvatarStyle(show: .never, size: 32, roundness: 0.5),
    replies: ReplyStyle(barColor: .black, textSize: 13),
    reactions: ReactionStyle(fill: .black, textColor: .black, size: 13), page: .a4)
}

extension BubbleStyle {
  fileprivate static let blank = BubbleStyle(
    fill: .black, textColor: .black, radius: 0, padding: EdgeInsets(all: 0), maxWidth: 1, arrow: .none)
}
