/// Pages from `base` with a spotlight applied to each, one at a time; without a spotlight,
/// `base`'s pages as they are.
///
/// With a spotlight it looks one page ahead: a note with no room beside its message waits
/// for the next page when the message goes on there (see `Spotlight`).
@_spi(Pages) public struct SpotlightPages<Base: IteratorProtocol<LaidOutPage>>: IteratorProtocol {
  private var base: Base
  private var spotlight: Spotlight?
  /// The page after the one `next()` hands out; nil once `base` has ended.
  private var following: LaidOutPage?
  private var hasStarted = false

  /// `base`'s pages, spotlit by `spotlight` (as they are when it is nil).
  public init(_ base: Base, spotlight: Spotlight?) {
    self.base = base
    self.spotlight = spotlight
  }

  /// The next page with its dim layer and notes, or nil after the last.
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

extension SpotlightPages where Base == NumberedPages {
  /// The number of pages once they are all laid out (PDF), else nil.
  public var pageCount: Int? { base.pageCount }

  /// Told the number of pages laid out so far while a document's pages are laid out before
  /// the first is handed out.
  public var onLaidOut: ((Int) -> Void)? {
    get { base.onLaidOut }
    set { base.onLaidOut = newValue }
  }
}
