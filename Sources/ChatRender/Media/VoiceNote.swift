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

  /// The waveform drawn when the audio cannot be read: the same gentle shape for every note.
  package static func neutral(duration: Double?) -> VoiceNote {
    let peaks = (0..<bars).map { index -> Double in
      let position = Double(index)
      return 0.35 + 0.25 * sin(position * 0.9) * sin(position * 0.37)
    }
    return VoiceNote(duration: duration, peaks: peaks)
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
    guard duration <= longestDecoded else { return neutral(duration: duration) }
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
    guard top > 0 else { return neutral(duration: nil).peaks }
    return loudest.map { max(0.08, $0 / top) }
  }
}
