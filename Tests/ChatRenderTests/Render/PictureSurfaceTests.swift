import CCairo
import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct PictureSurfaceTests {
  typealias F = PictureFixtures

  @Test func paintsThePixelsScaledIntoTheRect() throws {
    let picture = try PictureDecoder.decode(F.bytes("quadrants.png"))
    let surface = try PictureSurface(picture)
    let target = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: 100, height: 100)
    try CairoPainter.withContext(target.raw) { cairo in
      surface.paint(in: cairo, rect: Rect(x: 10, y: 20, width: 80, height: 60))
    }
    cairo_surface_flush(target.raw)
    let data = try #require(cairo_image_surface_get_data(target.raw))
    let stride = Int(cairo_image_surface_get_stride(target.raw))
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
      UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }
    #expect(pixel(30, 35) == F.red)
    #expect(pixel(70, 35) == F.green)
    #expect(pixel(30, 65) == F.blue)
    #expect(pixel(70, 65) == F.white)
    // Outside the rect nothing is painted.
    #expect(pixel(5, 5) == 0 && pixel(95, 85) == 0)
  }

  /// One-pixel black and white columns, painted `shrink` times their size: every output
  /// pixel must average its columns to grey, whichever filter the scale chose (bilinear at
  /// half size, cairo's box convolution below it); a filter that skipped pixels would show
  /// black or white.
  @Test(arguments: [0.5, 0.3, 0.2])
  func stripesShrunkAverageToGrey(shrink: Double) throws {
    let side = 64
    let row = (0..<side).flatMap { x -> [UInt8] in x % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
    let stripes = DecodedPicture(
      width: side, height: side, stride: side * 4, pixels: Array((0..<side).map { _ in row }.joined()),
      format: .png, originalSize: PixelSize(width: side, height: side))
    let drawn = Double(side) * shrink
    let target = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: Int32(side), height: Int32(side))
    try CairoPainter.withContext(target.raw) { cairo in
      try PictureSurface(stripes).paint(in: cairo, rect: Rect(x: 0, y: 0, width: drawn, height: drawn))
    }
    cairo_surface_flush(target.raw)
    let data = try #require(cairo_image_surface_get_data(target.raw))
    let stride = Int(cairo_image_surface_get_stride(target.raw))
    let inner = 2..<(Int(drawn) - 2)
    for x in inner {
      let blue = Int(
        UnsafeRawPointer(data).load(fromByteOffset: inner.lowerBound * stride + x * 4, as: UInt32.self) & 0xFF)
      #expect((64...192).contains(blue), "x \(x) at \(shrink): \(blue)")
    }
  }

  /// The PDF holds the JPEG's own bytes at its own size, though the pixels were decoded at 1/8.
  @Test func pdfEmbedsTheOriginalJPEG() throws {
    let bytes = try F.bytes("quadrants.jpg")
    let picture = try PictureDecoder.decode(bytes, fitting: PixelSize(width: 10, height: 10))
    #expect(picture.width == 20 && picture.isEmbeddableJPEG)
    try withPDF(of: picture, originalJPEG: bytes) { pdf, folder in
      let row = try onlyImage(in: pdf)
      // page num type width height color comp bpc enc …
      #expect(row[3] == "160" && row[4] == "120" && row[8] == "jpeg", "\(row)")
      let extracted = folder.appendingPathComponent("out").path
      _ = try PopplerTools.run("/usr/bin/pdfimages", ["-all", pdf, extracted])
      #expect(try Data(contentsOf: URL(fileURLWithPath: extracted + "-000.jpg")) == Data(bytes))
    }
  }

  /// A PDF would show a turned JPEG as stored and an Adobe CMYK one inverted: they embed
  /// their pixels.
  @Test(arguments: ["quadrants-cmyk.jpg", "quadrants-orientation6.jpg"])
  func turnedAndCMYKJPEGsEmbedTheirPixels(name: String) throws {
    let bytes = try F.bytes(name)
    let picture = try PictureDecoder.decode(bytes)
    #expect(!picture.isEmbeddableJPEG)
    try withPDF(of: picture, originalJPEG: bytes) { pdf, _ in
      let row = try onlyImage(in: pdf)
      #expect(row[3] == "160" && row[4] == "120" && row[8] != "jpeg", "\(row)")
    }
  }

  /// A JPEG going into a PDF as its own bytes is never decoded: its surface, of the size it
  /// would have been decoded at, gives the very PDF its decoded pixels gave.
  @Test(arguments: [
    PixelSize(width: 10, height: 10), PixelSize(width: 90, height: 60), PixelSize(width: 600, height: 600),
  ])
  func undecodedJPEGMakesTheSamePDF(box: PixelSize) throws {
    let bytes = try F.bytes("quadrants.jpg")
    let picture = try PictureDecoder.decode(bytes, fitting: box)
    let (size, orientation) = try #require(
      try JPEGCodec.embeddedSize(of: bytes, fitting: box, limits: .fromEnvironment))
    #expect(size == picture.size && orientation.value == 1)
    var decoded: [UInt8] = []
    let decodedSurface = { try PictureSurface(picture, originalJPEG: bytes[...]) }
    try withPDF(of: decodedSurface) { pdf, _ in
      decoded = Array(try Data(contentsOf: URL(fileURLWithPath: pdf)))
    }
    let undecodedSurface = { try PictureSurface(undecodedJPEG: bytes[...], size: size) }
    try withPDF(of: undecodedSurface) { pdf, folder in
      #expect(Array(try Data(contentsOf: URL(fileURLWithPath: pdf))) == decoded)
      let extracted = folder.appendingPathComponent("out").path
      _ = try PopplerTools.run("/usr/bin/pdfimages", ["-all", pdf, extracted])
      #expect(try Data(contentsOf: URL(fileURLWithPath: extracted + "-000.jpg")) == Data(bytes))
    }
  }

  /// Pictures decoded ahead on every core, or by the decoders the layout announced them to,
  /// are drawn as one at a time draws them, warned about in the same order, whatever fails
  /// among them.
  @Test func picturesDecodedAheadLookAsWhenDecodedOneByOne() throws {
    let names = F.opaque + ["missing.png", "quadrants-orientation6.jpg", "quadrants-alpha.png"]
    let items = names.enumerated().map { index, name in
      PictureItem(
        frame: Rect(x: Double(index % 4) * 50, y: Double(index / 4) * 40, width: 48, height: 36), radius: 6,
        source: .file(path: F.path(name)), pixelSize: PixelSize(width: 160, height: 120), name: name)
    }
    func draw(announcing: Bool = false, _ body: (CairoCanvas) -> Void) throws -> ([UInt8], [String]) {
      let target = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: 400, height: 340)
      let catalog = PictureCatalog(decodeAheadAt: announcing ? 2 : nil, decoders: 2)
      for (index, item) in items.enumerated() where announcing { catalog.decodeAhead?.announce(item, message: index) }
      try CairoPainter.withContext(target.raw) { cairo in
        cairo_scale(cairo, 2, 2)
        body(CairoCanvas(cairo: cairo, engine: TextEngine(), pictures: catalog))
      }
      cairo_surface_flush(target.raw)
      let data = try #require(cairo_image_surface_get_data(target.raw))
      let count = Int(cairo_image_surface_get_stride(target.raw)) * 340
      return (Array(UnsafeBufferPointer(start: data, count: count)), catalog.takeWarnings().map(\.message))
    }
    let ahead = try draw { $0.drawPictures(items) }
    let oneByOne = try draw { canvas in for item in items { canvas.drawPicture(item) } }
    let announced = try draw(announcing: true) { $0.drawPictures(items) }
    #expect(ahead.0 == oneByOne.0)
    #expect(ahead.1 == oneByOne.1)
    #expect(announced.0 == oneByOne.0)
    #expect(announced.1 == oneByOne.1)
    #expect(ahead.1.count == 1 && ahead.1[0].contains("missing.png"))
  }

  /// An Adobe CMYK JPEG needs its pixels: no header-only size is offered for it.
  @Test func cmykJPEGsAreDecoded() throws {
    let bytes = try F.bytes("quadrants-cmyk.jpg")
    #expect(
      try JPEGCodec.embeddedSize(of: bytes, fitting: PixelSize(width: 50, height: 50), limits: .fromEnvironment) == nil)
  }

  /// A JPEG whose EXIF orientation turns it goes into the PDF as stored, byte for byte, and
  /// is shown upright: its quadrants where the decoded, turned pixels have them.
  @Test(arguments: 1...8) func turnedJPEGIsEmbeddedAsStoredAndShownUpright(value: Int) throws {
    // The fixture's big-endian orientation entry (tag 0112, type 3, count 1) holds its
    // value 8 bytes after the tag: each orientation is the same file with another value.
    var bytes = try F.bytes("quadrants-orientation6.jpg")
    let entry = try #require(
      (0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == [0x01, 0x12, 0x00, 0x03] })
    bytes[entry + 9] = UInt8(value)
    let upright = try PictureDecoder.decode(bytes)
    let expected = F.quadrantColors(upright)
    let box = PixelSize(width: 600, height: 600)
    let (stored, orientation) = try #require(
      try JPEGCodec.embeddedSize(of: bytes, fitting: box, limits: .fromEnvironment))
    #expect(orientation.value == value)
    let surface = { try PictureSurface(undecodedJPEG: bytes[...], size: stored, orientation: orientation) }
    try withPDF(of: surface) { pdf, folder in
      let extracted = folder.appendingPathComponent("out").path
      _ = try PopplerTools.run("/usr/bin/pdfimages", ["-all", pdf, extracted])
      #expect(try Data(contentsOf: URL(fileURLWithPath: extracted + "-000.jpg")) == Data(bytes))
      let page = try PopplerTools.firstPage(ofPDF: Array(try Data(contentsOf: URL(fileURLWithPath: pdf))), dpi: 72)
      // The picture fills (20, 20)–(180, 140); the quadrants' centres.
      let probes = [(60.0, 50.0), (140.0, 50.0), (60.0, 110.0), (140.0, 110.0)]
      for (index, probe) in probes.enumerated() {
        let found = page[probe]
        let argb = 0xFF00_0000 | UInt32(found.r) << 16 | UInt32(found.g) << 8 | UInt32(found.b)
        #expect(F.close(argb, expected[index]), "orientation \(value), quadrant \(index): \(String(argb, radix: 16))")
      }
    }
  }

  /// Draws `picture` on a PDF page with cairo and hands the file to `body`.
  private func withPDF(
    of picture: DecodedPicture, originalJPEG: [UInt8], _ body: (String, URL) throws -> Void
  ) throws {
    try withPDF(of: { try PictureSurface(picture, originalJPEG: originalJPEG[...]) }, body)
  }

  /// Draws the surface `make` returns on a PDF page with cairo and hands the file to `body`.
  private func withPDF(of make: () throws -> PictureSurface, _ body: (String, URL) throws -> Void) throws {
    try TemporaryFolder.with { folder in
      let pdf = folder.appendingPathComponent("picture.pdf").path
      let page = try #require(cairo_pdf_surface_create(pdf, 200, 200))
      // Cairo 1.16 dates a PDF by the clock, ignoring SOURCE_DATE_EPOCH: two files written a
      // second apart would differ in that date alone.
      cairo_pdf_surface_set_metadata(page, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
      let cairo = try #require(cairo_create(page))
      try make().paint(
        in: cairo, rect: Rect(x: 20, y: 20, width: 160, height: 120))
      cairo_destroy(cairo)
      cairo_surface_finish(page)
      #expect(cairo_surface_status(page) == CAIRO_STATUS_SUCCESS)
      cairo_surface_destroy(page)
      try body(pdf, folder)
    }
  }

  /// The one row `pdfimages -list` prints for the PDF's only image, split into columns.
  private func onlyImage(in pdf: String) throws -> [Substring] {
    let (listing, rows) = try PopplerTools.images(inPDFAt: pdf)
    #expect(rows.count == 1, "\(listing)")
    return try #require(rows.first)
  }
}
