/// Reads any supported input into a `Transcript`: detects the format, parses it and decides
/// who "me" is.
public enum Importer {
  /// Every format, in detection order (FORMATS.md §0.5): the most specific first.
  public static let formats: [any TranscriptFormat] = FormatRegistry.all

  /// The format named `name` (as `--input-format` takes it).
  public static func format(named name: String) -> (any TranscriptFormat)? {
    formats.first { $0.name == name.lowercased() }
  }

  /// The first format whose detector accepts `input`.
  public static func detect(_ input: ImportInput) -> (any TranscriptFormat)? {
    formats.first { $0.detect(input) }
  }

  /// Reads `input` with `format` (or the detected one), then applies `options.me`.
  ///
  /// - Throws: `DiagnosticError` for malformed input or an input of no known format.
  public static func read(
    _ input: ImportInput, format: (any TranscriptFormat)? = nil, options: ImportOptions = ImportOptions(),
    warnings: inout [Diagnostic]
  ) throws -> Transcript {
    guard let chosen = format ?? detect(input) else {
      throw DiagnosticError(
        Diagnostic(
          severity: .error, message: "unrecognised chat format",
          location: input.file.map { SourceLocation(file: $0.path, line: 1, column: 1) },
          notes: ["choose one with --input-format (see 'chatrender formats')"]))
    }
    if let archive = input.tree as? ZipArchive { warnings += archive.warnings }
    var transcript = try chosen.parse(input, options: options, warnings: &warnings)
    try resolveMe(in: &transcript, options: options, path: input.path, warnings: &warnings)
    return transcript
  }

  /// Applies `--me` (which always wins), or warns when nobody is "me".
  static func resolveMe(
    in transcript: inout Transcript, options: ImportOptions, path: String,
    warnings: inout [Diagnostic]
  ) throws {
    if !options.me.isEmpty {
      let wanted = Set(options.me.map(normalizedName))
      let matches = transcript.participants.filter {
        wanted.contains(normalizedName($0.id)) || wanted.contains(normalizedName($0.name))
      }
      guard let first = matches.first else {
        throw DiagnosticError(
          Diagnostic(
            severity: .error,
            message: "--me \(options.me.map { "'\($0)'" }.joined(separator: ", ")) matches no participant",
            location: SourceLocation(file: path, line: 1, column: 1),
            notes: ["participants: " + participantList(transcript)]))
      }
      transcript.meID = first.id
      // Several ids may be "me" (a phone number and a name); merge them into the first.
      let others = Set(matches.dropFirst().map(\.id))
      if !others.isEmpty {
        for index in transcript.messages.indices
        where transcript.messages[index].authorID.map(others.contains) == true {
          transcript.messages[index].authorID = first.id
        }
        transcript.participants.removeAll { others.contains($0.id) }
      }
      return
    }
    let speakers = Set(transcript.messages.compactMap(\.authorID))
    if transcript.meID == nil, !speakers.isEmpty {
      warnings.append(
        Diagnostic(
          severity: .warning,
          message: "cannot tell who is 'me'; every message is drawn as received",
          location: SourceLocation(file: path, line: 1, column: 1),
          notes: [
            "participants: " + participantList(transcript),
            "choose with --me NAME",
          ]))
    }
  }

  /// "Ana (12 messages), Bo (3 messages)".
  static func participantList(_ transcript: Transcript) -> String {
    var counts: [String: Int] = [:]
    for message in transcript.messages { if let id = message.authorID { counts[id, default: 0] += 1 } }
    return transcript.participants.map { participant in
      let count = counts[participant.id, default: 0]
      return "\(participant.name) (\(count) message\(count == 1 ? "" : "s"))"
    }.joined(separator: ", ")
  }

  /// Lowercased, without invisible marks (`InvisibleMarks`) and a leading `~`, with any space
  /// as U+0020 and U+2011 as `-`.
  public static func normalizedName(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars where !InvisibleMarks.contains(scalar) {
      if scalar.value == 0x2011 {
        scalars.append("-")
      } else {
        scalars.append(InvisibleMarks.isSpace(scalar) ? " " : scalar)
      }
    }
    var text = String(scalars).trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("~") { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
    return text.lowercased()
  }
}

import Foundation
