/// The layout announces each picture it places, in Media's terms (Media names no layout type).
extension PictureDecodeAhead {
  /// Announces that message `message` draws `picture`; blurred pictures need too few pixels
  /// to be worth it.
  func announce(_ picture: PictureItem, message: Int) {
    guard !picture.isBlurred else { return }
    announce(picture.source, drawnSize: picture.drawnRect.size, message: message)
  }
}
