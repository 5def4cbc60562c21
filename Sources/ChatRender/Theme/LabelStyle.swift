/// Author names on the first bubble of a run: above it, or inside it as its first line.
@_spi(Pages) public struct LabelStyle: Sendable, Hashable {
  /// When author names are shown.
  public enum Visibility: String, Sendable, Hashable, CaseIterable {
    /// Shown in chats of more than two participants.
    case auto
    /// In every chat, or in none.
    case always, never
    /// Others' names in every chat, two people's too; never mine (KakaoTalk, LINE).
    case others
  }
  /// Where author names are shown.
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// Over the bubble, outside it.
    case above
    /// The bubble's first line (the bubble grows to hold it).
    case inside
  }
  /// When names are shown.
  public var show: Visibility
  /// Where names are shown; `.above` by default.
  public var placement: Placement
  /// Font size in points.
  public var size: Double
  /// The colour of every name when `colors` is empty.
  public var color: Color
  /// Colours given to authors in order of first appearance (a stable pick by id once the
  /// list is used up); empty: `color`.
  public var colors: [Color]
  /// Whether names are bold; true by default.
  public var bold: Bool
  /// The colour of my own name (Snapchat's red); nil: as everyone else's.
  public var meColor: Color? = nil
  /// Whether names are written in capitals (Snapchat).
  public var uppercase = false
  /// In rows, the width of a bar in the author's name colour down the left of each run's
  /// messages (Snapchat); 0 for none.
  public var bar = 0.0

  /// A name style; `size` is in points.
  public init(
    show: Visibility, placement: Placement = .above, size: Double, color: Color,
    colors: [Color] = [], bold: Bool = true
  ) {
    self.show = show
    self.placement = placement
    self.size = size
    self.color = color
    self.colors = colors
    self.bold = bold
  }
}
