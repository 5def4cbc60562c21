/// The short (`-h`) and long (`--help`) help texts, from the flag table and the tables below
/// (which the man page prints too).
enum Help {
  static let version = "chatrender 0.1.0"
  /// The day this version was released, for the manual page.
  static let releaseDate = "2026-12-02"

  static func usage(_ command: Command) -> String {
    switch command {
    case .render: return "chatrender render [OPTIONS] <INPUT>..."
    case .parse: return "chatrender parse [OPTIONS] <INPUT>"
    case .formats: return "chatrender formats [--long]"
    case .themes: return "chatrender themes [--long]"
    case .theme: return "chatrender theme show <NAME> | theme check [--strict] <FILE> | theme schema"
    case .fonts: return "chatrender fonts"
    case .completions: return "chatrender completions bash|zsh|fish"
    case .man: return "chatrender man"
    case .serve: return "chatrender serve [--bind ADDR] [--port N] [--token T] [--max-upload SIZE]"
    }
  }

  /// Each command and what it does, in the order help lists them.
  static let commands: [(command: Command, description: String)] = [
    (.render, "render chats as PNG, PDF or SVG (the default command)"),
    (.parse, "print a chat in ChatRender JSON, to check or edit an import"),
    (.formats, "list the input formats"),
    (.themes, "list the built-in themes"),
    (
      .theme,
      "'theme show NAME' prints a theme's JSON; 'theme check FILE' validates one; 'theme schema' prints the themes' JSON schema"
    ),
    (.fonts, "list the font families --font and themes can name"),
    (.completions, "print shell completions for bash, zsh or fish"),
    (.man, "print the manual page (chatrender man | man -l -)"),
    (.serve, "run a web page and an HTTP API that render uploaded exports (docs/SERVE.md)"),
  ]

  /// Every command, for `-h`: "render (default), parse, …, man, help, version", wrapped.
  static var shortCommandList: String {
    let names = commands.map { entry in
      switch entry.command {
      case .render: "render (default)"
      case .theme: "theme show|check|schema"
      case .completions: "completions bash|zsh|fish"
      default: entry.command.rawValue
      }
    }
    var lines = [""]
    for name in names + ["help", "version"] {
      let item = name == names[0] ? name : ", " + name
      if lines[lines.count - 1].count + item.count > 76 {
        lines[lines.count - 1] += ","
        lines.append(name)
      } else {
        lines[lines.count - 1] += item
      }
    }
    return lines.joined(separator: "\n  ")
  }

  static let exitStatuses: [(status: String, meaning: String)] = [
    ("0", "every input was rendered"),
    ("1", "at least one input failed (the others were written)"),
    ("2", "usage or configuration error; nothing was attempted"),
    ("130", "interrupted"),
  ]

  static let examples = [
    "chatrender chat.txt -o chat.png",
    "chatrender render chat.json -f pdf -o chat.pdf --theme whatsapp --me Sam",
    "chatrender render exports/ -r --include '*.txt' -f png,pdf -o out/ -j 4",
    "cat chat.chat | chatrender render - -o - > chat.png",
    "chatrender chat.txt --filter 'from:Ana (has:image or \"dinner\")' -o ana.pdf",
  ]

  static let inputArgument = "chat log, export folder or .zip, folder of logs, or '-' for stdin"

  static func text(for command: Command, long: Bool, width: Int) -> String {
    var out = summary(command) + "\n\nUSAGE:\n  " + usage(command) + "\n"
    if command == .render {
      out += "\nARGUMENTS:\n" + wrap(left: "  <INPUT>", help: inputArgument, width: width)
    }
    if command == .render && !long {
      out += "\nCOMMANDS:\n  " + shortCommandList + "\n"
    }
    let flags = Flag.flags(of: command)
    for category in Flag.Category.allCases {
      let shownWhole = long || category == .output || category == .appearance || category == .other
      let members = flags.filter { $0.category == category && (shownWhole || $0.brief) }
      guard !members.isEmpty else { continue }
      out += "\n\(category.rawValue) OPTIONS:\n"
      for flag in members {
        var left = "  "
        left += flag.short.map { "-\($0), " } ?? "    "
        left += "--\(flag.name)"
        if let value = flag.value { left += " \(value)" }
        out += wrap(left: left, help: flag.help, width: width)
      }
    }
    if long && command == .render {
      out += "\nCOMMANDS:\n"
      for (command, description) in commands {
        out += wrap(left: "  " + command.rawValue, help: description, width: width, column: 13)
      }
      out += "\nENVIRONMENT:\n"
      for variable in EnvironmentVariable.all {
        out += wrap(left: "  " + variable.name, help: variable.meaning, width: width, column: 22)
      }
      out += "\nEXIT STATUS:\n"
      for (status, meaning) in exitStatuses {
        out += wrap(left: "  " + status, help: meaning, width: width, column: 7)
      }
      out += "\nEXAMPLES:\n" + examples.map { "  " + $0 + "\n" }.joined()
    } else if !long {
      out += "\nSee '\(helpCommand(command))' for every option.\n"
    }
    return out
  }

  /// The command that shows `command`'s long help.
  static func helpCommand(_ command: Command) -> String {
    command == .render ? "chatrender --help" : "chatrender \(command.rawValue) --help"
  }

  static func summary(_ command: Command) -> String {
    switch command {
    case .render: return "chatrender: turn chat logs into pictures of the conversation (PNG, PDF, SVG)."
    case .parse: return "chatrender parse: print a chat in ChatRender JSON."
    case .formats: return "chatrender formats: list the input formats."
    case .themes: return "chatrender themes: list the built-in themes."
    case .theme: return "chatrender theme: show or check a theme, or print the themes' schema."
    case .fonts: return "chatrender fonts: list the installed font families, one a line."
    case .completions: return "chatrender completions: print shell completions."
    case .man: return "chatrender man: print the manual page (roff)."
    case .serve: return "chatrender serve: a web page and an HTTP API for rendering chats (docs/SERVE.md)."
    }
  }

  /// `left` padded to a column, then `help` wrapped within `width`.
  private static func wrap(left: String, help: String, width: Int, column: Int = 30) -> String {
    var out = left
    var lineLength = left.count
    if lineLength >= column - 1 {
      out += "\n"
      out += String(repeating: " ", count: column)
      lineLength = column
    } else {
      out += String(repeating: " ", count: column - lineLength)
      lineLength = column
    }
    for word in help.split(separator: " ") {
      if lineLength + word.count + 1 > width, lineLength > column {
        out += "\n" + String(repeating: " ", count: column)
        lineLength = column
      } else if lineLength > column {
        out += " "
        lineLength += 1
      }
      out += word
      lineLength += word.count
    }
    return out + "\n"
  }
}
