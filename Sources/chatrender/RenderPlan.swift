@_spi(Pages) import ChatRender
import Foundation

/// One input and the files it becomes.
struct RenderJob: Sendable {
  enum Target: Sendable, Hashable {
    case file(String)
    case standardOutput
  }

  /// The path to read, or `-` for stdin.
  let input: String
  /// The chat to take from an export of several (`--all-chats`).
  var chat: String?
  let outputs: [(format: OutputFormat, target: Target)]
  /// Found by walking a folder rather than named on the command line.
  var fromFolder = false
}

/// Turns the command line's inputs and `-o` into jobs, refusing collisions before any work.
struct RenderPlan {
  let jobs: [RenderJob]
  /// The jobs before `--shard` chose its share.
  let inputCount: Int

  /// An input found on the command line or in a folder, with the name its outputs take.
  private struct Item {
    let path: String
    /// Output name without extension, relative to the output folder (`a/x` for `in/a/x.txt`).
    var relativeName: String
    var fromFolder: Bool
    var chat: String? = nil
  }

  /// What a folder of logs is searched for without --include: the formats' own extensions.
  static let defaultExtensions = ImportInput.fileExtensions

  init(
    inputs: [String], output: String?, formats: [OutputFormat], formatsGiven: Bool, recursive: Bool,
    include: [String], shard: (index: Int, count: Int)?, stdoutIsTTY: Bool, command: Command,
    allChats: Bool = false, nameTemplate: String? = nil, redacts: Bool = false
  ) throws(UsageError) {
    guard !inputs.isEmpty else { throw UsageError(message: "no input given", command: command) }
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError(message: "'-' (stdin) can be given only once", command: command)
    }
    var items: [Item] = []
    for input in inputs {
      items += try Self.expand(input, recursive: recursive, include: include, command: command)
    }
    guard !items.isEmpty else {
      throw UsageError(message: "no input files found in \(inputs.joined(separator: ", "))", command: command)
    }

    if redacts {
      // File names are read by everyone the output goes to: `--redact` names inputs by
      // number ("Chat 1"), as their folders and names may name people.
      for index in items.indices { items[index].relativeName = "Chat \(index + 1)" }
    }
    if allChats || nameTemplate != nil {
      let several = items.count > 1
      items = items.flatMap {
        Self.chatItems(of: $0, allChats: allChats, template: nameTemplate, several: several, redacts: redacts)
      }
      Self.numberDuplicateNames(&items)
    }

    var jobs: [RenderJob] = []
    // `--name` names files in the folder -o gives.
    let single = items.count == 1 && formats.count == 1 && !items[0].fromFolder && nameTemplate == nil
    if output == "-" {
      guard items.count == 1, formats.count == 1 else {
        throw UsageError(message: "'-o -' takes one input and one format", command: command)
      }
      if formats[0].isBinary && stdoutIsTTY {
        throw UsageError(
          message:
            "refusing to write binary \(formats[0].rawValue.uppercased()) to a terminal; use -o FILE or redirect stdout",
          command: command)
      }
      jobs = [RenderJob(input: items[0].path, outputs: [(formats[0], .standardOutput)])]
    } else if single, let output, !Self.isDirectory(output), !output.hasSuffix("/") {
      let format = try Self.format(ofFile: output, chosen: formatsGiven ? formats[0] : nil, command: command)
      jobs = [RenderJob(input: items[0].path, outputs: [(format, .file(output))])]
    } else if single, output == nil {
      guard items[0].path != "-" else {
        throw UsageError(message: "reading stdin needs -o FILE (or -o - for stdout)", command: command)
      }
      let name = (items[0].relativeName as NSString).lastPathComponent
      jobs = [RenderJob(input: items[0].path, outputs: [(formats[0], .file("\(name).\(formats[0].rawValue)"))])]
    } else {
      guard let directory = output else {
        let what =
          nameTemplate != nil
          ? "--name names files in the folder -o DIR gives; it needs -o DIR"
          : items.count > 1 ? "several inputs need -o DIR" : "several formats need -o DIR"
        throw UsageError(message: what, command: command)
      }
      if FileManager.default.fileExists(atPath: directory) && !Self.isDirectory(directory) {
        throw UsageError(message: "'\(directory)' is a file; several outputs need a folder for -o", command: command)
      }
      // A name with an extension is a file (DiscordChatExporter's rule), never made a folder.
      let fileExtension = (directory as NSString).pathExtension
      if !fileExtension.isEmpty, !directory.hasSuffix("/"), !Self.isDirectory(directory) {
        let reason =
          nameTemplate != nil
          ? "--name names files inside the folder -o gives"
          : items.count > 1 || items[0].fromFolder ? "several inputs need a folder" : "several formats need a folder"
        throw UsageError(
          message: "-o '\(directory)' names a file, but \(reason); give a folder for -o "
            + "('\((directory as NSString).deletingPathExtension)' or '\(directory)/')",
          command: command)
      }
      let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
      jobs = items.map { item in
        RenderJob(
          input: item.path,
          chat: item.chat,
          outputs: formats.map { format in
            let name = item.relativeName.replacingOccurrences(of: "{format}", with: format.rawValue)
            // `--name '{chat}.{format}'` already ends in the extension.
            let file = name.lowercased().hasSuffix("." + format.rawValue) ? name : name + "." + format.rawValue
            return (format, .file("\(base)/\(file)"))
          },
          fromFolder: item.fromFolder)
      }
    }

    // Collisions: two outputs with one name, or an output that would overwrite an input.
    let advice = nameTemplate == nil ? "" : " (--name '\(nameTemplate ?? "")' gives both that name)"
    var owners: [String: String] = [:]
    let inputPaths = Set(items.map { Self.canonical($0.path) })
    for job in jobs {
      for (_, target) in job.outputs {
        guard case .file(let path) = target else { continue }
        let key = Self.canonical(path)
        // A name reading fills in ({chat}) is made unique when it is written.
        if let other = owners[key], !ChatFileName.readPlaceholders.contains(where: path.contains) {
          throw UsageError(
            message:
              "'\(other)' and '\(job.input)' would both be written to '\(path)'\(advice); "
              + (nameTemplate == nil
                ? "rename one or render them separately" : "give --name a template that tells them apart"),
            command: command)
        }
        if inputPaths.contains(key) {
          throw UsageError(
            message: "output '\(path)' would overwrite the input '\(job.input)'"
              + (nameTemplate.map { "; --name '\($0)' names it so: choose another template or -o folder" } ?? ""),
            command: command)
        }
        owners[key] = job.input
      }
    }

    inputCount = jobs.count
    if let shard {
      jobs = jobs.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }
    self.jobs = jobs
  }

  /// The format of a single output file: its extension's, or `-f`'s; an extension that
  /// names another format (`chat.jpg`, or `chat.pdf -f png`) is refused, not written as PNG.
  private static func format(ofFile path: String, chosen: OutputFormat?, command: Command)
    throws(UsageError) -> OutputFormat
  {
    let fileExtension = (path as NSString).pathExtension
    guard !fileExtension.isEmpty, fileExtension.allSatisfy(\.isLetter) else { return chosen ?? .png }
    let names = OutputFormat.allCases.map(\.rawValue)
    guard let named = OutputFormat(rawValue: fileExtension.lowercased()) else {
      let stem = (path as NSString).deletingPathExtension
      throw UsageError(
        message: "cannot write '.\(fileExtension)' files: the formats are \(names.joined(separator: ", ")) "
          + "(name the output \(names.map { "\(stem).\($0)" }.joined(separator: ", ")))",
        command: command)
    }
    if let chosen, chosen != named {
      throw UsageError(
        message: "'\(path)' names a \(named.rawValue.uppercased()) file but -f asks for \(chosen.rawValue); "
          + "change the extension or the format",
        command: command)
    }
    return named
  }

  /// The chats of `item`'s export (with `allChats`), each named by `template`: `{chat}`,
  /// `{input}` (the input's name) and `{format}` now; `{date}`, `{first}` and `{last}` when the
  /// chat has been read (`ChatFileName.fill`).
  /// With `redacts`, a listed chat's `{chat}` is "Chat N", N its position.
  private static func chatItems(of item: Item, allChats: Bool, template: String?, several: Bool, redacts: Bool)
    -> [Item]
  {
    let input = (item.relativeName as NSString).lastPathComponent
    let opened = item.path == "-" ? nil : try? ImportInput.open(item.path)
    let format = opened.flatMap { Importer.detect($0) }
    let chats = allChats ? opened.flatMap { input in try? format?.listChats(input) } ?? nil : nil
    let pattern = template ?? (several ? "{input}/{chat}" : "{chat}")
    // A chat is chosen by its position ("#3"): names may repeat ("Deleted Account") or be
    // blank, and the picker would then refuse them.
    func named(_ chat: String?, position: Int?) -> Item {
      var result = item
      result.chat = position.map { "#\($0)" } ?? chat
      result.fromFolder = item.fromFolder || allChats
      let folder = PathFolder.of(item.relativeName)
      let name = ChatFileName.plan(
        pattern, chat: redacts ? position.map { "Chat \($0)" } : chat, input: input, format: "{format}")
      result.relativeName = folder.isEmpty ? name : folder + "/" + name
      return result
    }
    guard let chats, !chats.isEmpty else { return [named(nil, position: nil)] }
    return chats.enumerated().map { named($1, position: $0 + 1) }
  }

  /// Chats that share a name get " (2)", " (3)"… rather than overwriting each other. A name
  /// that reading fills in (`{chat}` of a one-chat input) is numbered when it is written.
  private static func numberDuplicateNames(_ items: inout [Item]) {
    var taken = Set<String>()
    for index in items.indices {
      let name = items[index].relativeName
      if ChatFileName.readPlaceholders.contains(where: name.contains) { continue }
      var candidate = name
      var count = 1
      // A number already taken by another chat's own name ("x (2)") is passed over.
      let stem = name.hasSuffix(".{format}") ? String(name.dropLast(".{format}".count)) : name
      while taken.contains(candidate) {
        count += 1
        candidate = stem + " (\(count))" + name.dropFirst(stem.count)
      }
      taken.insert(candidate)
      items[index].relativeName = candidate
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    var flag: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  private static func stripExtension(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  private static func expand(_ input: String, recursive: Bool, include: [String], command: Command)
    throws(UsageError) -> [Item]
  {
    if input == "-" { return [Item(path: "-", relativeName: "chat", fromFolder: false)] }
    guard FileManager.default.fileExists(atPath: input) else {
      // Reported per file at run time, with the other files still converted.
      return [Item(path: input, relativeName: stripExtension((input as NSString).lastPathComponent), fromFolder: false)]
    }
    let trimmed = input.count > 1 && input.hasSuffix("/") ? String(input.dropLast()) : input
    guard isDirectory(trimmed), !ImportInput.isExportFolder(trimmed) else {
      return [
        Item(path: trimmed, relativeName: stripExtension((trimmed as NSString).lastPathComponent), fromFolder: false)
      ]
    }
    var items: [Item] = []
    var pending = [""]
    // Folders already listed, by device and inode: a symbolic link back to a parent would
    // otherwise be followed for ever.
    var visited = Set<[UInt64]>()
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? trimmed : trimmed + "/" + relative
      var status = stat()
      guard stat(folder, &status) == 0,
        visited.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted
      else { continue }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      } catch {
        throw UsageError(message: "cannot list folder '\(folder)'", command: command)
      }
      for name in names where !name.hasPrefix(".") {
        let childRelative = relative.isEmpty ? name : relative + "/" + name
        let childPath = trimmed + "/" + childRelative
        if isDirectory(childPath) {
          if ImportInput.isExportFolder(childPath) {
            items.append(Item(path: childPath, relativeName: childRelative, fromFolder: true))
          } else if recursive {
            pending.append(childRelative)
          }
          continue
        }
        guard matches(name: name, relative: childRelative, include: include) else { continue }
        items.append(Item(path: childPath, relativeName: stripExtension(childRelative), fromFolder: true))
      }
    }
    guard !items.isEmpty else {
      // A folder with no logs in it may be an export no signature names (a Slack export of
      // channel folders only): it is read as one input, so the reader says what it is or why
      // it is none, as `parse` does.
      return [
        Item(path: trimmed, relativeName: stripExtension((trimmed as NSString).lastPathComponent), fromFolder: false)
      ]
    }
    return items.sorted { $0.path < $1.path }
  }

  private static func matches(name: String, relative: String, include: [String]) -> Bool {
    guard !include.isEmpty else {
      let ext = (name as NSString).pathExtension.lowercased()
      return defaultExtensions.contains(ext)
    }
    return include.contains { pattern in
      pattern.contains("/")
        ? fnmatch(pattern, relative, FNM_PATHNAME) == 0
        : fnmatch(pattern, name, 0) == 0
    }
  }
}
