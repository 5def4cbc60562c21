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

  /// Reads an Ogg Opus file (WhatsApp's and Telegram's voice notes); nil for anything else.
  package static func read(_ bytes: [UInt8]) -> VoiceNote? {
    var error: Int32 = 0
    let file = bytes.withUnsafeBufferPointer { buffer in
      op_open_memory(buffer.baseAddress, buffer.count, &error)
    }
    guard let file else { return nil }
    defer { op_free(file) }
    // Opus decodes at 48 kHz whatever the source's rate.
    let total = op_pcm_total(file, -1)
    let duration = total > 0 ? Double(total) / 48_000 : nil
    guard let duration, duration <= longestDecoded else { return neutral(duration: duration) }
    return VoiceNote(duration: duration, peaks: peaks(of: file, samples: Int(total)))
  }

  /// The loudest sample of each of `bars` stretches, scaled so the loudest stretch is 1.
  private static func peaks(of file: OpaquePointer, samples: Int) -> [Double] {
    var loudest = [Double](repeating: 0, count: bars)
    var buffer = [Float](repeating: 0, count: 5760 * 2)
    var position = 0
    while true {
      let read = buffer.withUnsafeMutableBufferPointer { pointer in
        op_read_float_stereo(file, pointer.baseAddress, Int32(pointer.count))
      }
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
