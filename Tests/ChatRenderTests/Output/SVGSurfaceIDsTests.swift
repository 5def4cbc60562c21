import Testing

@testable import ChatRender

@Suite struct SVGSurfaceIDsTests {
  func renumbered(_ svg: String) -> String {
    String(decoding: SVGSurfaceIDs.renumbered(Array(svg.utf8)), as: UTF8.self)
  }

  @Test func picturesAreNumberedInOrderOfAppearanceEachPrefixOnItsOwn() {
    let svg = """
      <image id="image90"/><g id="surface80"><use xlink:href="#image90"/></g>\
      <image id="image98"/><use xlink:href="#surface80"/><use xlink:href="#image98"/>
      """
    #expect(
      renumbered(svg) == """
        <image id="image1"/><g id="surface1"><use xlink:href="#image1"/></g>\
        <image id="image2"/><use xlink:href="#surface1"/><use xlink:href="#image2"/>
        """)
  }

  @Test func otherNamesAndWordsStayAsTheyAre() {
    for svg in [
      ##"<use xlink:href="#glyph8-4"/><g clip-path="url(#clip3)"/>"##, ##"<text>"image12" and #surface</text>"##,
      ##"<g id="image"/><g id="images4"/><g id="image4x"/>"##,
    ] {
      #expect(renumbered(svg) == svg.replacingOccurrences(of: "\"image12\"", with: "\"image1\""))
    }
  }
}
