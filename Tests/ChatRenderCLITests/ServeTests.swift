import Foundation
import Testing

/// `chatrender serve` (docs/SERVE.md), driven from outside as clients drive it: the API with
/// curl (`Tests/Serve/serve_api.py`: every endpoint and error status, hostile uploads, 200
/// renders 8 at a time) and the page in headless Chromium (`Tests/Serve/serve_page.py`).
@Suite(.serialized) struct ServeTests {
  @Test func theAPIAnswersAsDocumented() throws {
    let python = try #require(TestPaths.tool("python3"))
    try #require(TestPaths.tool("curl") != nil, "curl is needed: make test installs it")
    let output = try run(python, script: "serve_api.py")
    #expect(output.status == 0, "\(output.outputText)\n\(output.standardError)")
  }

  /// Skipped, saying so, only where Chromium or selenium is missing (`make test` installs them).
  @Test func thePageRendersAndSpotlightsInChromium() throws {
    guard let python = Self.pythonWithSelenium, TestPaths.tool("chromium") != nil,
      TestPaths.tool("chromedriver") != nil
    else {
      print("ServeTests: skipping the page test: chromium, chromedriver or python3-selenium is not installed")
      return
    }
    let output = try run(python, script: "serve_page.py")
    #expect(output.status == 0, "\(output.outputText)\n\(output.standardError)")
  }

  private func run(_ python: String, script: String) throws -> Command.Output {
    let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Serve")
    var command = Command(
      executable: python,
      arguments: [
        folder.appendingPathComponent(script).path, try #require(TestPaths.chatrender), TestPaths.samples.path,
      ],
      directory: folder, standardInput: nil, environment: TestPaths.environment())
    command.timeout = 900
    return try command.run()
  }

  /// Debian's python3 (python3-selenium), or another on the PATH that imports selenium.
  static let pythonWithSelenium: String? = {
    let candidates = ["/usr/bin/python3", TestPaths.tool("python3")].compactMap { $0 }
    return candidates.first { python in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: python)
      process.arguments = ["-c", "import selenium"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return false }
      process.waitUntilExit()
      return process.terminationStatus == 0
    }
  }()
}
