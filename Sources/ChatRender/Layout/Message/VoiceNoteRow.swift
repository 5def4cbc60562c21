import Foundation

extension Attachment {
  /// An audio message recorded in the app (WhatsApp's `PTT-….opus`, Telegram's voice
  /// messages, iMessage's audio messages), drawn as the apps draw it rather than as a file.
  var isVoiceNote: Bool {
    guard kind == .audio, !isOmitted || duration != nil else { return false }
    let name = (fileName ?? "").lowercased()
    return name.hasPrefix("ptt-") || ["opus", "oga", "ogg", "caf", "amr"].contains((name as NSString).pathExtension)
      || (fileName == nil && duration != nil)
  }
}

/// A voice note: a play button, the waveform of its loudness and its length, no file name.
struct VoiceNoteRow: BlockPart {
  let builder: BlockBuilder

  func row(_ attachment: Attachment, plan: BubblePlan) -> BubbleRow? {
    guard attachment.isVoiceNote, !attachment.isRedacted else { return nil }
    // The export's own waveform where it ships one, else the audio's.
    let note =
      attachment.waveform.flatMap { VoiceNote.exported($0, duration: attachment.duration) }
      ?? builder.pictures.voiceNote(of: attachment.source, duration: attachment.duration, name: attachment.fileName)
    let button = 30.0
    let color = onBubble(plan.style.textColor.withAlpha(0.72), plan)
    // Just under half the side: a box of exactly half is drawn as nothing (its inner rectangle
    // is empty; see `Canvas.fillRoundedRects`).
    let circle = BoxItem(frame: Rect(x: 0, y: 0, width: button, height: button), radius: button / 2 - 0.25, fill: color)
    var items: [LayoutItem] = [.box(circle)]
    let play = StyledText("▶", font: font(size: 13))
    let playMetrics = measurer.measure(play, maxWidth: button)
    items.append(
      .text(
        TextBlock(
          origin: Point(x: (button - playMetrics.size.width) / 2 + 1, y: (button - playMetrics.size.height) / 2),
          size: playMetrics.size, text: play, color: plan.style.fill.isOpaque ? plan.style.fill : .white,
          wrapWidth: button, metrics: playMetrics)))
    let (bar, gap, tallest) = (2.5, 1.5, 22.0)
    let waveLeft = button + 10
    for (index, peak) in note.peaks.enumerated() {
      let height = max(3, tallest * peak)
      let frame = Rect(x: waveLeft + Double(index) * (bar + gap), y: (button - height) / 2, width: bar, height: height)
      items.append(
        .box(BoxItem(frame: frame, radius: bar / 2, fill: onBubble(plan.style.textColor.withAlpha(0.5), plan))))
    }
    var width = waveLeft + Double(note.peaks.count) * (bar + gap)
    if let duration = note.duration {
      let label = StyledText(
        labels.localDigits(BlockBuilder.clock(duration)), font: font(size: theme.timestamps.size + 1), maxLines: 1)
      let metrics = measurer.measure(label, maxWidth: 80)
      items.append(
        .text(
          TextBlock(
            origin: Point(x: width + 8, y: (button - metrics.size.height) / 2), size: metrics.size, text: label,
            color: onBubble(secondaryColor(plan), plan), wrapWidth: 80, metrics: metrics)))
      width += 8 + metrics.size.width
    }
    return BubbleRow(items: items, size: Size(width: min(width, plan.wrap), height: button), gapBelow: 6)
  }
}
