import Foundation

/// Names transcript entries, as `--highlight` takes them: `N` or `N-M` (entries counted from 1,
/// system notices included, as `chatrender parse --numbered` prints them), `id:ID` (the
/// message's native id) or `text:WORDS` (every message containing all the words, in any case).
public enum MessageSelector: Sendable, Hashable, CustomStringConvertible {
  /// Entry numbers, counted from 1.
  case entries(ClosedRange<Int>)
  /// The messages whose native id (`Message.id`) is this.
  case id(String)
  /// Words that must all appear in the message's text.
  case text([String])

  /// Reads a selector as written on the command line.
  public init(parsing text: String) throws(MessageSelectorError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let id = Self.value(of: "id:", in: trimmed) {
      guard !id.isEmpty else { throw MessageSelectorError(selector: text, reason: "'id:' needs an id") }
      self = .id(id)
    } else if let words = Self.value(of: "text:", in: trimmed) {
      let split = words.split(whereSeparator: \.isWhitespace).map(String.init)
      guard !split.isEmpty else { throw MessageSelectorError(selector: text, reason: "'text:' needs words") }
      self = .text(split)
    } else {
      self = .entries(try Self.entries(trimmed, written: text))
    }
  }

  /// The selector as it is written.
  public var description: String {
    switch self {
    case .entries(let range):
      return range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    case .id(let id): return "id:\(id)"
    case .text(let words): return "text:" + words.joined(separator: " ")
    }
  }

  /// The indexes (from 0) of the messages of `transcript` it names, in order.
  public func indexes(in transcript: Transcript) -> [Int] {
    let messages = transcript.messages
    switch self {
    case .entries(let range):
      let first = range.lowerBound - 1
      let last = min(range.upperBound, messages.count) - 1
      return first <= last ? Array(first...last) : []
    case .id(let id):
      return messages.indices.filter { messages[$0].id == id }
    case .text(let words):
      return messages.indices.filter { index in
        words.allSatisfy { messages[index].text.range(of: $0, options: .caseInsensitive) != nil }
      }
    }
  }

  /// What follows `prefix` (any case), or nil when `text` does not start with it.
  private static func value(of prefix: String, in text: String) -> String? {
    guard text.lowercased().hasPrefix(prefix) else { return nil }
    return String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
  }

  /// `7` or `7-9`.
  private static func entries(_ text: String, written: String) throws(MessageSelectorError) -> ClosedRange<Int> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let numbers = parts.compactMap { part in
      part.allSatisfy(\.isASCII) ? Int(part) : nil
    }
    guard parts.count <= 2, numbers.count == parts.count else {
      throw MessageSelectorError(selector: written, reason: "expected N, N-M, id:ID or text:WORDS")
    }
    guard numbers.allSatisfy({ $0 >= 1 }) else {
      throw MessageSelectorError(selector: written, reason: "entries are counted from 1")
    }
    guard numbers[0] <= numbers[numbers.count - 1] else {
      throw MessageSelectorError(selector: written, reason: "the range ends before it starts")
    }
    return numbers[0]...numbers[numbers.count - 1]
  }
}

/// A selector that cannot be read.
public struct MessageSelectorError: Error, Sendable, CustomStringConvertible {
  /// The selector as written.
  public var selector: String
  /// What is wrong with it ("entries are counted from 1").
  public var reason: String

  /// `invalid selector '…': reason`.
  public var description: String { "invalid selector '\(selector)': \(reason)" }
}
