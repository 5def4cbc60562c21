import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct TypedStreamDecoderTests {
  @Test func readsTheStringAndRunsOfAnAttributedString() throws {
    let bytes = TypedStreamWriter.attributedString(
      "Hi 👋 ana", runs: [(6, [.part(0)]), (3, [.part(0), .mention("ana@example.com")])])
    // The header Messages writes: streamer 4, "streamtyped" (little-endian), system 1000.
    #expect(Array(bytes.prefix(16)) == [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03])
    let body = try #require(try AttributedBody.decode(bytes))
    #expect(body.text == "Hi 👋 ana")
    // The run lengths count UTF-16 units (👋 is two); spans count scalars.
    #expect(body.spans == [TextSpan(start: 5, length: 3, style: .mention("ana@example.com"))])
  }

  /// Blobs written by `scripts/make-imessage-sample.py`, an encoder apart from the tests' own.
  @Test func readsTheBlobsTheSampleScriptWrites() throws {
    let folder = ImportFixtures.path("typedstream")
    let plain = try #require(
      try AttributedBody.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/plain.typedstream")))))
    #expect(plain.text == "Hello from macOS 14 👋" && plain.spans.isEmpty)
    let marked = try #require(
      try AttributedBody.decode(
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/link-and-mention.typedstream")))))
    #expect(marked.text == "Ask @Ana about café.example/menu 🍰")
    #expect(
      marked.spans == [
        TextSpan(start: 4, length: 4, style: .mention("+15551234567")),
        TextSpan(start: 15, length: 17, style: .link("https://café.example/menu")),
      ])
  }

  @Test func sharesStringsAndClassesByReference() throws {
    let stream = try TypedStreamDecoder.decode(
      TypedStreamWriter.attributedString("a", runs: [(1, [.link("https://a.example")])]))
    let rootValue = try #require(stream.values.first?.first)
    let root = try #require(stream.object(rootValue))
    #expect(root.classNames == ["NSAttributedString", "NSObject"])
    let stringValue = try #require(root.contents.first?.first)
    let string = try #require(stream.object(stringValue))
    // NSString's superclass was written as a reference to NSObject, read back by name.
    #expect(string.classNames == ["NSString", "NSObject"])
    #expect(string.contents == [[.bytes(Array("a".utf8))]])
  }

  @Test func leavesOutTheMarksOfAttachments() throws {
    let body = try #require(try AttributedBody.decode(TypedStreamWriter.attributedString("\u{FFFC}photo")))
    #expect(body.text == "photo")
  }

  @Test func readsLongStringsWithTaggedLengths() throws {
    let text = String(repeating: "é", count: 300)
    let body = try #require(try AttributedBody.decode(TypedStreamWriter.attributedString(text)))
    #expect(body.text == text)
  }

  @Test(arguments: [5, 20, 60])
  func refusesTruncatedStreamsWithTheOffset(keep: Int) throws {
    let bytes = Array(TypedStreamWriter.attributedString("Hello there").prefix(keep))
    let failure = try #require(throws: TypedStreamDecoder.Failure.self) { _ = try TypedStreamDecoder.decode(bytes) }
    #expect(failure.offset <= keep)
  }

  @Test func refusesObjectsNestedPastTheLimit() throws {
    // An object whose only content is an object whose only content is… never closed.
    var writer = TypedStreamWriter()
    for _ in 0..<(Limit.typedStreamNesting.value + 5) {
      writer.group("@")
      writer.beginObject(["NSArray", "NSObject"])
    }
    let failure = try #require(throws: TypedStreamDecoder.Failure.self) {
      _ = try TypedStreamDecoder.decode(writer.bytes)
    }
    #expect(failure.reason == "typedstream nesting depth over the 64 limit")
  }

  @Test func refusesNestedTypeEncodingsPastTheLimit() throws {
    var writer = TypedStreamWriter()
    writer.group(String(repeating: "{a=", count: 100) + String(repeating: "}", count: 100))
    let failure = try #require(throws: TypedStreamDecoder.Failure.self) {
      _ = try TypedStreamDecoder.decode(writer.bytes)
    }
    #expect(failure.reason == "typedstream nesting depth over the 64 limit")
  }

  @Test func refusesReferencesToNothing() throws {
    var writer = TypedStreamWriter()
    writer.append([0xA0])  // shared string number 14, of none
    let failure = try #require(throws: TypedStreamDecoder.Failure.self) {
      _ = try TypedStreamDecoder.decode(writer.bytes)
    }
    #expect(failure == TypedStreamDecoder.Failure(reason: "reference to nothing", offset: 16))
  }

  @Test func refusesToBuildMoreValuesThanTheLimitAcrossNestedArrays() throws {
    // "!" reads no byte: each level multiplies the values built, 80⁵ from a few bytes.
    var writer = TypedStreamWriter()
    writer.group("[80[80[80[80[80!]]]]]")
    writer.append([UInt8](repeating: 0, count: 100))
    let failure = try #require(throws: TypedStreamDecoder.Failure.self) {
      _ = try TypedStreamDecoder.decode(writer.bytes)
    }
    #expect(failure.reason == "values in one typedstream over the 1,000,000 limit")
    // The 139 bytes of the issue, also a seed of the fuzz target.
    let fixture = try RegularFile.read(ImportFixtures.path("typedstream/nested-arrays.typedstream"))
    #expect(throws: TypedStreamDecoder.Failure.self) { _ = try TypedStreamDecoder.decode(fixture) }
  }

  @Test func appleDatesOfAnyInt64AreInstantsWithinTheCalendar() {
    for value in [Int64.min, Int64.min + 1, -100_000_000_000, Int64.max] {
      let date = AppleDate.date(value)
      #expect(date.map { abs($0.timeIntervalSince1970) < 2e10 } == true)
    }
  }

  @Test func refusesStreamsPastTheSizeLimit() throws {
    let bytes = [UInt8](repeating: 0, count: Limit.typedStreamSize.value + 1)
    let failure = try #require(throws: TypedStreamDecoder.Failure.self) { _ = try TypedStreamDecoder.decode(bytes) }
    #expect(failure.reason == "size of one typedstream over the 4 MiB limit")
  }

  @Test func aDamagedBodyFallsBackToTheTextWithOneWarning() throws {
    let folder = IMessageFixture.folder("damaged-body")
    let database = try TestMessagesDatabase(path: folder + "/chat.db")
    let ana = try database.handle("ana@example.com")
    let chat = try database.chat(identifier: "ana@example.com", handles: [ana])
    let damaged = Array(TypedStreamWriter.attributedString("Hello").prefix(30))
    for (index, guid) in ["A", "B"].enumerated() {
      try database.message(
        .init(
          chat: chat, guid: guid, text: "Hello \(guid)", attributedBody: damaged, handle: ana,
          date: IMessageFixture.minute(index)))
    }
    let (transcript, warnings) = try ImportFixtures.read(try ImportInput.open(folder + "/chat.db"))
    #expect(transcript.messages.map(\.text) == ["Hello A", "Hello B"])
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.message
        == "2 messages' attributedBody cannot be read (first: message 1, the stream ends too soon at byte 23); "
        + "the text is taken from 'text'")
  }
}
