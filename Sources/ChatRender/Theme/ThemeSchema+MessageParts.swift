/// The `avatars`, `replies`, `reactions`, `calls` and `formatting` objects of theme JSON: what stands
/// beside, inside and on a bubble.
extension ThemeSchema {
  static let avatars = ThemeObject<AvatarStyle>(
    "Pictures with initials beside the first, last or every bubble of a run.",
    [
      .value(
        "show", \.show, .choice,
        "`auto`: beside others' bubbles in chats of more than two people; `always`: on both sides; `others`: beside others' bubbles in every chat"
      ),
      .value("size", \.size, .number(.textSize), "width and height"),
      .value(
        "roundness", \.roundness, .number(ThemeDecoder.NumberRule(0...0.5)),
        "corner radius as a fraction of the size: 0 square, 0.5 circle"),
      .value(
        "carrier", \.carrier, .choice,
        "`first`: beside the first bubble of a run, level with its top; `last`: beside the last, level with its bottom; `every`: beside every bubble"
      ),
    ])

  static let replies = ThemeObject<ReplyStyle>(
    "The quoted message above a reply.",
    [
      .value("barColor", \.barColor, .color, "color of the bar beside the quote when names have no colors"),
      .value("textSize", \.textSize, .number(.textSize), "text size of the quote"),
      .value(
        "style", \.style, .choice,
        "`box`: a tinted box with a bar inside the reply's bubble; `spine`: one line over the message, a curved line from above the avatar into the quoted name and a faded line of its text (Discord); `thread`: the original as a faded bubble above the reply, joined to it by a curved line (iMessage)"
      ),
      .value("lineColor", \.lineColor, .color, "the curved line of a `spine` or `thread`"),
      .value("lineWidth", \.lineWidth, .number(ThemeDecoder.NumberRule(0...8)), "width of that line"),
    ])

  static let reactions = ThemeObject<ReactionStyle>(
    "Reaction pills on or under a bubble.",
    [
      .value("fill", \.fill, .color, "pill color"),
      .value("text", \.textColor, .color, "text color"),
      .value("size", \.size, .number(.textSize), "text size"),
      .value(
        "placement", \.placement, .choice,
        "`overlap`: over the bubble's bottom edge; `below`: a row under the bubble; `corner`: one tapback over the bubble's top corner (iMessage); `combined`: one pill over the bottom edge with up to three emoji and the total (WhatsApp); `inside`: capsules inside the bubble under its text, the time on their row (Telegram)"
      ),
    ])

  static let calls = ThemeObject<CallStyle>(
    "The chip of a message that records a call.",
    [.value("failed", \.failedColor, .color, "the icon's circle for a missed, cancelled or unanswered call")])

  static let formatting = ThemeObject<FormattingStyle>(
    "Formatted message text: code, links, mentions, quotes, tables and spoilers.",
    [
      .value("codeFont", \.codeFamilies, .families, "monospace families for code, like `font.families`"),
      .value(
        "codeBackground", \.codeBackground, .color,
        "behind inline code and code blocks; a translucent tint suits every bubble"),
      .value("link", \.link, .color, "link text (underlined too)"),
      .value("mention", \.mention, .color, "@mentions of participants"),
      .value("quoteBar", \.quoteBar, .color, "the bar beside a block quote"),
      .value("tableBorder", \.tableBorder, .color, "table grid lines and horizontal rules"),
      .value(
        "spoilers", \.spoilers, .choice,
        "`shown`: the words on a light tint; `hidden`: covered by a bar of `spoilerFill`"),
      .value("spoilerFill", \.spoilerFill, .color, "the bar over hidden spoilers, or the tint behind shown ones"),
    ])
}
