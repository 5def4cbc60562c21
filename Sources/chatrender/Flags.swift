/// The command-line flags: one table drives parsing and both help texts.
struct Flag {
  enum Category: String, CaseIterable {
    case input = "INPUT"
    case output = "OUTPUT"
    case appearance = "APPEARANCE"
    case batch = "BATCH"
    case other = "OTHER"
  }

  let name: String
  let short: Character?
  /// The value's placeholder, or nil for a switch.
  let value: String?
  let category: Category
  let help: String
  /// The commands that accept it.
  let commands: Set<Command>

  var takesValue: Bool { value != nil }
}

/// The subcommands.
enum Command: String, CaseIterable {
  case render, parse, formats, themes, theme
}

extension Flag {
  private static let reading: Set<Command> = [.render, .parse]

  static let all: [Flag] = [
    Flag(name: "output", short: "o", value: "PATH", category: .output,
      help: "output file, folder (several inputs or formats), or '-' for stdout", commands: [.render, .parse]),
    Flag(name: "format", short: "f", value: "FMT", category: .output,
      help: "png, pdf or svg; several as png,pdf (default: from -o's extension, else png)", commands: [.render]),
    Flag(name: "scale", short: nil, value: "N", category: .output,
      help: "pixels per point for PNG, e.g. 2 for retina (default 1)", commands: [.render]),
    Flag(name: "page-size", short: nil, value: "SIZE", category: .output,
      help: "PDF paper: A4, Letter, or WxH with mm, in or pt (default: the theme's)", commands: [.render]),
    Flag(name: "max-height", short: nil, value: "PX", category: .output,
      help: "split PNGs taller than this into numbered images (default 32767)", commands: [.render]),
    Flag(name: "page-height", short: nil, value: "PX", category: .output,
      help: "cut PNGs and SVGs into images this many pixels high, between messages (e.g. 2532)", commands: [.render]),
    Flag(name: "split-by", short: nil, value: "PERIOD", category: .output,
      help: "one file per day, week or month, named after it (chat-2025-03.pdf)", commands: [.render]),
    Flag(name: "evidence", short: nil, value: nil, category: .output,
      help: "add the source's SHA-256, message count, first and last times and version (PDF footer and metadata, PNG text)", commands: [.render]),
    Flag(name: "input-format", short: "i", value: "NAME", category: .input,
      help: "read inputs as this format (default: detect; see 'chatrender formats')", commands: reading),
    Flag(name: "me", short: nil, value: "NAME", category: .input,
      help: "the participant drawn as sent, on the right (repeatable)", commands: reading),
    Flag(name: "chat", short: nil, value: "NAME", category: .input,
      help: "the chat, channel or conversation to take from an export of several", commands: reading),
    Flag(name: "list", short: nil, value: nil, category: .input,
      help: "list the chats in the input instead of parsing it", commands: [.parse]),
    Flag(name: "from", short: nil, value: "DATE", category: .input,
      help: "keep messages on or after YYYY-MM-DD", commands: reading),
    Flag(name: "to", short: nil, value: "DATE", category: .input,
      help: "keep messages on or before YYYY-MM-DD", commands: reading),
    Flag(name: "last", short: nil, value: "N", category: .input,
      help: "keep only the last N messages", commands: reading),
    Flag(name: "redact", short: nil, value: nil, category: .input,
      help: "rename people Person A, B…; mask phone numbers, e-mails and links", commands: reading),
    Flag(name: "timezone", short: nil, value: "ZONE", category: .input,
      help: "show absolute times in this zone, e.g. Europe/Paris (default: local)", commands: reading),
    Flag(name: "theme", short: "t", value: "NAME|PATH", category: .appearance,
      help: "built-in theme or JSON theme file (default: default)", commands: [.render]),
    Flag(name: "width", short: "w", value: "PX", category: .appearance,
      help: "canvas width in points (default: the theme's)", commands: [.render]),
    Flag(name: "font", short: nil, value: "FAMILIES", category: .appearance,
      help: "font families, e.g. \"Noto Serif, Noto Serif CJK SC\"", commands: [.render]),
    Flag(name: "background", short: nil, value: "COLOR", category: .appearance,
      help: "canvas colour, e.g. #f0f0f0", commands: [.render]),
    Flag(name: "recursive", short: "r", value: nil, category: .batch,
      help: "walk folders recursively", commands: [.render]),
    Flag(name: "include", short: nil, value: "GLOB", category: .batch,
      help: "in folders, take files matching GLOB, e.g. '*.txt' (repeatable)", commands: [.render]),
    Flag(name: "jobs", short: "j", value: "N", category: .batch,
      help: "files rendered in parallel (default: the number of cores)", commands: [.render]),
    Flag(name: "shard", short: nil, value: "K/N", category: .batch,
      help: "render only the K-th of N equal shares of the inputs", commands: [.render]),
    Flag(name: "fail-fast", short: nil, value: nil, category: .batch,
      help: "stop at the first failed file", commands: [.render]),
    Flag(name: "quiet", short: "q", value: nil, category: .other,
      help: "print errors only", commands: [.render, .parse, .theme]),
    Flag(name: "verbose", short: "v", value: nil, category: .other,
      help: "print a line per file written", commands: [.render]),
    Flag(name: "color", short: nil, value: "WHEN", category: .other,
      help: "colour diagnostics: auto, always or never", commands: Set(Command.allCases)),
    Flag(name: "help", short: "h", value: nil, category: .other,
      help: "show help (-h short, --help long)", commands: Set(Command.allCases)),
    Flag(name: "version", short: nil, value: nil, category: .other,
      help: "show the version", commands: Set(Command.allCases)),
  ]

  static func named(_ name: String) -> Flag? { all.first { $0.name == name } }
  static func short(_ letter: Character) -> Flag? { all.first { $0.short == letter } }
}
