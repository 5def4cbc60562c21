extension Theme {
  /// The default look: a clean light messenger with blue sent bubbles.
  public static let `default` = BuiltinThemes.named("default")
  /// WhatsApp's light look.
  public static let whatsapp = BuiltinThemes.named("whatsapp")
  /// WhatsApp's dark look.
  public static let whatsappDark = BuiltinThemes.named("whatsapp-dark")
  /// Apple Messages.
  public static let imessage = BuiltinThemes.named("imessage")
  /// Telegram's light look.
  public static let telegram = BuiltinThemes.named("telegram")
  /// WeChat.
  public static let wechat = BuiltinThemes.named("wechat")
  /// QQ-style popover bubbles with a shadow.
  public static let qqPopover = BuiltinThemes.named("qq-popover")
  /// Warm paper notes.
  public static let note = BuiltinThemes.named("note")
  /// Greys only, for printing.
  public static let print = BuiltinThemes.named("print")

  /// The font families the default theme lists: Latin, then CJK, Arabic and Hebrew.
  package static var defaultFamilies: [String] { Theme.default.font.families }
}
