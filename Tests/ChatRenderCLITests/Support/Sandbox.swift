import Foundation
import Testing

/// A fresh temporary folder for one test, removed when the test ends, in which `chatrender`
/// runs.
final class Sandbox {
  let url: URL
  var path: String { url.path }

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("chatrender-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A sandbox that holds `text` at `relativePath`: most tests start from one chat.
  convenience init(writing text: String, to relativePath: String) throws {
    try self.init()
    try write(text, to: relativePath)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Runs the built `chatrender` here with the hermetic environment plus `environment`.
  func chatrender(
    _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:],
    closesStandardOutput: Bool = false, interruptWhen: (@Sendable () -> Bool)? = nil,
    interruptSignals: [Int32] = [SIGINT], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Command.Output {
    let binary = try #require(
      TestPaths.chatrender, "chatrender is not built; run 'swift build' first",
      sourceLocation: sourceLocation)
    return try Command(
      executable: binary, arguments: arguments, directory: url, standardInput: stdin,
      environment: TestPaths.environment(adding: environment),
      closesStandardOutput: closesStandardOutput, interruptWhen: interruptWhen,
      interruptSignals: interruptSignals
    ).run()
  }

  /// Runs any program here (pdfinfo, script) with the hermetic environment.
  func run(_ executable: String, _ arguments: [String]) throws -> Command.Output {
    try Command(
      executable: executable, arguments: arguments, directory: url, standardInput: nil,
      environment: TestPaths.environment()
    ).run()
  }

  /// Writes `text` to `relativePath`, creating folders.
  func write(_ text: String, to relativePath: String) throws {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// Copies a file from `Samples/` to `relativePath`.
  func copySample(_ name: String, to relativePath: String) throws {
    try write(String(contentsOfFile: TestPaths.sample(name), encoding: .utf8), to: relativePath)
  }

  func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url.appendingPathComponent(relativePath)))
  }

  /// Whether a running `chatrender` holds a file open in `folder` (an output being written,
  /// named or not): read from `/proc`, so a test interrupts mid-write without timing.
  static func chatrenderIsWriting(inFolder path: String) -> Bool {
    let folder = URL(fileURLWithPath: path).standardizedFileURL.path + "/"
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for process in processes where process.allSatisfy(\.isNumber) {
      let name = (try? String(contentsOfFile: "/proc/\(process)/comm", encoding: .utf8)) ?? ""
      guard name.hasPrefix("chatrender") else { continue }
      let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd")) ?? []
      for descriptor in descriptors {
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/fd/\(descriptor)")
        if target?.hasPrefix(folder) == true { return true }
      }
    }
    return false
  }

  func exists(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent(relativePath).path)
  }

  /// Every regular file under `relativePath` (hidden ones included), relative to it, sorted.
  func files(in relativePath: String = ".") -> [String] {
    let root = url.appendingPathComponent(relativePath).standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var found: [String] = []
    while let name = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        found.append(name)
      }
    }
    return found.sorted()
  }
}
