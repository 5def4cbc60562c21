/// A card for a link: what the app showed below the message.
public struct LinkPreview: Sendable, Hashable {
  /// A labelled value on a card (a Slack attachment's `fields`). Internal, as are the card's
  /// fields, footer and colour: importers and our JSON fill them, layout draws them.
  struct Field: Sendable, Hashable {
    /// The label, drawn bold above the value.
    var title: String
    /// The value.
    var value: String
    /// Whether it is short enough to stand beside another short field.
    var isShort: Bool

    /// A field; short ones stand two to a row.
    init(title: String, value: String, isShort: Bool = false) {
      self.title = title
      self.value = value
      self.isShort = isShort
    }
  }

  /// The address the card links to.
  public var url: String?
  /// The card's headline.
  public var title: String?
  /// The card's text under the headline.
  public var description: String?
  /// The site or author the card names ("YouTube").
  public var siteName: String?
  /// Labelled values under the text.
  var fields: [Field] = []
  /// A last small line under everything ("GitHub").
  var footer: String?
  /// The colour of the card's bar, when the source gives one (else the theme's link colour).
  var color: Color?

  /// A card; each part is nil when the source does not give it.
  public init(url: String? = nil, title: String? = nil, description: String? = nil, siteName: String? = nil) {
    self.url = url
    self.title = title
    self.description = description
    self.siteName = siteName
  }

  /// A card with fields, a footer or a colour as well.
  init(
    url: String? = nil, title: String? = nil, description: String? = nil, siteName: String? = nil,
    fields: [Field], footer: String? = nil, color: Color? = nil
  ) {
    self.init(url: url, title: title, description: description, siteName: siteName)
    self.fields = fields
    self.footer = footer
    self.color = color
  }

  /// A card with nothing to show.
  public var isEmpty: Bool {
    [url, title, description, siteName, footer].allSatisfy { $0?.isEmpty ?? true } && fields.isEmpty
  }
}
