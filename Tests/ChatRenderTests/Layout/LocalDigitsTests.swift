import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Lengths we write ourselves (a voice note's, a call's) use the locale's digits, as its times
/// do (issue 42: an Arabic document's voice-note length kept Latin digits).
@Suite struct LocalDigitsTests {
  @Test func lengthsFollowTheLocalesDigits() throws {
    let arabic = LocalizedLabels(try #require(TextLocale.named("ar_EG")))
    #expect(arabic.localDigits(BlockBuilder.clock(65)) == "١:٠٥")
    #expect(
      arabic.localDigits("1:02:03") == arabic.number(1) + ":" + arabic.number(0) + arabic.number(2) + ":"
        + arabic.number(0) + arabic.number(3))
    let english = LocalizedLabels(try #require(TextLocale.named("en_US")))
    #expect(english.localDigits(BlockBuilder.clock(65)) == "1:05")
    let persian = LocalizedLabels(try #require(TextLocale.named("fa_IR")))
    #expect(persian.localDigits("1:05") == "۱:۰۵")
  }
}
