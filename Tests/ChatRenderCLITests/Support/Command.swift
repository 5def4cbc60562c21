import Dispatch
import Foundation
import Synchronization

/// One run of a program: arguments, stdin bytes and environment in; stdout bytes, stderr text
/// and exit status out. Modelled on ripgrep's `TestCommand` and argument-parser's
/// `AssertExecuteCommand`.
struct Command {
  /// What a finished run printed and returned.
  struct Output {
    /// The exit status (or 128 + signal number when killed by a signal).
    var status: Int32
    var standardOutput: [UInt8]
    var standardError: String

    /// Stdout decoded as UTF-8.
    var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
  }

  var executable: String
  var arguments: [String]
  var directory: URL
  /// Bytes fed through a pipe on stdin, at most 64 KiB (what a pipe holds before a reader
  /// comes); nil gives `/dev/null`.
  var standardInput: [UInt8]?
  /// The whole environment of the child.
  var environment: [String: String]
  /// Close our end of the stdout pipe at once, so the child's writes fail with EPIPE (the
  /// `chatrender … | head -c 10` case).
  var closesStandardOutput = false
  /// Polled while the child runs; when it returns true the child gets `interruptSignals`.
  var interruptWhen: (@Sendable () -> Bool)?
  /// Sent a tenth of a second apart: SIGINT is Ctrl-C, twice is Ctrl-C pressed twice.
  var interruptSignals: [Int32] = [SIGINT]
  /// Seconds before the child is killed, so a hang fails the test instead of the run.
  var timeout: Double = 300

  /// Runs the program to the end.
  func run() throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    if let standardInput {
      // Filled and closed before the child starts: no writer thread, and no SIGPIPE for us
      // when the child exits without reading.
      precondition(standardInput.count <= 65536, "stdin larger than a pipe buffer")
      let input = Pipe()
      try input.fileHandleForWriting.write(contentsOf: Data(standardInput))
      try input.fileHandleForWriting.close()
      process.standardInput = input
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try Self.withSignalsUnblocked { try process.run() }

    let pid = process.processIdentifier
    let killer = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
    defer { killer.cancel() }
    let finished = Flag()
    defer { finished.set() }
    if let interruptWhen {
      DispatchQueue.global().async {
        while !finished.isSet {
          if interruptWhen() {
            for (index, signalNumber) in interruptSignals.enumerated() {
              if index > 0 { usleep(100_000) }
              kill(pid, signalNumber)
            }
            return
          }
          usleep(20_000)
        }
      }
    }

    let group = DispatchGroup()
    let errorBytes = Mutex(Data())
    let errorReader = error.fileHandleForReading
    DispatchQueue.global().async(group: group) {
      let data = errorReader.readDataToEndOfFile()
      errorBytes.withLock { $0 = data }
    }
    var outputBytes = Data()
    if closesStandardOutput {
      try output.fileHandleForReading.close()
    } else {
      outputBytes = output.fileHandleForReading.readDataToEndOfFile()
    }
    group.wait()
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Output(
      status: status, standardOutput: [UInt8](outputBytes),
      standardError: String(decoding: errorBytes.withLock { $0 }, as: UTF8.self))
  }

  /// A one-way switch shared with the polling thread.
  private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
  }

  /// Tests run on dispatch worker threads, which block most signals, and a spawned child
  /// inherits that mask: SIGINT would never reach it. Start children as a shell would.
  private static func withSignalsUnblocked(_ body: () throws -> Void) throws {
    var none = sigset_t()
    var previous = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    try body()
  }
}
