import Testing

@testable import ChatRender

/// One table of extensions for every importer (issue 38): what each judges a named file to be.
@Suite struct FileTypesTests {
  @Test(arguments: [
    ("IMG_0001.JPG", ChatRender.Attachment.Kind.image), ("https://cdn.example/a/photo.webp?size=2048", .image),
    ("clip.3gp", .video), ("Voice 2.m4a", .audio), ("PTT-20240101-WA0001.opus", .audio),
    ("Anna.vcf", .contact), ("report.pdf", .file), ("archive.d/README", .file), ("no-extension", .file),
  ])
  func judgesKindByExtension(name: String, kind: ChatRender.Attachment.Kind) {
    #expect(FileTypes.kind(ofFile: name) == kind)
  }

  @Test func namesMimeTypesItKnows() {
    #expect(FileTypes.mimeType(ofFile: "a.HEIC") == "image/heic")
    #expect(FileTypes.mimeType(ofFile: "a.vcf") == "text/vcard")
    #expect(FileTypes.mimeType(ofFile: "a.unknownext") == nil)
  }
}
