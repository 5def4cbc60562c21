/// The `names`, `timestamps`, `daySeparators` and `encryptionNotice` objects of theme JSON: the
/// text around messages.
extension ThemeSchema {
  static let names = ThemeObject<LabelStyle>(
    "Author names on the first bubble of a run: above it, or inside it as its first line.",
    [
      .value(
        "show", \.show, .choice,
        "`auto`: others' names in chats of more than two people; `others`: others' names in every chat"),
      .value(
        "placement", \.placement, .choice,
        "`above`: over the bubble; `inside`: the bubble's first line (the bubble grows to hold it)"),
      .value("size", \.size, .number(.textSize), "text size"),
      .value("color", \.color, .color, "name color (of every name when `colors` is empty)"),
      .value(
        "colors", \.colors, .colors,
        "colors given to authors in order of first appearance (avatars take their author's color); `[]`: `color` for all"
      ),
      .value("bold", \.bold, .bool, "bold names"),
      .value(
        "meColor", \.meColor, .orNull(.color),
        "color of my own name, its quotes' bar and avatar (Snapchat's red); `null`: as everyone else's"),
      .value("uppercase", \.uppercase, .bool, "names in capitals (Snapchat)"),
      .value(
        "bar", \.bar, .number(.nonNegative),
        "in `rows`, width of a bar in the author's name color down the left of each run's messages (Snapchat); 0 for none"
      ),
    ])

  static let timestamps = ThemeObject<TimestampStyle>(
    "Message times.",
    [
      .value(
        "placement", \.placement, .choice,
        "`inside`: the bubble's bottom corner; `below`: under the bubble; `beside`: outside the bubble by its lower inner corner; `none`: no times beside messages"
      ),
      .value("size", \.size, .number(.textSize), "text size"),
      .value("meColor", \.meColor, .color, "color of the times of `me`"),
      .value("themColor", \.themColor, .color, "color of everyone else's times"),
      .value(
        "oncePerMinute", \.oncePerMinute, .bool,
        "one time for a run's messages of the same minute, on the last of them (KakaoTalk)"),
    ])

  static let daySeparators = ThemeObject<DaySeparatorStyle>(
    "A centred date label where the day changes.",
    [
      .value("show", \.show, .bool, "show date labels"),
      .value("size", \.size, .number(.textSize), "text size"),
      .value("text", \.textColor, .color, "text color"),
      .value("fill", \.fill, .color, "label color (transparent for plain text)"),
      .value("radius", \.radius, .number(.nonNegative), "corner radius"),
      .value("padding", \.padding, .insets, "space around the date"),
      .objectOrNull("border", \.border, border, adding: newBorder, "a line inside the label's edge; `null` for none"),
      .objectOrNull("shadow", \.shadow, shadow, adding: newShadow, "a shadow under the label; `null` for none"),
      .value(
        "timeAfterMinutes", \.timeAfterMinutes, .number(ThemeDecoder.NumberRule(0...100_000)),
        "minutes of silence after which a label with the day and time goes before a message (the day's label then shows the time too), as Apple Messages heads a conversation; 0 for day labels alone"
      ),
    ])

  static let encryptionNotice = ThemeObject<NoticeCardStyle>(
    "The card of WhatsApp's end-to-end encryption notice.",
    [
      .value("fill", \.fill, .color, "card color"),
      .value("text", \.textColor, .color, "text and lock color"),
      .value("maxWidth", \.maxWidth, .number(.positiveFraction), "widest card as a fraction of the content width"),
    ])
}
