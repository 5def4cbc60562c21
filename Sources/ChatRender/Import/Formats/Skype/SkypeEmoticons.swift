/// Skype's emoticon names (`<ss type="smile">`, the `emotions` reactions) and the emoji each
/// stands for; an unknown one keeps the text the sender typed.
enum SkypeEmoticons {
  static let emoji: [String: String] = [
    "smile": "🙂", "happy": "😊", "blush": "😊", "laugh": "😄", "rofl": "🤣", "wink": "😉",
    "cool": "😎", "surprised": "😮", "tongueout": "😛", "sad": "🙁", "cry": "😢", "angry": "😠",
    "kiss": "😘", "inlove": "😍", "heart": "❤️", "brokenheart": "💔", "like": "👍", "yes": "👍",
    "no": "👎", "clap": "👏", "wave": "👋", "hug": "🤗", "think": "🤔", "wonder": "🤔",
    "facepalm": "🤦", "sleepy": "😪", "yawn": "🥱", "nerdy": "🤓", "nerd": "🤓", "party": "🥳",
    "cake": "🎂", "coffee": "☕", "beer": "🍺", "drink": "🍹", "sun": "☀️", "rain": "🌧️",
    "star": "⭐", "devil": "😈", "angel": "😇", "sweat": "😅", "worry": "😟", "puke": "🤮",
    "shock": "😱", "speechless": "😶", "muscle": "💪", "flower": "🌸", "gift": "🎁",
    "music": "🎵", "phone": "📞", "mail": "✉️", "time": "⏰", "movie": "🎬", "pizza": "🍕",
    "ok": "👌", "fingerscrossed": "🤞", "victory": "✌️", "highfive": "🙏", "pray": "🙏",
    "poop": "💩", "fire": "🔥", "tada": "🎉", "confused": "😕", "dull": "😑", "giggle": "🤭",
    "lol": "😂", "joy": "😂", "heidy": "🐿️", "penguin": "🐧", "cat": "🐱", "dog": "🐶",
  ]
}
