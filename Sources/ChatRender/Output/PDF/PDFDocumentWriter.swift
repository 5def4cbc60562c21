import CCairo
import Foundation

/// Writes laid-out pages as one PDF of our own (`--pdf-engine own`): drawn on `PDFCanvas`,
/// fonts subset once a document with HarfBuzz, each picture once, streams compressed, with
/// the day bookmarks and the metadata of the cairo engine's `PDFWriter`.
@_spi(Pages) public struct PDFDocumentWriter: PaperWriter, Sendable {
  /// What the document's metadata and outline say; none when nil.
  public var document: DocumentSummary?
  /// The creation date the metadata states; now when nil.
  public var creationDate: Date?
  /// The paper's content scale (`PaperLayout.contentScale`).
  public let drawingScale: Double
  /// The chat the pages show, whose messages the structure tree names ("Ana, 10:02"), with
  /// the zone and clock of its times; without it, messages have no title.
  package var messages: (transcript: Transcript, timeZone: TimeZone, dateText: DateTextStyle)?
  /// The archival standard the file claims and keeps to (`--pdf-standard`): PDF/A-2u unless told.
  package var standard = PDFStandard.a2u
  /// The source export, carried as an associated file when the standard is PDF/A-3u.
  package var source: PDFSourceAttachment?

  public init(paper: PaperLayout, document: DocumentSummary? = nil, creationDate: Date? = nil) {
    drawingScale = paper.contentScale
    self.document = document
    self.creationDate = creationDate
  }

  /// Draws every page `pages` gives into `sink`, one page in memory at a time.
  public func write(
    _ pages: inout some IteratorProtocol<LaidOutPage>, with painter: CairoPainter, to sink: OutputSink
  ) throws {
    guard let first = pages.next() else { return }
    let file = PDFFile(sink: sink)
    let resources = PDFResources(file: file)
    let text = PDFTextWriter(resources: resources)
    let pagesObject = file.reserve()
    let labels = messages.map { messages in
      var style = messages.dateText
      if let locale = document?.locale { style.locale = locale }
      return PDFMessageLabels(transcript: messages.transcript, timeZone: messages.timeZone, style: style)
    }
    let structure = PDFStructure(file: file, labels: labels, language: language)
    var written: [(object: Int, height: Double)] = []
    var outline = PDFOutline(dayCount: document?.dayCount ?? 0, locale: document?.locale ?? .standard)
    painter.engine.drawn.forget()
    var next: LaidOutPage? = first
    var day: String?
    while let page = next {
      let sheet = PDFPage(size: page.outputSize)
      let reading = PDFPageReading(page, isFirst: written.isEmpty, labels: labels, continuedDay: day)
      day = reading.lastDay
      sheet.furniture = reading.furniture
      let canvas = PDFCanvas(
        page: sheet, resources: resources, engine: painter.engine, pictures: painter.pictures, text: text,
        background: painter.backgroundPicture)
      PagePainter().draw(page, on: canvas)
      written.append(
        (writePage(sheet, reading: reading, parent: pagesObject, structure: structure, to: file), sheet.size.height))
      outline.add(page, number: written.count)
      if let failure = sink.failure { throw failure }
      next = pages.next()
    }
    resources.fonts.writeAll()
    file.write(
      object: pagesObject,
      "<</Type/Pages/Kids[\(written.map { "\($0.object) 0 R" }.joined(separator: " "))]/Count \(written.count)>>")
    let outlines = writeOutline(outline.entries, pages: written, to: file)
    let info = file.add(infoDictionary)
    let title = document?.title ?? ""
    let structureRoot = structure.finish(title: title)
    let metadata = file.addStream(
      dictionary: "/Type/Metadata/Subtype/XML", data: Array(xmp(title: title).utf8), compress: false)
    let intent = standard == .none ? nil : PDFOutputIntent.write(to: file)
    let created = Int((creationDate ?? Date()).timeIntervalSince1970.rounded(.down))
    let attached = standard == .a3u ? source.map { $0.write(to: file, date: PDFText.date(created)) } : nil
    let root = file.add(
      "<</Type/Catalog/Pages \(pagesObject) 0 R" + (outlines.map { "/Outlines \($0) 0 R/PageMode/UseOutlines" } ?? "")
        + "/StructTreeRoot \(structureRoot) 0 R/MarkInfo<</Marked true>>/Lang \(PDFText.string(language))"
        + "/ViewerPreferences<</DisplayDocTitle true>>/Metadata \(metadata) 0 R"
        + (intent.map { "/OutputIntents[\($0) 0 R]" } ?? "")
        + (attached.map {
          "/Names<</EmbeddedFiles<</Names[\(PDFText.string(source?.name ?? "")) \($0) 0 R]>>>>/AF[\($0) 0 R]"
        } ?? "")
        + ">>")
    file.finish(root: root, info: info, id: documentID)
    if let failure = sink.failure { throw failure }
  }

  /// Writes the page's content, links, structure elements and page object; its object.
  private func writePage(
    _ page: PDFPage, reading: PDFPageReading, parent: Int, structure: PDFStructure, to file: PDFFile
  ) -> Int {
    let object = file.reserve()
    let key = structure.pageKey()
    let content = file.addStream(dictionary: "", data: page.content.bytes)
    let links = page.links.map { link in
      let annotationKey = structure.annotationKey()
      let annotation = file.add(link.dictionary + "/P \(object) 0 R/StructParent \(annotationKey)>>")
      return (object: annotation, key: annotationKey, link: link.link)
    }
    var box = PDFBuffer()
    box.numbers(0, 0, page.size.width, page.size.height)
    let annotations = links.isEmpty ? "" : "/Annots[\(links.map { "\($0.object) 0 R" }.joined(separator: " "))]"
    file.write(
      object: object,
      "<</Type/Page/Parent \(parent) 0 R/MediaBox[\(String(decoding: box.bytes.dropLast(), as: UTF8.self))]"
        + "/Resources\(page.resources)/Contents \(content) 0 R\(annotations)/StructParents \(key)/Tabs/S>>")
    structure.addPage(object: object, key: key, marked: page.marked, links: links, reading: reading)
    return object
  }

  /// The document's language: the locale's (`--locale`, else the chat's), as BCP 47.
  private var language: String {
    let identifier = document?.locale.identifier ?? "en"
    return identifier.split(separator: "@").first.map { $0.replacingOccurrences(of: "_", with: "-") } ?? "en"
  }

  /// XMP metadata: what the information dictionary says (PDF/A wants both to agree), the
  /// PDF/UA-1 identification and, for PDF/A, its part and the schema that declares pdfuaid.
  private func xmp(title: String) -> String {
    let created = Int((creationDate ?? Date()).timeIntervalSince1970.rounded(.down))
    let date = ISO8601.format(.instant(Date(timeIntervalSince1970: Double(created))))
    func escaped(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }
    var fields = ""
    for (key, value) in PDFWriter.metadata(of: document, creationDate: creationDate) {
      switch key {
      case CAIRO_PDF_METADATA_AUTHOR:
        fields += "<dc:creator><rdf:Seq><rdf:li>\(escaped(value))</rdf:li></rdf:Seq></dc:creator>\n"
      case CAIRO_PDF_METADATA_SUBJECT:
        fields +=
          "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(value))</rdf:li></rdf:Alt></dc:description>\n"
      case CAIRO_PDF_METADATA_KEYWORDS: fields += "<pdf:Keywords>\(escaped(value))</pdf:Keywords>\n"
      case CAIRO_PDF_METADATA_CREATOR: fields += "<xmp:CreatorTool>\(escaped(value))</xmp:CreatorTool>\n"
      default: break
      }
    }
    let archival =
      standard.part.map { "<pdfaid:part>\($0)</pdfaid:part><pdfaid:conformance>U</pdfaid:conformance>\n" } ?? ""
    return """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(escaped(title))</rdf:li></rdf:Alt></dc:title>
      <dc:format>application/pdf</dc:format>
      \(fields)<xmp:CreateDate>\(date)</xmp:CreateDate><xmp:ModifyDate>\(date)</xmp:ModifyDate>
      <pdf:Producer>\(escaped(document?.creator ?? "chatrender"))</pdf:Producer>
      <pdfuaid:part>1</pdfuaid:part>
      \(archival)</rdf:Description>
      \(standard == .none ? "" : Self.pdfuaSchema)</rdf:RDF></x:xmpmeta>
      <?xpacket end="w"?>
      """
  }

  /// PDF/A admits XMP properties of its own schemas only, unless described: pdfuaid's part.
  private static let pdfuaSchema = """
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" \
    xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
    <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
    <pdfaSchema:schema>PDF/UA identification</pdfaSchema:schema>
    <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
    <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
    <pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">
    <pdfaProperty:name>part</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType>
    <pdfaProperty:category>internal</pdfaProperty:category>
    <pdfaProperty:description>The part of ISO 14289 the file keeps to</pdfaProperty:description>
    </rdf:li></rdf:Seq></pdfaSchema:property>
    </rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>

    """

  /// Writes the bookmarks as an outline tree; its root, or nil without bookmarks.
  private func writeOutline(
    _ entries: [PDFOutline.Entry], pages: [(object: Int, height: Double)], to file: PDFFile
  ) -> Int? {
    guard !entries.isEmpty else { return nil }
    let root = file.reserve()
    let objects = entries.map { _ in file.reserve() }
    var children: [Int?: [Int]] = [:]
    for (index, entry) in entries.enumerated() { children[entry.parent, default: []].append(index) }
    for (index, entry) in entries.enumerated() {
      let siblings = children[entry.parent] ?? []
      let position = siblings.firstIndex(of: index) ?? 0
      let page = pages[min(max(entry.page - 1, 0), pages.count - 1)]
      var fields = "<</Title \(PDFText.string(entry.title))/Parent \(entry.parent.map { objects[$0] } ?? root) 0 R"
      if position > 0 { fields += "/Prev \(objects[siblings[position - 1]]) 0 R" }
      if position + 1 < siblings.count { fields += "/Next \(objects[siblings[position + 1]]) 0 R" }
      if let own = children[index], let firstChild = own.first, let lastChild = own.last {
        fields += "/First \(objects[firstChild]) 0 R/Last \(objects[lastChild]) 0 R/Count -\(own.count)"
      }
      var destination = PDFBuffer()
      destination.numbers(entry.position.x, page.height - entry.position.y)
      fields += "/Dest[\(page.object) 0 R/XYZ \(String(decoding: destination.bytes, as: UTF8.self))null]>>"
      file.write(object: objects[index], fields)
    }
    let top = children[nil] ?? []
    file.write(
      object: root,
      "<</Type/Outlines/First \(objects[top.first ?? 0]) 0 R/Last \(objects[top.last ?? 0]) 0 R/Count \(top.count)>>")
    return root
  }

  /// The cairo engine's metadata as an information dictionary.
  private var infoDictionary: String {
    var fields = "<<"
    for (key, value) in PDFWriter.metadata(of: document, creationDate: creationDate) {
      switch key {
      case CAIRO_PDF_METADATA_TITLE: fields += "/Title " + PDFText.string(value)
      case CAIRO_PDF_METADATA_AUTHOR: fields += "/Author " + PDFText.string(value)
      case CAIRO_PDF_METADATA_SUBJECT: fields += "/Subject " + PDFText.string(value)
      case CAIRO_PDF_METADATA_KEYWORDS: fields += "/Keywords " + PDFText.string(value)
      case CAIRO_PDF_METADATA_CREATOR: fields += "/Creator " + PDFText.string(value)
      default: break
      }
    }
    let created = Int((creationDate ?? Date()).timeIntervalSince1970.rounded(.down))
    fields += "/Producer " + PDFText.string(document?.creator ?? "chatrender")
    fields += "/CreationDate " + PDFText.literal(PDFText.date(created))
    fields += "/ModDate " + PDFText.literal(PDFText.date(created))
    return fields + ">>"
  }

  /// The same for the same chat and date: reproducible files.
  private var documentID: String {
    let created = Int((creationDate ?? Date()).timeIntervalSince1970.rounded(.down))
    let seed = "\(document?.title ?? "")|\(document?.messageCount ?? 0)|\(created)"
    return String(SHA256.hex(of: Array(seed.utf8)).prefix(32)).uppercased()
  }
}
