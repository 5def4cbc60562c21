import Foundation

/// How a long chat is cut into parts, each a file of its own (issue 42): by calendar period
/// (`--split-by`), every N messages (`--split-every`) or at about N bytes of PDF
/// (`--split-size`). Parts are cut between messages, and system notices count as messages,
/// as `--last` counts them.
package enum TranscriptSplit: Sendable, Hashable {
  case period(TranscriptPeriod)
  case messages(Int)
  case bytes(Int)

  /// One part: its name for the file (`2025-03`, `part-03`), its messages, and where they
  /// stand in the whole chat (numbers from 1).
  package struct Part: Sendable {
    package var name: String
    package var transcript: Transcript
    package var firstMessage: Int
    package var lastMessage: Int
  }

  /// What an estimate of a PDF counts for one message besides its text and pictures: its
  /// bubble, time and name as drawn, in bytes (measured on the samples: about 350).
  static let bytesPerMessage = 350
  /// What a PDF holds whatever its messages: fonts, metadata, the first page's header.
  static let bytesPerDocument = 60_000
  /// A picture whose size nobody knows, counted as a phone's photo.
  static let bytesPerUnknownPicture = 150_000

  /// `transcript` cut into parts, in order; one part (named "") when there is nothing to cut.
  package func parts(of transcript: Transcript, timeZone: TimeZone) -> [Part] {
    switch self {
    case .period(let period):
      var next = 1
      return period.split(transcript, timeZone: timeZone).map { named in
        defer { next += named.transcript.messages.count }
        return Part(
          name: named.name, transcript: named.transcript, firstMessage: next,
          lastMessage: next + named.transcript.messages.count - 1)
      }
    case .messages(let count):
      return Self.cut(transcript, at: Self.runs(of: transcript.messages.count, every: max(1, count)))
    case .bytes(let budget):
      return Self.cut(transcript, at: Self.runs(of: transcript.messages.map(Self.estimatedBytes), within: budget))
    }
  }

  /// Lengths of runs of `count` items, `size` each, the last shorter.
  private static func runs(of count: Int, every size: Int) -> [Int] {
    stride(from: 0, to: count, by: size).map { min(size, count - $0) }
  }

  /// Lengths of runs of items whose sizes stay within `budget` with a document's own bytes;
  /// an item larger than the budget is a run of its own.
  private static func runs(of sizes: [Int], within budget: Int) -> [Int] {
    var runs: [Int] = []
    var length = 0
    var bytes = bytesPerDocument
    for size in sizes {
      if length > 0, bytes + size > budget {
        runs.append(length)
        (length, bytes) = (0, bytesPerDocument)
      }
      length += 1
      bytes += size
    }
    if length > 0 { runs.append(length) }
    return runs
  }

  /// The parts of `transcript` holding runs of these lengths, named `part-1`… (zero-padded to
  /// the count's digits, two at least); the whole chat as one part when there is one run.
  private static func cut(_ transcript: Transcript, at runs: [Int]) -> [Part] {
    let whole = transcript.keepingSpeakers()
    guard runs.count > 1 else {
      return [Part(name: "", transcript: whole, firstMessage: 1, lastMessage: whole.messages.count)]
    }
    let digits = max(2, String(runs.count).count)
    var start = 0
    return runs.enumerated().map { index, length in
      let part = whole.cut(to: Array(whole.messages[start..<start + length]))
      defer { start += length }
      let number = String(index + 1)
      let padded = String(repeating: "0", count: max(0, digits - number.count)) + number
      return Part(name: "part-" + padded, transcript: part, firstMessage: start + 1, lastMessage: start + length)
    }
  }

  /// About what `message` adds to a PDF: its text, its bubble, and the pictures embedded.
  static func estimatedBytes(_ message: Message) -> Int {
    var bytes = bytesPerMessage + message.text.utf8.count
    for attachment in message.extras.attachments where [.image, .sticker].contains(attachment.kind) {
      guard attachment.source != nil, !attachment.isRedacted else { continue }
      bytes += attachment.byteCount ?? bytesPerUnknownPicture
    }
    return bytes
  }

  /// A size as `--split-size` takes it: `20MB`, `1.5GB`, `500KB`, `800kB`, `2MiB`, `1000000`
  /// (bytes); units of 1,000 (KB, MB, GB) or 1,024 (KiB, MiB, GiB), in any case. Nil for
  /// anything else, or under 1 KB.
  package static func parseSize(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let units: [(suffix: String, factor: Double)] = [
      ("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024),
      ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000), ("b", 1), ("", 1),
    ]
    guard let unit = units.first(where: { trimmed.hasSuffix($0.suffix) }) else { return nil }
    let number = trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(number), value.isFinite
    else { return nil }
    let bytes = value * unit.factor
    guard bytes >= 1000, bytes < Double(Int.max / 2) else { return nil }
    return Int(bytes)
  }
}
