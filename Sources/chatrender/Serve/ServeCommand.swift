@_spi(Pages) import ChatRender
import Foundation

/// `chatrender serve`: the web page and the HTTP API (docs/SERVE.md), until Ctrl-C or SIGTERM.
enum ServeCommand {
  static let defaultMaxUpload = 512 << 20

  static func run(_ raw: RawArguments, terminal: Terminal) throws -> ExitStatus {
    guard raw.positional.isEmpty else {
      throw UsageError(message: "serve takes no inputs: clients send them", command: .serve)
    }
    let address = Listener.Address(parsing: raw.value("bind") ?? "127.0.0.1")!
    let token = raw.value("token")
    if !address.isLoopback && (token ?? "").isEmpty {
      throw UsageError(
        message:
          "--bind \(address.text) is reachable from other machines: give --token TOKEN, which every API request must send",
        command: .serve)
    }
    let cores = UsableCores.count
    let jobs = raw.value("jobs").flatMap(Int.init).flatMap { $0 == 0 ? nil : $0 } ?? cores
    let queue = raw.value("queue").flatMap(Int.init) ?? 4 * cores
    let listener = try Listener(address, port: raw.value("port").flatMap(Int.init) ?? 8080)
    let routes = ServeRoutes(
      slots: RenderSlots(running: jobs, waiting: queue), installedFonts: InstalledFonts.families())
    // The signals are waited for on this thread; blocked before any server thread starts,
    // so none of those takes them.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &stopping, nil)
    let server = HTTPServer(
      settings: HTTPServer.Settings(
        listener: listener, maxUpload: raw.value("max-upload").flatMap(ByteCount.parse) ?? defaultMaxUpload,
        token: token),
      respond: routes.respond)
    try server.start()
    Terminal.output("chatrender: serving on \(listener.address) (Ctrl-C stops)\n")
    var received: Int32 = 0
    sigwait(&stopping, &received)
    Terminal.error("chatrender: stopping; finishing the requests being answered\n")
    server.stop()
    return .success
  }
}
