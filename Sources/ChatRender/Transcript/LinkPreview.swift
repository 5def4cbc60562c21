/// A card for a link: what the app showed below the message.
public struct LinkPreview: Sendable, Hashable {
  public var url: String?
  public var title: String?
  public var description: String?
  /// The site or author the card names ("YouTube").
  public var siteName: String?

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
