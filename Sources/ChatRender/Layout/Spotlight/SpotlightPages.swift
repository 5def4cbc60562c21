/// Pages from `base` with a spotlight applied to each, one at a time; without a spotlight,
/// `base`'s pages as they are.
///
/// With a spotlight it looks one page ahead: a note with no room beside its message waits
/// for the next page when the message goes on there (see `Spotlight`).
public struct SpotlightPages<Base: IteratorProtocol<LaidOutPage>>: IteratorProtocol {
  private var base: Base
  private var spotlight: Spotlight?
  /// The page after the one `next()` hands out; nil once `base` has ended.
  private var following: LaidOutPage?
  private var hasStarted = false

  public init(_ base: Base, spotlight: Spotlight?) {
    self.base = base
    self.spotlight = spotlight
  }

  public mutating func next() -> LaidOutPage? {
    guard spotlight != nil else { return base.next() }
    if !hasStarted {
      following = base.next()
      hasStarted = true
    }
    guard let page = following else { return nil }
    following = base.next()
    return spotlight?.apply(to: page, following: following)
  }
}

extension SpotlightPages where Base == PageIterator {
  /// The number of pages when a first pass has counted them (PDF), else nil.
  public var pageCount: Int? { base.pageCount }
}
