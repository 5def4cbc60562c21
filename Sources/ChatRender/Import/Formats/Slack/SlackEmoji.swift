/// Slack's `:shortcode:` names for the most used emoji.
///
/// Slack has thousands of names and workspaces add custom ones (images, not in the export);
/// a name missing here stays as `:name:` in the text, which still reads well.
enum SlackEmoji {
  /// The emoji for `name` (without colons), with a `::skin-tone-N` suffix applied.
  static func emoji(for name: String) -> String? {
    var base = Substring(name)
    var modifier: Unicode.Scalar?
    if let range = name.range(of: "::skin-tone-") {
      base = name[..<range.lowerBound]
      guard let tone = Int(name[range.upperBound...]), (2...6).contains(tone) else { return nil }
      modifier = Unicode.Scalar(0x1F3FB + UInt32(tone - 2))
    }
    guard var emoji = table[String(base)] else { return nil }
    if let modifier {
      // A modifier replaces the emoji-presentation selector (✌️ → ✌🏽).
      if emoji.unicodeScalars.last == "\u{FE0F}" { emoji.unicodeScalars.removeLast() }
      emoji.unicodeScalars.append(modifier)
    }
    return emoji
  }

  private static let table: [String: String] = [
    "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎", "ok_hand": "👌",
    "wave": "👋", "clap": "👏", "pray": "🙏", "raised_hands": "🙌", "muscle": "💪",
    "v": "✌️", "crossed_fingers": "🤞", "point_up": "☝️", "point_down": "👇",
    "point_left": "👈", "point_right": "👉", "raised_hand": "✋", "hand": "✋",
    "handshake": "🤝", "writing_hand": "✍️", "facepunch": "👊", "punch": "👊", "fist": "✊",
    "metal": "🤘", "call_me_hand": "🤙", "open_hands": "👐", "eyes": "👀", "eye": "👁️",
    "brain": "🧠", "face_palm": "🤦", "facepalm": "🤦", "shrug": "🤷", "bow": "🙇",
    "smile": "😄", "smiley": "😃", "grinning": "😀", "grin": "😁", "joy": "😂",
    "rolling_on_the_floor_laughing": "🤣", "rofl": "🤣", "laughing": "😆", "satisfied": "😆",
    "sweat_smile": "😅", "wink": "😉", "blush": "😊", "innocent": "😇",
    "slightly_smiling_face": "🙂", "upside_down_face": "🙃", "heart_eyes": "😍",
    "kissing_heart": "😘", "star-struck": "🤩", "yum": "😋", "stuck_out_tongue": "😛",
    "stuck_out_tongue_winking_eye": "😜", "zany_face": "🤪", "hugging_face": "🤗",
    "hugs": "🤗", "thinking_face": "🤔", "thinking": "🤔", "shushing_face": "🤫",
    "neutral_face": "😐", "expressionless": "😑", "no_mouth": "😶", "smirk": "😏",
    "unamused": "😒", "face_with_rolling_eyes": "🙄", "roll_eyes": "🙄", "grimacing": "😬",
    "relieved": "😌", "pensive": "😔", "sleepy": "😪", "sleeping": "😴", "mask": "😷",
    "nauseated_face": "🤢", "hot_face": "🥵", "cold_face": "🥶", "exploding_head": "🤯",
    "partying_face": "🥳", "sunglasses": "😎", "nerd_face": "🤓", "confused": "😕",
    "worried": "😟", "slightly_frowning_face": "🙁", "white_frowning_face": "☹️",
    "open_mouth": "😮", "hushed": "😯", "astonished": "😲", "flushed": "😳",
    "pleading_face": "🥺", "fearful": "😨", "cold_sweat": "😰", "cry": "😢", "sob": "😭",
    "scream": "😱", "confounded": "😖", "persevere": "😣", "disappointed": "😞",
    "sweat": "😓", "weary": "😩", "tired_face": "😫", "yawning_face": "🥱", "triumph": "😤",
    "rage": "😡", "angry": "😠", "skull": "💀", "poop": "💩", "hankey": "💩",
    "clown_face": "🤡", "ghost": "👻", "alien": "👽", "robot_face": "🤖", "robot": "🤖",
    "see_no_evil": "🙈", "hear_no_evil": "🙉", "speak_no_evil": "🙊", "saluting_face": "🫡",
    "melting_face": "🫠", "heart": "❤️", "orange_heart": "🧡", "yellow_heart": "💛",
    "green_heart": "💚", "blue_heart": "💙", "purple_heart": "💜", "black_heart": "🖤",
    "white_heart": "🤍", "broken_heart": "💔", "sparkling_heart": "💖", "two_hearts": "💕",
    "100": "💯", "fire": "🔥", "sparkles": "✨", "star": "⭐", "star2": "🌟", "boom": "💥",
    "tada": "🎉", "confetti_ball": "🎊", "balloon": "🎈", "gift": "🎁", "birthday": "🎂",
    "cake": "🍰", "trophy": "🏆", "medal": "🏅", "first_place_medal": "🥇", "dart": "🎯",
    "rocket": "🚀", "white_check_mark": "✅", "heavy_check_mark": "✔️",
    "ballot_box_with_check": "☑️", "x": "❌", "negative_squared_cross_mark": "❎",
    "warning": "⚠️", "no_entry": "⛔", "no_entry_sign": "🚫", "exclamation": "❗",
    "heavy_exclamation_mark": "❗", "question": "❓", "grey_question": "❔", "bangbang": "‼️",
    "interrobang": "⁉️", "bulb": "💡", "memo": "📝", "pencil": "📝", "pencil2": "✏️",
    "pushpin": "📌", "round_pushpin": "📍", "paperclip": "📎", "calendar": "📆",
    "date": "📅", "spiral_calendar_pad": "🗓️", "chart_with_upwards_trend": "📈",
    "chart_with_downwards_trend": "📉", "bar_chart": "📊", "clipboard": "📋",
    "computer": "💻", "keyboard": "⌨️", "desktop_computer": "🖥️", "phone": "☎️",
    "telephone_receiver": "📞", "iphone": "📱", "email": "📧", "envelope": "✉️",
    "inbox_tray": "📥", "outbox_tray": "📤", "package": "📦", "link": "🔗", "lock": "🔒",
    "unlock": "🔓", "key": "🔑", "mag": "🔍", "hammer": "🔨", "hammer_and_wrench": "🛠️",
    "wrench": "🔧", "gear": "⚙️", "bug": "🐛", "books": "📚", "book": "📖",
    "coffee": "☕", "tea": "🍵", "beer": "🍺", "beers": "🍻", "wine_glass": "🍷",
    "champagne": "🍾", "clinking_glasses": "🥂", "pizza": "🍕", "hamburger": "🍔",
    "taco": "🌮", "doughnut": "🍩", "cookie": "🍪", "apple": "🍎", "avocado": "🥑",
    "popcorn": "🍿", "sunny": "☀️", "cloud": "☁️", "umbrella": "☔", "snowflake": "❄️",
    "zap": "⚡", "rainbow": "🌈", "earth_africa": "🌍", "earth_americas": "🌎",
    "earth_asia": "🌏", "globe_with_meridians": "🌐", "hourglass": "⌛",
    "hourglass_flowing_sand": "⏳", "stopwatch": "⏱️", "alarm_clock": "⏰", "clock1": "🕐",
    "bell": "🔔", "loudspeaker": "📢", "mega": "📣", "speech_balloon": "💬",
    "thought_balloon": "💭", "zzz": "💤", "sweat_drops": "💦", "dash": "💨", "ok": "🆗",
    "new": "🆕", "cool": "🆒", "sos": "🆘", "heavy_plus_sign": "➕",
    "heavy_minus_sign": "➖", "arrow_right": "➡️", "arrow_left": "⬅️", "arrow_up": "⬆️",
    "arrow_down": "⬇️", "arrows_counterclockwise": "🔄", "recycle": "♻️",
    "rotating_light": "🚨", "construction": "🚧", "ship": "🚢", "house": "🏠",
    "office": "🏢", "car": "🚗", "bike": "🚲", "airplane": "✈️", "checkered_flag": "🏁",
    "triangular_flag_on_post": "🚩", "white_flag": "🏳️", "dog": "🐶", "cat": "🐱",
    "unicorn_face": "🦄", "parrot": "🦜", "turtle": "🐢", "snail": "🐌", "seedling": "🌱",
    "evergreen_tree": "🌲", "cactus": "🌵", "sunflower": "🌻", "rose": "🌹",
    "tulip": "🌷", "bouquet": "💐", "moneybag": "💰", "dollar": "💵", "gem": "💎",
    "crown": "👑", "musical_note": "🎵", "notes": "🎶", "headphones": "🎧",
    "video_game": "🎮", "camera": "📷", "movie_camera": "🎥", "tv": "📺",
    "soccer": "⚽", "basketball": "🏀", "running": "🏃", "runner": "🏃",
    "man-shrugging": "🤷‍♂️", "woman-shrugging": "🤷‍♀️", "man-facepalming": "🤦‍♂️",
    "woman-facepalming": "🤦‍♀️", "thumbsup_all": "👍", "heavy_heart_exclamation_mark_ornament": "❣️",
    "white_circle": "⚪", "red_circle": "🔴", "large_blue_circle": "🔵", "large_green_circle": "🟢",
    "large_yellow_circle": "🟡", "black_circle": "⚫", "arrow_forward": "▶️", "pause_button": "⏸️",
  ]
}
