/// Pages from `base` with a spotlight applied to each, one at a time; without a spotlight,
/// `base`'s pages as they are.
public struct SpotlightPages<Base: IteratorProtocol<LaidOutPage>>: IteratorProtocol {
  private var base: Base
  private var spotlight: Spotlight?

  public init(_ base: Base, spotlight: Spotlight?) {
    self.base = base
    self.spotlight = spotlight
  }

  public mutating func next() -> LaidOutPage? {
    guard let page = base.next() else { return nil }
    return spotlight?.apply(to: page) ?? page
  }
}

extension SpotlightPages where Base == PageIterator {
  /// The number of pages when a first pass has counted them (PDF), else nil.
  public var pageCount: Int? { base.pageCount }
}
