/// Pictures (initials) beside bubbles, round or rounded squares.
@_spi(Pages) public struct AvatarStyle: Sendable, Hashable {
  /// When avatars are shown.
  public enum Visibility: String, Sendable, Hashable, CaseIterable {
    /// `auto`: beside others' messages, in chats of more than two participants; `always`:
    /// beside everyone's messages, on both sides; `never`; `others`: beside others' messages
    /// in every chat, two people's too (KakaoTalk, LINE).
    case auto, always, never, others
  }
  /// Which bubble of a run of one author's messages has the avatar beside it.
  public enum Carrier: String, Sendable, Hashable, CaseIterable {
    /// The first, level with its top.
    case first
    /// The last, level with its bottom.
    case last
    /// Every bubble, level with its top.
    case every
  }
  /// When avatars are shown.
  public var show: Visibility
  /// Diameter (width and height) in points.
  public var size: Double
  /// Corner radius as a fraction of the size (0.5 = circle).
  public var roundness: Double
  /// Which bubble of a run has the avatar; `.first` by default.
  public var carrier: Carrier

  /// An avatar style; `size` is in points, `roundness` a fraction of it (0.5 = circle).
  public init(show: Visibility, size: Double, roundness: Double, carrier: Carrier = .first) {
    self.show = show
    self.size = size
    self.roundness = roundness
    self.carrier = carrier
  }
}
