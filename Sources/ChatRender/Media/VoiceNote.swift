import COpus
import Foundation

/// What a voice note shows: its length and the loudness of its stretches, as the apps draw
/// it (a play button, a waveform and "0:12", no file name).
package struct VoiceNote: Sendable, Hashable {
  /// Seconds, when known.
  package var duration: Double?
  /// The loudness of `Self.bars` equal stretches, each from 0 to 1.
  package var peaks: [Double]

  /// The bars a waveform has, whatever the note's length.
  package static let bars = 32
  /// Notes longer than this are not decoded for their waveform (a stranger's hour of audio
  /// would cost a minute of decoding); their length still comes from the header.
  static let longestDecoded = 15.0 * 60

  /// The waveform drawn when the audio gives none: a shape made from `seed` (the file's
  /// bytes, else its name and length: `seed(of:)`, `seed(name:duration:)`), so two notes look
  /// apart and each looks the same in every run and on every machine.
  package static func neutral(duration: Double?, seed: UInt64) -> VoiceNote {
    var state = seed
    // SplitMix64: a few lines, and the same numbers everywhere (Swift's generators are not).
    func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((mixed ^ (mixed >> 31)) >> 11) / Double(1 << 53)
    }
    let raw = (0..<bars).map { _ in next() }
    // Neighbours smoothed together, as speech rises and falls over a few bars.
    let smooth = raw.indices.map { index in
      (raw[max(0, index - 1)] + 2 * raw[index] + raw[min(bars - 1, index + 1)]) / 4
    }
    let top = smooth.max() ?? 1
    return VoiceNote(duration: duration, peaks: smooth.map { max(0.12, 0.15 + 0.85 * $0 / top) })
  }

  /// A seed for `neutral` from a file's bytes (64-bit FNV-1a).
  package static func seed(of bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
  }

  /// A seed for `neutral` from what the export says of a note it did not ship.
  package static func seed(name: String?, duration: Double?) -> UInt64 {
    // A Double's description is the same everywhere, and any length (even 1e300) has one.
    seed(of: Array("\(name ?? "")|\(duration.map { "\($0)" } ?? "")".utf8))
  }

  /// The waveform an export gives (Discord's voice messages carry one): its `levels`, any
  /// number from 0 to 1, gathered into `bars` stretches and scaled so the loudest is 1; nil
  /// for none.
  package static func exported(_ levels: [Double], duration: Double?) -> VoiceNote? {
    guard !levels.isEmpty else { return nil }
    var loudest = [Double](repeating: 0, count: bars)
    for (index, level) in levels.enumerated() {
      let bar = min(bars - 1, index * bars / levels.count)
      loudest[bar] = max(loudest[bar], min(max(level, 0), 1))
    }
    // Fewer levels than bars: a bar with none of its own takes the one before.
    for bar in 1..<bars where loudest[bar] == 0 && levels.count < bars { loudest[bar] = loudest[bar - 1] }
    let top = loudest.max() ?? 0
    guard top > 0 else { return VoiceNote(duration: duration, peaks: loudest.map { _ in 0.08 }) }
    return VoiceNote(duration: duration, peaks: loudest.map { max(0.08, $0 / top) })
  }

  /// Why a voice note's audio gives no waveform of its own.
  package enum Problem: Error, Equatable, CustomStringConvertible {
    /// The file is empty.
    case empty
    /// Neither Ogg Opus nor another audio format (a JPEG, text).
    case notAudio
    /// Ogg Opus that cannot be read through (cut short, damaged).
    case damaged
    /// Audio of another format (AAC, MP3, CAF, Vorbis…): drawn neutral, and not a fault.
    case otherFormat
    /// The render's audio budget (`Limit.audioSeconds`) would be passed by this note of
    /// `duration` seconds.
    case overBudget(duration: Double)

    package var description: String {
      switch self {
      case .empty: return "the file is empty"
      case .notAudio: return "the file is not audio"
      case .damaged: return "the Opus audio is damaged or cut short"
      case .otherFormat: return "the audio is not Opus"
      case .overBudget: return "the render's audio budget is spent"
      }
    }
  }

  /// Reads an Ogg Opus file (WhatsApp's and Telegram's voice notes). `mayDecode` is asked,
  /// with the note's length in seconds, before its audio is decoded (the render's budget);
  /// when it says no, the note is `Problem.overBudget` and costs nothing.
  package static func read(
    _ bytes: [UInt8], mayDecode: (Double) -> Bool = { _ in true }
  ) throws(Problem) -> VoiceNote {
    guard !bytes.isEmpty else { throw .empty }
    var error: Int32 = 0
    let file = bytes.withUnsafeBufferPointer { buffer in
      op_open_memory(buffer.baseAddress, buffer.count, &error)
    }
    guard let file else { throw isOpus(bytes) ? .damaged : isOtherAudio(bytes) ? .otherFormat : .notAudio }
    defer { op_free(file) }
    // Opus decodes at 48 kHz whatever the source's rate.
    let total = op_pcm_total(file, -1)
    guard total > 0 else { throw .damaged }
    let duration = Double(total) / 48_000
    guard duration <= longestDecoded else { return neutral(duration: duration, seed: seed(of: bytes)) }
    guard mayDecode(duration) else { throw .overBudget(duration: duration) }
    guard let peaks = peaks(of: file, samples: Int(total)) else { throw .damaged }
    return VoiceNote(duration: duration, peaks: peaks)
  }

  /// Whether `bytes` start as Ogg with an Opus header in the first page.
  private static func isOpus(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array("OggS".utf8)) && bytes.count >= 36 && Array(bytes[28..<36]) == Array("OpusHead".utf8)
  }

  /// Whether `bytes` start as an audio file of another format: Ogg (Vorbis), MP3 (ID3 or a
  /// frame), AAC (ADTS), MP4/M4A, CAF, AMR, WAV, AIFF, FLAC.
  private static func isOtherAudio(_ bytes: [UInt8]) -> Bool {
    let starts = ["OggS", "ID3", "caff", "#!AMR", "RIFF", "FORM", "fLaC"]
    if starts.contains(where: { bytes.starts(with: Array($0.utf8)) }) { return true }
    if bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) { return true }
    return bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0  // an MPEG or ADTS frame
  }

  /// The loudest sample of each of `bars` stretches, scaled so the loudest stretch is 1; nil
  /// when the audio cannot be decoded through.
  private static func peaks(of file: OpaquePointer, samples: Int) -> [Double]? {
    var loudest = [Double](repeating: 0, count: bars)
    var buffer = [Float](repeating: 0, count: 5760 * 2)
    var position = 0
    while true {
      let read = buffer.withUnsafeMutableBufferPointer { pointer in
        op_read_float_stereo(file, pointer.baseAddress, Int32(pointer.count))
      }
      // A hole (a lost page) is skipped, as players do; any other error is damage.
      if read == OP_HOLE { continue }
      if read < 0 { return nil }
      guard read > 0 else { break }
      for frame in 0..<Int(read) {
        let value = Double(max(abs(buffer[2 * frame]), abs(buffer[2 * frame + 1])))
        let bar = min(bars - 1, (position + frame) * bars / max(samples, 1))
        loudest[bar] = max(loudest[bar], value)
      }
      position += Int(read)
    }
    let top = loudest.max() ?? 0
    // Silence is drawn as what it is: the lowest bars.
    guard top > 0 else { return loudest.map { _ in 0.08 } }
    return loudest.map { max(0.08, $0 / top) }
  }
}
