/// A card for a link: what the app showed below the message.
public struct LinkPreview: Sendable, Hashable {
  /// The address the card links to.
  public var url: String?
  /// The card's headline.
  public var title: String?
  /// The card's text under the headline.
  public var description: String?
  /// The site or author the card names ("YouTube").
  public var siteName: String?

  /// A card; each part is nil when the source does not give it.
  public init(url: String? = nil, title: String? = nil, description: String? = nil, siteName: String? = nil) {
    self.url = url
    self.title = title
    self.description = description
    self.siteName = siteName
  }

  /// A card with nothing to show.
  public var isEmpty: Bool {
    [url, title, description, siteName].allSatisfy { $0?.isEmpty ?? true }
  }
}
