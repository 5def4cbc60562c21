import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// SMS backups built to be slow: cost must stay linear in the file.
@Suite struct HostileXMLTests {
  func backup(_ record: String) throws -> ImportInput {
    let xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"1\">\n\(record)\n</smses>\n"
    return ImportInput(file: try SourceFile(path: "sms.xml", bytes: Array(xml.utf8)))
  }

  func read(_ input: ImportInput) throws -> Transcript {
    try ImportFixtures.read(input, as: SMSBackupFormat()).0
  }

  @Test func manyAttributesOnOneElementAreReadInLinearTime() throws {
    // 500,000 took minutes: each was compared with all before it.
    let extra = (0..<100_000).map { "x\($0)=\"1\"" }.joined(separator: " ")
    let input = try backup(
      "<sms protocol=\"0\" address=\"+14155550142\" date=\"1710523200123\" type=\"1\" body=\"hi\" \(extra)/>")
    #expect(try read(input).messages.map(\.text) == ["hi"])
  }

  @Test func aDuplicateAttributeIsStillAnError() throws {
    let input = try backup("<sms type=\"1\" body=\"a\" type=\"2\"/>")
    #expect {
      try read(input)
    } throws: { error in
      (error as? DiagnosticError)?.diagnostics.first?.message == "duplicate attribute 'type' in <sms>"
    }
  }

  @Test func manyCharacterReferencesAreDecodedInLinearTime() throws {
    // 2,000,000 took minutes.
    let body = String(repeating: "&#65;&#x1F600;&amp;", count: 200_000)
    let input = try backup(
      "<sms protocol=\"0\" address=\"+14155550142\" date=\"1710523200123\" type=\"1\" body=\"\(body)\"/>")
    let text = try read(input).messages.first?.text ?? ""
    #expect(text.unicodeScalars.count == 600_000)
    #expect(text.hasPrefix("A😀&A"))
  }
}
