import CCairo
import CPango

/// Draws a realistic 300-message chat into a 480 px wide ARGB32 surface: pangocairo text (Latin,
/// CJK, RTL, emoji, long URLs, multi-line) in rounded bubbles of two flat colours on white,
/// with the mix of `bench/gen.py` and the geometry of `bench/floor.c`.
enum ChatSurface {
  static let width = 480
  static let wrapWidth = 336
  static let padX = 12.0
  static let padY = 8.0
  static let gap = 8.0
  static let tail = 10.0

  /// Returns a new surface; the caller destroys it.
  static func make(messages count: Int, seed: UInt64) -> OpaquePointer {
    var random = SplitMix64(seed: seed)
    var sent = true
    var texts: [(sent: Bool, text: String)] = []
    for i in 0..<count {
      if i > 0 && random.unit() > 0.6 { sent.toggle() }
      texts.append((sent, messageText(&random)))
    }

    let probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let probeContext = cairo_create(probe)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    let pango = pango_cairo_create_context(probeContext)
    pango_cairo_context_set_font_options(pango, options)
    let font = pango_font_description_from_string("DejaVu Sans, Noto Sans CJK SC")
    pango_font_description_set_absolute_size(font, Double(15 * PANGO_SCALE))

    var layouts: [(layout: OpaquePointer, width: Double, height: Double, x0: Double)] = []
    var height = padY
    for (index, message) in texts.enumerated() {
      let layout = pango_layout_new(pango)
      pango_layout_set_font_description(layout, font)
      pango_layout_set_width(layout, Int32(wrapWidth) * PANGO_SCALE)
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      pango_layout_set_text(layout, message.text, -1)
      var logical = PangoRectangle()
      pango_layout_get_pixel_extents(layout, nil, &logical)
      let wrapped = pango_layout_is_wrapped(layout) != 0
      let textWidth = wrapped ? Double(wrapWidth) : Double(logical.width)
      layouts.append(
        (layout!, textWidth, Double(logical.height), wrapped ? 0 : Double(logical.x)))
      height += Double(logical.height) + 2 * padY + (index > 0 ? gap : 0)
    }
    height += padY

    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let cr = cairo_create(surface)
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    var y = padY
    for (message, laid) in zip(texts, layouts) {
      let bubbleWidth = laid.width + 2 * padX
      let bubbleHeight = laid.height + 2 * padY
      let x = message.sent ? Double(width) - tail - bubbleWidth : tail
      roundedRectangle(cr, x: x, y: y, width: bubbleWidth, height: bubbleHeight, radius: 12)
      if message.sent {
        cairo_set_source_rgb(cr, 0.04, 0.52, 1.0)
      } else {
        cairo_set_source_rgb(cr, 0.914, 0.914, 0.922)
      }
      cairo_fill(cr)
      if message.sent {
        cairo_set_source_rgb(cr, 1, 1, 1)
      } else {
        cairo_set_source_rgb(cr, 0.07, 0.07, 0.07)
      }
      cairo_move_to(cr, x + padX - laid.x0, y + padY)
      pango_cairo_update_context(cr, pango)
      pango_cairo_show_layout(cr, laid.layout)
      y += bubbleHeight + gap
      g_object_unref(UnsafeMutableRawPointer(laid.layout))
    }
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    pango_font_description_free(font)
    g_object_unref(UnsafeMutableRawPointer(pango))
    cairo_font_options_destroy(options)
    cairo_destroy(probeContext)
    cairo_surface_destroy(probe)
    return surface
  }

  private static func roundedRectangle(
    _ cr: OpaquePointer?, x: Double, y: Double, width: Double, height: Double, radius: Double
  ) {
    let r = min(radius, width / 2, height / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
    cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
  }

  // MARK: - Text mix (as gen.py: ~10 % Chinese, ~3 % RTL, ~10 % emoji, ~4 % URLs)

  private static let short = [
    "ok", "sure", "lol", "haha yes", "on my way", "see you soon", "thanks!", "sounds good",
    "what time?", "running late, sorry", "call me", "nice!", "yep", "no worries", "got it",
    "love it", "perfect", "where are you?", "just landed", "be there in 5", "good night",
  ]
  private static let sentences = [
    "I finally finished the report and sent it to the whole team this morning.",
    "The train was delayed again, so I ended up walking the last two stops.",
    "Do you still want to meet at the cafe near the station, or somewhere quieter?",
    "My sister says the new place on Elm Street has the best dumplings in town.",
    "We should book the tickets soon because the prices keep going up every week.",
    "I was thinking we could rent bikes on Saturday if the weather holds up.",
    "Honestly the meeting could have been an email, but at least it ended early.",
    "Can you remind me what we decided about the budget for the kitchen?",
    "The landlord finally replied and said the plumber will come on Thursday.",
    "I tried the recipe you sent and it turned out much better than expected.",
    "Let me know if you need a ride from the airport, I am free after six.",
    "The kids loved the museum, especially the room with the dinosaur skeletons.",
    "Traffic on the bridge is terrible right now, so I will take the long way round.",
    "Please bring a jacket, it gets surprisingly cold by the lake at night.",
    "If you are passing the bakery could you grab a loaf of sourdough for me?",
    "The concert was amazing and the band played for almost three hours.",
  ]
  private static let cjkShort = ["好的", "明天见！", "没问题", "我到了", "哈哈哈", "谢谢你！", "晚安"]
  private static let cjkSentences = [
    "我们周末去爬山吧，天气预报说会很晴朗。", "今天的会议推迟到下午三点了，你记得通知大家。",
    "这家餐厅的饺子特别好吃，下次一起来尝尝。", "我刚下班，地铁里人太多了，可能要晚一点到。",
    "你上次推荐的那本书我已经看完了，非常精彩。", "外面下大雨了，出门记得带伞。",
  ]
  private static let rtl = [
    "مرحبا، كيف حالك اليوم؟", "شكرا جزيلا على المساعدة", "שלום, מה שלומך?", "תודה רבה על הכול!",
  ]
  private static let emoji = [
    "😀", "👍", "🎉", "❤️", "😂", "🙏", "🔥", "✨", "🥳", "😅", "🤔", "👀", "🍕", "☕", "🚀",
  ]

  private static func words(_ random: inout SplitMix64, _ low: Int, _ high: Int) -> String {
    let target = random.int(low...high)
    var words: [Substring] = []
    var order = Array(sentences.indices)
    for i in order.indices.reversed() { order.swapAt(i, random.int(0...i)) }
    for index in order where words.count < target {
      words += sentences[index].split(separator: " ")
    }
    return words.prefix(high).joined(separator: " ")
  }

  private static func messageText(_ random: inout SplitMix64) -> String {
    var text: String
    let kind = random.unit()
    if kind < 0.10 {
      text =
        random.unit() < 0.5
        ? random.pick(cjkShort)
        : (0..<random.int(1...6)).map { _ in random.pick(cjkSentences) }.joined()
    } else if kind < 0.13 {
      text = random.pick(rtl)
    } else {
      let length = random.unit()
      text =
        length < 0.5
        ? random.pick(short) : length < 0.8 ? words(&random, 6, 39) : words(&random, 40, 80)
      let extra = random.unit()
      if extra < 0.04 {
        let token = (0..<random.int(40...90)).map { _ in
          random.pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"))
        }
        text = "here: https://docs.example.com/shared/2025/03/project-plan?key=" + String(token)
      } else if extra < 0.12 {
        text = (0..<random.int(2...4)).map { _ in words(&random, 3, 20) }.joined(separator: "\n")
      }
    }
    if random.unit() < 0.10 {
      let faces = (0..<random.int(1...3)).map { _ in random.pick(emoji) }.joined()
      text = random.unit() < 0.2 ? faces : text + " " + faces
    }
    return text
  }
}

/// A small deterministic random number generator.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
