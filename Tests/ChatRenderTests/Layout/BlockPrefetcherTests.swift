import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A document laid out on two threads (`PageIterator.buildsAhead`) has the same pages as on
/// one, long messages cut across pages included.
extension PageFurnitureTests {
  /// Four days of short messages, with a message of some 60 lines now and then.
  func longChat() throws -> Transcript {
    var source = ""
    for day in 1...4 {
      for index in 0..<50 {
        let minute = index < 10 ? "0\(index)" : "\(index)"
        let text =
          index % 17 == 5
          ? Array(repeating: "a long message cut across the pages of the document", count: 25).joined(separator: " ")
          : "message \(index) of day \(day)"
        source += "[2025-03-0\(day) 10:\(minute)] " + (index % 3 == 0 ? "> " : "< ") + text + "\n"
      }
    }
    return try transcript(source)
  }

  func documentPages(_ chat: Transcript, helper: FixedAdvanceMeasurer?) -> [LaidOutPage] {
    let summary = DocumentSummary(chat, title: "Lunch", timeZone: Self.utc, creator: "chatrender test")
    let helperStarted = DispatchSemaphore(value: 0)
    let measurer: any TextMeasurer =
      helper == nil ? FixedAdvanceMeasurer() : GatedMeasurer(waitingFor: helperStarted)
    var iterator = ConversationLayout(
      theme: .default, measurer: measurer,
      options: LayoutOptions(pagination: .paper, timeZone: Self.utc, document: summary)
    ).pages(of: chat)
    if let helper { iterator.buildsAhead(with: GatedMeasurer(helper, signalling: helperStarted)) }
    var numbered = NumberedPages(iterator) { _ in }
    var pages: [LaidOutPage] = []
    while let page = numbered.next() { pages.append(page) }
    return pages
  }

  @Test("laid out on two threads, a document's pages are those of one, long messages cut alike")
  func twoThreadLayout() throws {
    let chat = try longChat()
    let alone = documentPages(chat, helper: nil)
    #expect(alone.count > 5)
    for _ in 0..<3 {
      let helper = FixedAdvanceMeasurer()
      #expect(documentPages(chat, helper: helper) == alone)
      #expect(helper.measured > 0)
    }
  }

  @Test("a PDF laid out on two threads has the bytes of one laid out on one (real fonts)")
  func twoThreadPDFBytes() throws {
    var source = ""
    for index in 0..<400 {
      let texts = [
        "see https://files.example.com/s/v3/view?id=HsTZihnORBdhSrP0BbdyP8OeJ8l8caEIZ42Lln32Hhtn5RXhmvfN8r0Xcwjrm7S7MJnJ\(index)",
        "孩子们在公园里玩得很开心，晚饭做了你最喜欢的红烧肉 🙂", "مرحبا، كيف حالك اليوم؟", "ok 👍",
        "The printer at work jammed twice before lunch and nobody knows how to fix it.",
      ]
      source += "[2025-03-0\(1 + index / 100) 1\(index % 10):\(10 + index % 50)] "
      source += (index % 2 == 0 ? "> " : "< ") + texts[index % texts.count] + "\n"
    }
    let chat = try transcript(source)
    #expect(chat.messages.reduce(0) { $0 + $1.text.utf8.count } >= ChatRenderer.textWorthASecondThread)
    func pdf(twoThreads: Bool) throws -> [UInt8] {
      var options = ExportOptions(
        format: .pdf, timeZone: Self.utc, writesPDFPagesConcurrently: false, laysOutPDFConcurrently: twoThreads)
      options.creationDate = Date(timeIntervalSince1970: 0)
      return try #require(try ChatRenderer(options: options).render(chat).first)
    }
    let alone = try pdf(twoThreads: false)
    for _ in 0..<3 { #expect(try pdf(twoThreads: true) == alone) }
  }
}

/// Measures as a `FixedAdvanceMeasurer`, and at its first measurement either waits for a gate
/// (the layout's thread) or opens it (the helper's): the layout then starts only once the
/// helper is at work, so the helper's blocks are used however the threads are scheduled.
private final class GatedMeasurer: TextMeasurer {
  private let measurer: FixedAdvanceMeasurer
  private let gate: DispatchSemaphore
  private let opensGate: Bool
  private var passed = false

  init(waitingFor gate: DispatchSemaphore) {
    measurer = FixedAdvanceMeasurer()
    self.gate = gate
    opensGate = false
  }

  init(_ measurer: FixedAdvanceMeasurer, signalling gate: DispatchSemaphore) {
    self.measurer = measurer
    self.gate = gate
    opensGate = true
  }

  func measure(_ text: StyledText, maxWidth: Double) -> TextMetrics {
    if !passed {
      passed = true
      if opensGate { gate.signal() } else { gate.wait() }
    }
    return measurer.measure(text, maxWidth: maxWidth)
  }
}
