import Foundation
import Testing

/// What installing needs from the binary: a man page and completions made from the flag
/// table, and help that names the environment it reads.
@Suite("install")
struct InstallTests {
  /// `chatrender completions SHELL` written to a file in a sandbox.
  private func completions(_ shell: String) throws -> (Sandbox, String) {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["completions", shell])
    #expect(result.status == 0)
    try sandbox.write(result.outputText, to: "completion.\(shell)")
    return (sandbox, result.outputText)
  }

  @Test(
    "completions are valid shell and offer every flag of the table",
    arguments: [("bash", "--me"), ("zsh", "--me=["), ("fish", "-l me")])
  func shellCompletions(_ shell: String, flagSpelling: String) throws {
    let (sandbox, text) = try completions(shell)
    #expect(text.contains(flagSpelling))
    #expect(text.contains("whatsapp-dark"), "theme names are completed")
    let interpreter = try #require(TestPaths.tool(shell), "\(shell) is not installed (make deps)")
    let check = try sandbox.run(interpreter, ["-n", "completion.\(shell)"])
    #expect(check.status == 0, "\(check.standardError)")
  }

  @Test("an unknown shell is a usage error")
  func unknownShell() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["completions", "tcsh"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("expected one of bash, zsh, fish"))
  }

  @Test("the man page is roff that man reads, with every flag and the environment")
  func manualPage() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["man"])
    #expect(result.status == 0)
    #expect(result.outputText.hasPrefix(".\\\""))
    #expect(result.outputText.contains(".TH CHATRENDER 1"))
    try sandbox.write(result.outputText, to: "chatrender.1")
    let man = try #require(TestPaths.tool("man"), "man is not installed")
    let page = try Command(
      executable: man, arguments: ["-l", "chatrender.1"], directory: sandbox.url, standardInput: nil,
      environment: TestPaths.environment(adding: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
    ).run()
    #expect(page.status == 0, "\(page.standardError)")
    let text = page.outputText.replacingOccurrences(of: "\u{2010}", with: "-")
    for spelling in ["--skip-unknown", "--locale", "CHATRENDER_CONFIG", "EXIT STATUS"] {
      #expect(text.contains(spelling), "\(spelling) missing from the man page")
    }
  }

  @Test("--help lists the environment variables the tool reads")
  func environmentInHelp() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["--help"])
    #expect(result.outputText.contains("\nENVIRONMENT:\n"))
    for name in ["CHATRENDER_CONFIG", "XDG_CONFIG_HOME", "LC_TIME", "NO_COLOR", "SOURCE_DATE_EPOCH"] {
      #expect(result.outputText.contains(name))
    }
  }
}
