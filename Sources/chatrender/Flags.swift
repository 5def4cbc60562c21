@_spi(Pages) import ChatRender

/// The command-line flags: one table drives parsing, the typed settings (`CommandSettings`)
/// and both help texts.
struct Flag: Sendable {
  enum Category: String, CaseIterable {
    case input = "INPUT"
    case output = "OUTPUT"
    case appearance = "APPEARANCE"
    case spotlight = "SPOTLIGHT"
    case batch = "BATCH"
    case server = "SERVER"
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
  /// What its value may be (`FlagValue`); switches take none.
  let values: FlagValue
  /// Shown by `-h` although its category is not: what a first real export needs.
  var brief = false
  /// Parses a value into its setting; false refuses it (a switch takes "").
  let assign: @Sendable (String, inout CommandSettings) -> Bool
  /// Whether the settings hold a value of this flag.
  let isGiven: @Sendable (CommandSettings) -> Bool

  var takesValue: Bool { value != nil }

  /// A switch.
  init(
    name: String, short: Character?, value: String? = nil, category: Category, help: String, commands: Set<Command>,
    into setting: WritableKeyPath<CommandSettings, Bool> & Sendable
  ) {
    (self.name, self.short, self.value, self.category, self.help, self.commands) =
      (name, short, value, category, help, commands)
    values = FlagValue(expected: "nothing")
    assign = { text, settings in
      settings[keyPath: setting] = true
      return text.isEmpty
    }
    isGiven = { $0[keyPath: setting] }
  }

  /// A flag whose last value counts.
  init<Value>(
    name: String, short: Character?, value: String, category: Category, help: String, commands: Set<Command>,
    values parser: FlagParser<Value>, brief: Bool = false,
    into setting: WritableKeyPath<CommandSettings, Value?> & Sendable
  ) {
    (self.name, self.short, self.value, self.category, self.help, self.commands, self.brief) =
      (name, short, value, category, help, commands, brief)
    values = parser.syntax
    assign = { text, settings in
      guard let parsed = parser.parse(text) else { return false }
      settings[keyPath: setting] = parsed
      return true
    }
    isGiven = { $0[keyPath: setting] != nil }
  }

  /// A repeatable flag: every value counts.
  init<Value>(
    name: String, short: Character?, value: String, category: Category, help: String, commands: Set<Command>,
    values parser: FlagParser<Value>, brief: Bool = false,
    into setting: WritableKeyPath<CommandSettings, [Value]> & Sendable
  ) {
    (self.name, self.short, self.value, self.category, self.help, self.commands, self.brief) =
      (name, short, value, category, help, commands, brief)
    values = parser.syntax
    assign = { text, settings in
      guard let parsed = parser.parse(text) else { return false }
      settings[keyPath: setting].append(parsed)
      return true
    }
    isGiven = { !$0[keyPath: setting].isEmpty }
  }
}

/// The subcommands.
enum Command: String, CaseIterable {
  case render, parse, formats, themes, theme, fonts, completions, man, serve
}

extension Flag {
  private static let reading: Set<Command> = [.render, .parse]

  static let all: [Flag] = [
    Flag(
      name: "output", short: "o", value: "PATH", category: .output,
      help:
        "output file, folder (several inputs or formats), or '-' for stdout (default: the input's name with the format's extension, in the current folder; parse: stdout); a new name with an extension is a file, never made a folder",
      commands: [.render, .parse], values: .path, into: \.output),
    Flag(
      name: "format", short: "f", value: "FMT", category: .output,
      help: "png, pdf, svg or webp; several as png,pdf (default: from -o's extension, else png)", commands: [.render],
      values: .formats, into: \.formats),
    Flag(
      name: "scale", short: nil, value: "N", category: .output,
      help: "pixels per point for PNG, e.g. 2 for retina (default 1)", commands: [.render],
      values: .number(above: 0, atMost: 8), into: \.scale),
    Flag(
      name: "page-size", short: nil, value: "SIZE", category: .output,
      help: "PDF paper: A4, Letter, or WxH with mm, in or pt (default: the theme's)", commands: [.render],
      values: .paperSize, into: \.pageSize),
    Flag(
      name: "max-height", short: nil, value: "PX", category: .output,
      help: "split PNGs taller than this into numbered images (default 32767)", commands: [.render],
      values: .wholeNumber(atLeast: 100, unit: "pixels"), into: \.maxHeight),
    Flag(
      name: "page-height", short: nil, value: "PX", category: .output,
      help: "cut PNGs and SVGs into images this many pixels high, between messages (e.g. 2532)", commands: [.render],
      values: .wholeNumber(atLeast: 100, atMost: Limit.imageSide, unit: "pixels"), into: \.pageHeight),
    Flag(
      name: "split-by", short: nil, value: "PERIOD", category: .output,
      help:
        "one file per day, week, month, quarter or year, named after it (chat-2025-03.pdf); a PDF part's first page says which part it is and links to the parts before and after",
      commands: [.render], values: .oneOfCases, into: \.splitBy),
    Flag(
      name: "split-every", short: nil, value: "N", category: .output,
      help: "one file per N messages (chat-part-01.pdf, chat-part-02.pdf…), cut between messages",
      commands: [.render], values: .wholeNumber(atLeast: 1, unit: "messages"), into: \.splitEvery),
    Flag(
      name: "split-size", short: nil, value: "SIZE", category: .output,
      help:
        "one file per part of about SIZE of PDF (20MB, 500KB, 1GiB), estimated from texts and pictures, cut between messages",
      commands: [.render], values: .byteSize, into: \.splitSize),
    Flag(
      name: "evidence", short: nil, value: nil, category: .output,
      help:
        "add the source's SHA-256, message count, first and last times and version (PDF footer and metadata, PNG text)",
      commands: [.render], into: \.evidence),
    Flag(
      name: "pdf-engine", short: nil, value: "cairo|own", category: .output,
      help: "the PDF writer: cairo's, or our own (fonts subset once, each picture once) (default: cairo)",
      commands: [.render], values: .oneOfCases, into: \.pdfEngine),
    Flag(
      name: "pdf-standard", short: nil, value: "none|a-2u|a-3u", category: .output,
      help: "the archival standard of --pdf-engine own's PDFs (default: a-2u, a-3u with --evidence)",
      commands: [.render], values: .oneOfCases, into: \.pdfStandard),
    Flag(
      name: "no-embed-source", short: nil, value: nil, category: .output,
      help: "with --evidence, leave the source export out of a PDF/A-3u (kept in by default)",
      commands: [.render], into: \.noEmbedSource),
    Flag(
      name: "input-format", short: "i", value: "NAME", category: .input,
      help: "read inputs as this format (default: detect; see 'chatrender formats')", commands: reading,
      values: .inputFormat, into: \.inputFormat),
    Flag(
      name: "me", short: nil, value: "NAME", category: .input,
      help: "the participant drawn as sent, on the right: name, user name, id or phone (repeatable)",
      commands: reading, values: .text, brief: true, into: \.me),
    Flag(
      name: "chat", short: nil, value: "NAME", category: .input,
      help: "the chat, channel or conversation to take from an export of several",
      commands: reading, values: .text, brief: true, into: \.chat),
    Flag(
      name: "attachments", short: nil, value: "PATH", category: .input,
      help: "the folder an iMessage database's Attachments are in, or one above it (default: beside the database)",
      commands: reading, values: .path, into: \.attachments),
    Flag(
      name: "names", short: nil, value: "PATH", category: .input,
      help:
        "a vCard file (.vcf, from Contacts) naming authors known by a phone number or e-mail address (iMessage, WhatsApp, SMS, Signal, Google Voice…), in national or international form; a card's photo is drawn as its person's avatar",
      commands: reading, values: .path, into: \.names),
    Flag(
      name: "all-chats", short: nil, value: nil, category: .input,
      help: "render every chat of an export of several (Telegram, Slack, ChatGPT…), each into -o DIR",
      commands: [.render], into: \.allChats),
    Flag(
      name: "name", short: nil, value: "TEMPLATE", category: .output,
      help:
        "names of outputs in -o DIR: {chat} (the chat's title), {input} (the input's name), {format} (png, pdf or svg), {first} and {last} (the days of its first and last message; a part's with --split-by) (default: {chat}); subfolders stay inside -o DIR ('..' is refused)",
      commands: [.render], values: .text, into: \.name),
    Flag(
      name: "list", short: nil, value: nil, category: .input,
      help: "list the chats in the input instead of parsing it", commands: [.parse], into: \.list),
    Flag(
      name: "numbered", short: nil, value: nil, category: .output,
      help: "print the entries numbered from 1, one a line, instead of JSON", commands: [.parse], into: \.numbered),
    Flag(
      name: "from", short: nil, value: "DATE", category: .input,
      help: "keep messages on or after a day (2025-03-01), month (2025-03) or time (2025-03-01T18:30)",
      commands: reading, values: .dateBound(isEnd: false), brief: true, into: \.from),
    Flag(
      name: "to", short: nil, value: "DATE", category: .input,
      help: "keep messages on or before a day, month or time", commands: reading, values: .dateBound(isEnd: true),
      brief: true, into: \.to),
    Flag(
      name: "filter", short: nil, value: "QUERY", category: .input,
      help:
        "keep messages matching QUERY: from:NAME, has:image|video|audio|sticker|file|link|reaction, is:edited|deleted|reply|forwarded, before:DATE, after:DATE, words or \"a phrase\"; terms side by side all hold, 'or' between them, -term negates, ( ) group (docs/FILTERS.md)",
      commands: reading, values: .messageFilter, into: \.filter),
    Flag(
      name: "last", short: nil, value: "N", category: .input,
      help: "keep only the last N messages", commands: reading, values: .wholeNumber(atLeast: 1), into: \.last),
    Flag(
      name: "redact", short: nil, value: nil, category: .input,
      help:
        "rename people Person A, B…; mask phone numbers, e-mails, links, IBANs, cards and ids; hide pictures (docs/REDACTION.md)",
      commands: reading, into: \.redact),
    Flag(
      name: "redact-pictures", short: nil, value: "placeholder|blur", category: .input,
      help: "how --redact shows photos, stickers and videos: a placeholder, or blurred (default: placeholder)",
      commands: reading, values: .oneOfCases, into: \.redactPictures),
    Flag(
      name: "timezone", short: nil, value: "ZONE", category: .input,
      help: "show absolute times in this zone, e.g. Europe/Paris (default: local)", commands: reading,
      values: .timeZone, into: \.timeZone),
    Flag(
      name: "locale", short: nil, value: "LOCALE", category: .appearance,
      help:
        "language of the words, dates and times, e.g. de_DE, ja_JP (default: the export's own when known, as a Korean KakaoTalk's; else LC_ALL, LC_MESSAGES, LC_TIME or LANG)",
      commands: [.render], values: .locale, into: \.locale),
    Flag(
      name: "clock", short: nil, value: "12|24", category: .appearance,
      help: "12- or 24-hour times (default: as the export wrote them, else the locale's)", commands: [.render],
      values: .clock, into: \.clock),
    Flag(
      name: "theme", short: "t", value: "NAME|PATH", category: .appearance,
      help: "built-in theme or JSON theme file (default: the export's app's look, e.g. kakaotalk; default for .chat)",
      commands: [.render], values: .theme, into: \.theme),
    Flag(
      name: "dark", short: nil, value: nil, category: .appearance,
      help: "the dark variant of the look (whatsapp-dark) where the app has one", commands: [.render], into: \.dark),
    Flag(
      name: "width", short: "w", value: "PX", category: .appearance,
      help: "canvas width in points (default: the theme's)", commands: [.render],
      values: .number(in: CanvasStyle.widthRange, unit: "points"), into: \.width),
    Flag(
      name: "font", short: nil, value: "FAMILIES", category: .appearance,
      help: "font families, e.g. \"Noto Serif, Noto Serif CJK SC\"", commands: [.render], values: .fontFamilies,
      into: \.font),
    Flag(
      name: "background", short: nil, value: "COLOR", category: .appearance,
      help: "canvas color, e.g. #f0f0f0", commands: [.render], values: .color, into: \.background),
    Flag(
      name: "highlight", short: nil, value: "SELECTOR", category: .spotlight,
      help: "dim all but entries N or N-M (as 'parse --numbered' counts), id:ID or text:WORDS (repeatable)",
      commands: [.render], values: .text, into: \.highlight),
    Flag(
      name: "note", short: nil, value: "TEXT", category: .spotlight,
      help: "a note pointing at the highlight of the same rank (repeatable)", commands: [.render], values: .text,
      into: \.note),
    Flag(
      name: "crop", short: nil, value: nil, category: .spotlight,
      help: "keep only the highlighted messages and the entries around them", commands: [.render], into: \.crop),
    Flag(
      name: "context", short: nil, value: "N", category: .spotlight,
      help: "messages kept around each highlight with --crop (default 2), notices among them too", commands: [.render],
      values: .wholeNumber(atLeast: 0), into: \.context),
    Flag(
      name: "recursive", short: "r", value: nil, category: .batch,
      help: "walk folders recursively", commands: [.render], into: \.recursive),
    Flag(
      name: "skip-unknown", short: nil, value: nil, category: .batch,
      help: "skip files of folders that are no known format, with a note (the default with -r)",
      commands: [.render], into: \.skipUnknown),
    Flag(
      name: "include", short: nil, value: "GLOB", category: .batch,
      help: "in folders, take files matching GLOB, e.g. '*.txt' (repeatable; by default the extensions "
        + "the formats read: \(ImportInput.fileExtensions.sorted().map { "." + $0 }.joined(separator: " ")))",
      commands: [.render], values: .text, into: \.include),
    Flag(
      name: "jobs", short: "j", value: "N", category: .batch,
      help: "files rendered in parallel (serve: renders at once; default: the number of cores)",
      commands: [.render, .serve],
      values: .jobs, into: \.jobs),
    Flag(
      name: "shard", short: nil, value: "K/N", category: .batch,
      help:
        "render only the K-th of N equal shares of the inputs; auto/N takes K from JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or PARALLEL_SEQ",
      commands: [.render], values: .shard, into: \.shard),
    Flag(
      name: "no-clobber", short: "n", value: nil, category: .output,
      help: "never replace an existing output file: fail that input instead", commands: [.render], into: \.noClobber),
    Flag(
      name: "warnings", short: nil, value: "none|summary|all", category: .batch,
      help:
        "summary: in a batch, one line per input and kind of warning, and a count of each kind at the end (the default); all: every warning with its notes; none (the default with -q)",
      commands: [.render], values: .oneOfCases, into: \.warnings),
    Flag(
      name: "report", short: nil, value: "FILE", category: .batch,
      help:
        "write each input's outcome, outputs, message count and warnings to FILE as JSON at the end (docs/report.schema.json)",
      commands: [.render], values: .path, into: \.report),
    Flag(
      name: "fail-fast", short: nil, value: nil, category: .batch,
      help: "stop at the first failed file", commands: [.render], into: \.failFast),
    Flag(
      name: "bind", short: nil, value: "ADDR", category: .server,
      help: "serve: the address to listen on (default 127.0.0.1; any other needs --token)", commands: [.serve],
      values: .listenAddress, into: \.bind),
    Flag(
      name: "port", short: nil, value: "N", category: .server,
      help: "serve: the port to listen on (default 8080; 0 picks a free one)", commands: [.serve],
      values: .wholeNumber(atLeast: 0, atMost: 65535), into: \.port),
    Flag(
      name: "token", short: nil, value: "TOKEN", category: .server,
      help: "serve: the bearer token every API request must send (Authorization: Bearer TOKEN)",
      commands: [.serve], values: .text, into: \.token),
    Flag(
      name: "max-upload", short: nil, value: "SIZE", category: .server,
      help: "serve: the largest upload taken, e.g. 512MB or 2GB (default 512MB)", commands: [.serve],
      values: .byteCount, into: \.maxUpload),
    Flag(
      name: "queue", short: nil, value: "N", category: .server,
      help: "serve: requests that may wait for a render; past them the answer is 503 (default: 4 per core)",
      commands: [.serve], values: .wholeNumber(atLeast: 0), into: \.queue),
    Flag(
      name: "request-timeout", short: nil, value: "SECONDS", category: .server,
      help: "serve: the time one render may take; past it the answer is 503 (default 60)", commands: [.serve],
      values: .number(in: 0...86400, unit: "seconds"), into: \.requestTimeout),
    Flag(
      name: "request-memory", short: nil, value: "SIZE", category: .server,
      help: "serve: the memory one render's images may take, e.g. 256MB; past it the answer is 422 (default 512MB)",
      commands: [.serve], values: .byteCount, into: \.requestMemory),
    Flag(
      name: "long", short: "l", value: nil, category: .other,
      help: "describe each (the default on a terminal)", commands: [.formats, .themes], into: \.long),
    Flag(
      name: "strict", short: nil, value: nil, category: .other,
      help: "theme check: fail on warnings too (unknown keys)", commands: [.theme], into: \.strict),
    Flag(
      name: "quiet", short: "q", value: nil, category: .other,
      help: "print errors only", commands: [.render, .parse, .theme], into: \.quiet),
    Flag(
      name: "verbose", short: "v", value: nil, category: .other,
      help: "in a batch, print a line per file written, as one input always does (parse: the format read)",
      commands: [.render, .parse], into: \.verbose),
    Flag(
      name: "color", short: nil, value: "WHEN", category: .other,
      help: "color diagnostics: auto, always or never", commands: Set(Command.allCases),
      values: .oneOf(["auto", "always", "never"]), into: \.color),
    Flag(
      name: "help", short: "h", value: nil, category: .other,
      help: "show help (-h short, --help long)", commands: Set(Command.allCases), into: \.help),
    Flag(
      name: "version", short: "V", value: nil, category: .other,
      help: "show the version (also: chatrender version)", commands: Set(Command.allCases), into: \.version),
  ]

  static func named(_ name: String) -> Flag? { all.first { $0.name == name } }
  static func flags(of command: Command) -> [Flag] { all.filter { $0.commands.contains(command) } }
  static func short(_ letter: Character) -> Flag? { all.first { $0.short == letter } }
}
