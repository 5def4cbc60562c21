@_spi(Pages) import ChatRender
import Foundation
import Testing

@testable import chatrender

/// Every flag of the table is parsed once into its typed setting, from the command line and
/// from the configuration file alike.
@Suite("flag settings")
struct FlagSettingsTests {
  /// A value each flag takes; a new row needs one here.
  static let samples: [String: String] = [
    "output": "out.png", "format": "pdf", "scale": "2", "page-size": "A4", "max-height": "1000",
    "page-height": "2532", "split-by": "month", "split-every": "100", "split-size": "20MB", "pdf-engine": "own",
    "pdf-standard": "a-3u",
    "input-format": "whatsapp", "me": "Ana", "chat": "General", "attachments": "Attachments",
    "names": "contacts.vcf", "name": "{chat}", "from": "2025-03", "to": "2025-04-01", "filter": "from:Ana",
    "last": "5", "redact-pictures": "blur", "timezone": "Europe/Paris", "locale": "de_DE", "clock": "24",
    "theme": "whatsapp", "width": "400", "font": "Noto Serif", "background": "#f0f0f0", "highlight": "3",
    "note": "here", "context": "1", "include": "*.txt", "jobs": "2", "shard": "1/2", "warnings": "all",
    "report": "report.json", "bind": "127.0.0.1", "port": "8081", "token": "secret", "max-upload": "1MB",
    "queue": "3", "request-timeout": "30", "request-memory": "256MB", "color": "never",
  ]

  /// The command a flag is tried with: `render` when it takes it.
  static func command(of flag: Flag) -> chatrender.Command {
    flag.commands.contains(.render) ? .render : chatrender.Command.allCases.first(where: flag.commands.contains)!
  }

  @Test("each flag sets its own setting and no other", arguments: Flag.all.map(\.name))
  func flagSetsItsSetting(name: String) throws {
    let flag = try #require(Flag.named(name))
    var arguments = [Self.command(of: flag).rawValue, "--" + name]
    if flag.takesValue { arguments.append(try #require(Self.samples[name], "no sample value for --\(name)")) }
    let settings = try CommandSettings(parsing: try ArgumentParser.parse(arguments))
    #expect(flag.isGiven(settings))
    for other in Flag.all where other.name != name {
      #expect(!other.isGiven(settings), "--\(name) also set --\(other.name)")
    }
  }

  @Test("a value the row refuses is a usage error naming the flag")
  func refusedValue() throws {
    for name in ["scale", "clock", "from", "shard", "split-by", "page-size"] {
      let raw = try ArgumentParser.parse(["render", "--\(name)", "nonsense"])
      #expect(throws: UsageError.self, "--\(name)") { _ = try CommandSettings(parsing: raw) }
    }
    let raw = try ArgumentParser.parse(["render", "--clock", "13"])
    do {
      _ = try CommandSettings(parsing: raw)
      Issue.record("--clock 13 was taken")
    } catch let error as UsageError {
      #expect(error.message == "invalid value '13' for --clock (expected 12 or 24)")
    }
  }

  @Test("a configuration key sets what its flag sets", arguments: UserConfiguration.flagsByKey.sorted(by: <))
  func configurationKey(key: String, flag: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("config.json")
    let sample = try #require(Self.samples[flag])
    try Data("{\"\(key)\": \"\(sample)\"}".utf8).write(to: file)
    var warnings: [Diagnostic] = []
    let configured = try UserConfiguration.apply(
      to: try ArgumentParser.parse(["render"]), environment: ["CHATRENDER_CONFIG": file.path], warnings: &warnings)
    let fromFile = try CommandSettings(parsing: configured)
    let fromFlag = try CommandSettings(parsing: try ArgumentParser.parse(["render", "--\(flag)", sample]))
    #expect(warnings.isEmpty)
    #expect(try #require(Flag.named(flag)).isGiven(fromFile))
    #expect(String(describing: fromFile) == String(describing: fromFlag))
  }

  @Test("the configuration's 'me' and 'prefers' set who is me and the dark look")
  func configurationMeAndPreference() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("config.json")
    try Data(#"{"me": ["Sam", "+1 415 555 0142"], "prefers": "dark"}"#.utf8).write(to: file)
    var warnings: [Diagnostic] = []
    let configured = try UserConfiguration.apply(
      to: try ArgumentParser.parse(["render"]), environment: ["CHATRENDER_CONFIG": file.path], warnings: &warnings)
    let settings = try CommandSettings(parsing: configured)
    #expect(settings.likelyMe == ["Sam", "+1 415 555 0142"])
    #expect(settings.dark)
  }
}
