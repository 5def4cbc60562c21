@_spi(Pages) import ChatRender
import Foundation

/// What each path answers: the page, the lists of themes and formats, and the three calls
/// that read an upload (render, parse, chats). A request's export is read and drawn by the
/// command line's own path (`ReadOptions`, `RenderCommand.exportOptions`, `ChatRenderer`).
struct ServeRoutes: Sendable {
  let slots: RenderSlots
  let limits: RequestLimits
  let installedFonts: [String]
  let pool = RendererPool()

  init(slots: RenderSlots, limits: RequestLimits = RequestLimits(), installedFonts: [String]) {
    self.slots = slots
    self.limits = limits
    self.installedFonts = installedFonts
  }

  func respond(_ request: HTTPRequest) -> HTTPResponse {
    switch (request.method, request.path) {
    case ("GET", "/"), ("HEAD", "/"): return WebPage.response
    case ("GET", "/v1/themes"): return themes()
    case ("GET", "/v1/formats"): return formats()
    case ("POST", "/v1/render"): return reading(request, render)
    case ("POST", "/v1/parse"): return reading(request, parse)
    case ("POST", "/v1/chats"): return reading(request, chats)
    case (_, "/"), (_, "/v1/themes"), (_, "/v1/formats"), (_, "/v1/render"), (_, "/v1/parse"), (_, "/v1/chats"):
      return .error(405, "\(request.method) is not answered at \(request.path)")
    default: return .error(404, "nothing at \(request.path); the API is under /v1/ (docs/SERVE.md)")
    }
  }

  /// Checks the options, waits for a render slot, reads the upload with `work`; every error
  /// becomes its status and the command line's message.
  private func reading(
    _ request: HTTPRequest, _ work: (HTTPRequest, String, CommandSettings) throws -> HTTPResponse
  ) -> HTTPResponse {
    do {
      let settings = try APIOptions.settings(request.fields)
      guard let input = request.inputPath else {
        return .error(400, "no export sent: send it as the body, or as a file of a multipart/form-data form")
      }
      guard let answer = try slots.run({ try work(request, input, settings) }) else {
        var busy = HTTPResponse.error(503, "every render slot and queue place is taken; try again shortly")
        busy.headers.append(("Retry-After", "1"))
        return busy
      }
      return answer
    } catch {
      return ServeErrors.response(for: error, request: request)
    }
  }

  private func render(_ request: HTTPRequest, _ input: String, _ settings: CommandSettings) throws -> HTTPResponse {
    let format = settings.formats?.first ?? .png
    let read = ReadOptions(settings)
    var warnings: [Diagnostic] = []
    let (transcript, formatName) = try read.readNamingFormat(input, warnings: &warnings)
    let theme = try self.theme(settings, forFormat: formatName)
    var export = try RenderCommand.exportOptions(settings, read: read)
    export.format = format
    // One render per core already: none takes more threads.
    export.pictureDecoders = 0
    export.raster.encoders = 1
    export.writesPDFPagesConcurrently = false
    export.laysOutPDFConcurrently = false
    try limits.checkMemory(theme: theme, export: export)
    export.deadline = limits.deadline()
    let key = [
      theme.name, format.rawValue, settings.scale.map { "\($0)" } ?? "", settings.width.map { "\($0)" } ?? "",
      settings.font ?? "", settings.background.map { "\($0)" } ?? "", settings.pageSize.map { "\($0)" } ?? "",
    ].joined(separator: "\u{1}")
    let make = { try ChatRenderer(theme: theme, options: export) }
    let pages = try pool.with(key: key, make: make) { renderer in
      renderer.options = export
      defer { warnings += renderer.takeWarnings() }
      return try renderer.render(transcript)
    }
    let number = try pageNumber(raw: request, count: pages.count)
    var response = HTTPResponse(
      contentType: Self.contentTypes[format] ?? "application/octet-stream", body: pages[number - 1])
    let name = ChatFileName.safe(transcript.title ?? request.inputName ?? "chat")
    response.headers += [
      ("Content-Disposition", "inline; filename=\"\(Self.headerSafe(name)).\(format.rawValue)\""),
      ("X-Chatrender-Pages", String(pages.count)), ("X-Chatrender-Theme", theme.name),
      ("X-Chatrender-Format", formatName),
    ]
    for warning in warnings.prefix(20) {
      response.headers.append(
        ("X-Chatrender-Warning", Self.headerSafe(ServeErrors.text(for: warning, request: request))))
    }
    return response
  }

  private func parse(_ request: HTTPRequest, _ input: String, _ settings: CommandSettings) throws -> HTTPResponse {
    var warnings: [Diagnostic] = []
    let transcript = try ReadOptions(settings).read(input, warnings: &warnings)
    let json = TranscriptJSONWriter.write(transcript, relativeTo: request.uploadFolder)
    return HTTPResponse(contentType: "application/json; charset=utf-8", body: Array(json.utf8))
  }

  /// The chats of an export that holds several (`parse --list`), for the page to choose from.
  private func chats(_ request: HTTPRequest, _ input: String, _ settings: CommandSettings) throws -> HTTPResponse {
    let opened = try ImportInput.open(input)
    guard let format = ReadOptions(settings).format ?? Importer.detect(opened) else {
      throw DiagnosticError(UnrecognisedInput.diagnostic(for: opened))
    }
    var chats: [[String: String]] = []
    if let described = format as? any ChatDescribingFormat {
      chats = try described.describeChats(opened).map { ["name": $0.name, "detail": $0.detail] }
    } else if let names = try format.listChats(opened) {
      chats = names.map { ["name": $0, "detail": ""] }
    }
    return .json(["format": format.name, "chats": chats])
  }

  private func themes() -> HTTPResponse {
    .json(
      ThemeLoader.builtins.map { theme in
        [
          "name": theme.name, "tone": ThemeLoader.tone(of: theme),
          "description": ThemeLoader.builtinDescriptions[theme.name] ?? "",
          "background": theme.canvas.background.description,
        ]
      })
  }

  private func formats() -> HTTPResponse {
    .json(
      [
        "inputs": Importer.formats.map { ["name": $0.name, "accepts": $0.accepts, "summary": $0.summary] },
        "outputs": OutputFormat.allCases.map(\.rawValue),
        "languages": TextLocale.translatedLanguages,
      ] as [String: Any])
  }

  /// The built-in theme asked for (its dark twin with `dark`), else the input's app's look,
  /// with `width`, `font`, `background` and `page-size` applied as the command line does.
  private func theme(_ settings: CommandSettings, forFormat format: String) throws -> Theme {
    let name =
      settings.theme.map { RenderCommand.darkTwin(of: $0, dark: settings.dark) }
      ?? FormatThemes.themeName(forFormat: format, dark: settings.dark)
    var theme = ThemeLoader.builtin(named: name) ?? .default
    try RenderCommand.overrides(settings, installed: installedFonts)(&theme)
    return theme
  }

  /// `page=N` of a chat cut into several images, counted from 1.
  private func pageNumber(raw request: HTTPRequest, count: Int) throws -> Int {
    guard let text = request.fields.last(where: { $0.name == "page" })?.value else { return 1 }
    guard let number = Int(text), (1...max(count, 1)).contains(number) else {
      throw UsageError(message: "invalid value '\(text)' for page (expected 1 to \(count))", command: .render)
    }
    return number
  }

  private static let contentTypes: [OutputFormat: String] = [
    .png: "image/png", .pdf: "application/pdf", .svg: "image/svg+xml", .webp: "image/webp",
  ]

  /// A header value: one line, no quotes that would end a filename.
  static func headerSafe(_ text: String) -> String {
    String(text.unicodeScalars.map { $0.value < 0x20 || $0 == "\"" || $0.value == 0x7F ? " " : Character($0) })
  }
}
