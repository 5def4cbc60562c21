import Foundation
import Synchronization

/// Every limit ChatRender puts on what it reads, in one table: the README's "Limits" table
/// lists the same rows. A file made by a stranger can claim anything; past these, reading
/// stops with an error naming the limit instead of exhausting memory, time or the stack.
///
/// Limits that a real export may need raised have an environment variable (a number of
/// bytes or pixels; `k`, `m` and `g` suffixes multiply by 1024, 1024² and 1024³), which the
/// command line reads and hands over with `adopt(_:)`: the library reads no environment.
package enum Limit: CaseIterable, Sendable {
  /// The widest and tallest image cairo makes, in pixels: PNG pages and decoded pictures
  /// stay within it.
  package static let imageSide = 32767

  /// The bytes of one input file (or stdin) read into memory.
  case inputSize
  /// The bytes unpacked from one zip archive in all, across all its entries.
  case archiveSize
  /// The bytes unpacked from one zip entry.
  case archiveEntrySize
  /// Arrays and objects inside one another in a JSON document (the parser recurses).
  case nestingDepth
  /// The pixels of one picture, once decoded (width × height); enforced where pictures are
  /// decoded.
  case picturePixels
  /// The bytes of one theme file.
  case themeSize
  /// Theme files in one `extends` chain.
  case themeChainLength
  /// Font families a theme lists (each is looked up for every piece of text).
  case fontFamilies
  /// The bytes of one SQLite database (an iMessage `chat.db`), read in place, page by page.
  case databaseSize
  /// The bytes of one typedstream (an iMessage `attributedBody`).
  case typedStreamSize
  /// Objects, arrays and structs inside one another in a typedstream (the decoder recurses).
  case typedStreamNesting
  /// Values one typedstream may build in all (an array of arrays of elements that read no
  /// byte multiplies across its nesting).
  case typedStreamValues
  /// The seconds a voice or video recording may last; a longer one is taken to have no length.
  case recordingLength
  /// Unicode scalars of a chat's title or a person's name drawn (`LineCut`): a title is a
  /// line, drawn on every page, not a book.
  case nameLength
  /// Seconds of voice notes' audio decoded for their waveforms in one render (one note is
  /// decoded only up to `VoiceNote.longestDecoded`; this bounds a chat of many).
  case audioSeconds
  /// Scans of one progressive JPEG (each a full pass over the picture), decoded or embedded.
  case jpegScans
  /// Pixels of pictures decoded in one render, all together (a JPEG counted at the scale it
  /// is decoded at); past it, pictures are placeholders.
  case renderPicturePixels
  /// The pages of one Telegram HTML export (`messages.html`, `messages2.html`, …), a
  /// thousand messages each.
  case htmlPages
  /// The pages of one Google Voice export (`Voice/Calls/*.html`, one per conversation or call).
  case voicePages

  /// What the limit counts, for messages and the README.
  package var subject: String {
    switch self {
    case .inputSize: return "input file size"
    case .archiveSize: return "bytes unpacked from one archive"
    case .archiveEntrySize: return "size of one archive entry"
    case .nestingDepth: return "JSON nesting depth"
    case .picturePixels: return "pixels of one picture"
    case .themeSize: return "theme file size"
    case .themeChainLength: return "theme 'extends' chain length"
    case .fontFamilies: return "font families in a theme"
    case .databaseSize: return "database file size"
    case .typedStreamSize: return "size of one typedstream"
    case .typedStreamNesting: return "typedstream nesting depth"
    case .typedStreamValues: return "values in one typedstream"
    case .recordingLength: return "seconds of one voice or video recording"
    case .nameLength: return "characters of a title or a name"
    case .audioSeconds: return "seconds of audio decoded in one render"
    case .jpegScans: return "progressive scans of one JPEG"
    case .renderPicturePixels: return "pixels of pictures decoded in one render"
    case .htmlPages: return "pages of one HTML export (messagesN.html)"
    case .voicePages: return "pages of one Google Voice export (Voice/Calls/*.html)"
    }
  }

  /// The limit when its environment variable is not set (bytes, pixels or a count).
  package var defaultValue: Int {
    switch self {
    case .inputSize: return 1 << 30
    case .archiveSize: return 4 << 30
    case .archiveEntrySize: return 1 << 30
    case .nestingDepth: return 512
    case .picturePixels: return 50_000_000
    case .themeSize: return 1 << 20
    case .themeChainLength: return 32
    case .fontFamilies: return 64
    case .databaseSize: return 16 << 30
    case .typedStreamSize: return 4 << 20
    case .typedStreamNesting: return 64
    case .typedStreamValues: return 1_000_000
    case .recordingLength: return 7 * 86_400
    case .nameLength: return 256
    case .audioSeconds: return 3600
    case .jpegScans: return 500
    case .renderPicturePixels: return 2_000_000_000
    case .htmlPages: return 10_000
    case .voicePages: return 200_000
    }
  }

  /// The variable that raises (or lowers) the limit; nil for limits no real file comes near.
  package var environmentVariable: String? {
    switch self {
    case .inputSize: return "CHATRENDER_MAX_INPUT_BYTES"
    case .archiveSize: return "CHATRENDER_MAX_ARCHIVE_BYTES"
    case .archiveEntrySize: return "CHATRENDER_MAX_ENTRY_BYTES"
    case .picturePixels: return "CHATRENDER_MAX_PICTURE_PIXELS"
    case .databaseSize: return "CHATRENDER_MAX_DATABASE_BYTES"
    case .audioSeconds: return "CHATRENDER_MAX_AUDIO_SECONDS"
    case .renderPicturePixels: return "CHATRENDER_MAX_RENDER_PIXELS"
    case .htmlPages: return "CHATRENDER_MAX_HTML_PAGES"
    case .voicePages: return "CHATRENDER_MAX_VOICE_PAGES"
    case .nestingDepth, .themeSize, .themeChainLength, .fontFamilies, .typedStreamSize, .typedStreamNesting,
      .typedStreamValues, .recordingLength, .nameLength, .jpegScans:
      return nil
    }
  }

  /// Whether the limit counts bytes (shown as KiB, MiB, GiB).
  package var countsBytes: Bool {
    switch self {
    case .inputSize, .archiveSize, .archiveEntrySize, .themeSize, .databaseSize, .typedStreamSize: return true
    default: return false
    }
  }

  /// The limit in force: the environment variable's value, else the default.
  package var value: Int { Limit.adopted.withLock { $0[self] } ?? defaultValue }

  /// "input file size over the 1 GiB limit (raise it with CHATRENDER_MAX_INPUT_BYTES)".
  package func exceededMessage(_ limit: Int? = nil) -> String {
    let amount = Limit.describe(limit ?? value, bytes: countsBytes)
    let raise = environmentVariable.map { " (raise it with \($0))" } ?? ""
    return "\(subject) over the \(amount) limit\(raise)"
  }

  /// The limit's value shown for people: "1 GiB", "50,000,000".
  package static func describe(_ amount: Int, bytes: Bool) -> String {
    guard bytes else { return grouped(amount) }
    for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
    where amount >= size && amount % size == 0 {
      return "\(grouped(amount / size)) \(unit)"
    }
    return "\(grouped(amount)) bytes"
  }

  private static func grouped(_ amount: Int) -> String {
    var digits = String(amount)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }

  /// The limit variables set in `environment` to something that is not a positive count:
  /// a program should refuse to run rather than go on with the default unnoticed.
  package static func invalidSettings(in environment: [String: String]) -> [(limit: Limit, value: String)] {
    allCases.compactMap { limit in
      guard let name = limit.environmentVariable, let text = environment[name], parse(text) == nil
      else { return nil }
      return (limit, text)
    }
  }

  /// What the environment variable takes: "a number of bytes; k, m or g multiply it by …".
  package var valueSyntax: String {
    (countsBytes ? "a number of bytes" : "a number") + "; k, m or g multiply it by 1024, 1024² or 1024³"
  }

  /// The values a program set from its environment (`adopt(_:)`); the defaults elsewhere.
  private static let adopted = Mutex<[Limit: Int]>([:])

  /// Uses the limits `environment` sets (the command line passes its own); values that are
  /// not counts are left out (`invalidSettings(in:)` finds them first).
  package static func adopt(_ environment: [String: String]) {
    var values: [Limit: Int] = [:]
    for limit in Limit.allCases {
      guard let name = limit.environmentVariable, let text = environment[name] else { continue }
      if let amount = parse(text) { values[limit] = amount }
    }
    adopted.withLock { $0 = values }
  }

  /// "1048576", "512m", "2G": a positive count with an optional binary suffix.
  static func parse(_ text: String) -> Int? {
    var digits = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
    var factor = 1
    for (suffix, size) in [("k", 1 << 10), ("m", 1 << 20), ("g", 1 << 30)]
    where digits.hasSuffix(suffix) {
      factor = size
      digits = digits.dropLast()
    }
    guard let number = Int(digits), number > 0 else { return nil }
    let (product, overflow) = number.multipliedReportingOverflow(by: factor)
    return overflow ? Int.max : product
  }
}
