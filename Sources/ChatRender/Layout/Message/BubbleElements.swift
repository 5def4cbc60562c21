/// The table of the elements a bubble may hold, in the order their rows stack: above the
/// text the inside name, the forwarded line, the quoted reply, the attachments and a call;
/// below it the link cards and (in Telegram's look) the reaction capsules. A layout starts from this table (`ConversationLayout.elements`).
enum BubbleElements {
  static var standard: [any BubbleElement.Type] {
    [
      InsideNameRow.self,
      ForwardedRow.self,
      ReplyQuoteRow.self,
      AttachmentRows.self,
      CallChipRow.self,
      LinkCardRows.self,
      ReactionCapsuleRows.self,
    ]
  }
}
