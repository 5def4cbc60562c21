@_spi(Pages) import ChatRender
import Foundation

/// `chatrender serve`: the web page and the HTTP API (docs/SERVE.md), until Ctrl-C or SIGTERM.
enum ServeCommand {
  static let defaultMaxUpload = 512 << 20

  static func run(_ settings: CommandSettings, terminal: Terminal) throws -> Outcome {
    guard settings.inputs.isEmpty else {
      throw UsageError(message: "serve takes no inputs: clients send them", command: .serve)
    }
    let address = settings.bind ?? Listener.Address(parsing: "127.0.0.1")!
    let token = settings.token
    if !address.isLoopback && (token ?? "").isEmpty {
      throw UsageError(
        message:
          "--bind \(address.text) is reachable from other machines: give --token TOKEN, which every API request must send",
        command: .serve)
    }
    let cores = UsableCores.count
    let jobs = settings.jobs ?? cores
    let queue = settings.queue ?? 4 * cores
    let listener = try Listener(address, port: settings.port ?? 8080)
    let limits = RequestLimits(
      seconds: settings.requestTimeout ?? RequestLimits.defaultSeconds,
      memory: settings.requestMemory ?? RequestLimits.defaultMemory)
    let routes = ServeRoutes(
      slots: RenderSlots(running: jobs, waiting: queue), limits: limits, installedFonts: InstalledFonts.families())
    // The signals are waited for on this thread; blocked before any server thread starts,
    // so none of those takes them.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &stopping, nil)
    let server = HTTPServer(
      settings: HTTPServer.Settings(
        listener: listener, maxUpload: settings.maxUpload ?? defaultMaxUpload,
        token: token),
      respond: routes.respond)
    try server.start()
    Terminal.output("chatrender: serving on \(listener.address) (Ctrl-C stops)\n")
    var received: Int32 = 0
    sigwait(&stopping, &received)
    Terminal.error("chatrender: stopping; finishing the requests being answered\n")
    server.stop()
    return .done
  }
}
