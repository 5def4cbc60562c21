import CPango

/// A `StyledText`'s inline styles as a Pango attribute list (never markup: the text stays
/// plain), and its hanging indent.
enum PangoAttributes {
  /// Sets `text`'s hanging indent on `layout` and inserts its runs' attributes into `list`.
  static func apply(_ text: StyledText, to layout: OpaquePointer, list: OpaquePointer) {
    if text.hangingIndent > 0 {
      // Negative: the first line of each paragraph starts at 0, the lines it wraps into are
      // indented.
      pango_layout_set_indent(layout, Int32(clamping: Int((-text.hangingIndent * Double(PANGO_SCALE)).rounded())))
    }
    let length = text.text.utf8.count
    for run in text.runs {
      let start = min(max(run.range.lowerBound, 0), length)
      let end = min(max(run.range.upperBound, start), length)
      guard end > start else { continue }
      for attribute in attributes(for: run.style) {
        attribute.pointee.start_index = UInt32(start)
        attribute.pointee.end_index = UInt32(end)
        pango_attr_list_insert(list, attribute)
      }
    }
  }

  /// New attributes for `style`; the list they are inserted into owns them.
  private static func attributes(for style: InlineStyle) -> [UnsafeMutablePointer<PangoAttribute>] {
    switch style {
    case .bold: return [pango_attr_weight_new(PANGO_WEIGHT_BOLD)].compactMap { $0 }
    case .italic: return [pango_attr_style_new(PANGO_STYLE_ITALIC)].compactMap { $0 }
    case .strikethrough: return [pango_attr_strikethrough_new(1)].compactMap { $0 }
    case .underline, .link: return [pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)].compactMap { $0 }
    case .monospace(let families):
      return [pango_attr_family_new(families.joined(separator: ","))].compactMap { $0 }
    case .foreground(let color):
      let (red, green, blue, alpha) = channels(color)
      return [pango_attr_foreground_new(red, green, blue), pango_attr_foreground_alpha_new(alpha)]
        .compactMap { $0 }
    case .background(let color):
      let (red, green, blue, alpha) = channels(color)
      return [pango_attr_background_new(red, green, blue), pango_attr_background_alpha_new(alpha)]
        .compactMap { $0 }
    case .hidden: return []  // blanked after shaping (HiddenGlyphs)
    }
  }

  /// A colour in Pango's 16-bit channels.
  private static func channels(_ color: Color) -> (UInt16, UInt16, UInt16, UInt16) {
    func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
    return (channel(color.red), channel(color.green), channel(color.blue), channel(color.alpha))
  }
}
