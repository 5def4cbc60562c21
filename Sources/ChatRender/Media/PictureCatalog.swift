import Synchronization

/// The pictures of one render: their sizes for layout, read once from their headers, and
/// one warning for each that cannot be drawn (the layout then shows a chip instead); and the
/// voice notes' lengths and waveforms, the other media layout reads.
@_spi(Pages) public final class PictureCatalog: Sendable {
  let limits: PictureLimits
  private let state = Mutex(State())
  /// Decodes an image's pictures while it is laid out and drawn; nil for vector output.
  let decodeAhead: PictureDecodeAhead?
  /// The archives pictures are read from, each opened once per render.
  let archives: PictureArchives

  private struct State {
    var infos: [AttachmentSource: PictureInfo?] = [:]
    var voiceNotes: [AttachmentSource: VoiceNote] = [:]
    var warnings: [Diagnostic] = []
    /// Seconds of audio decoded in this render, and whether the budget was told passed.
    var audioDecoded = 0.0
    var audioBudgetPassed = false
    /// Whether a picture was refused for the render's pixel budget (told once).
    var pixelBudgetPassed = false
  }

  /// Seconds of voice notes' audio one render decodes; the notes past it are drawn neutral.
  let audioBudget: Double

  /// A catalog refusing pictures over `limits` (by default, the limit the environment sets).
  package convenience init(limits: PictureLimits = .fromEnvironment) { self.init(limits: limits, decodeAheadAt: nil) }

  /// - Parameters:
  ///   - pixelsPerPoint: the scale of the image whose pictures are decoded ahead, on
  ///     `decoders` threads (`PictureDecodeAhead`); nil for none (vector output).
  ///   - archives: where members of zip archives are read.
  ///   - audioBudget: the seconds of audio one render decodes (`Limit.audioSeconds`).
  ///   - pixelBudget: the pixels of pictures one render decodes (`Limit.renderPicturePixels`).
  init(
    limits: PictureLimits = .fromEnvironment, decodeAheadAt pixelsPerPoint: Double?, decoders: Int = 1,
    archives: PictureArchives = PictureArchives(), audioBudget: Double = Double(Limit.audioSeconds.value),
    pixelBudget: Int = Limit.renderPicturePixels.value
  ) {
    let limits = limits.counting(renderPixels: pixelBudget)
    self.limits = limits
    self.audioBudget = audioBudget
    self.archives = archives
    decodeAhead = pixelsPerPoint.map { scale in
      PictureDecodeAhead(pixelsPerPoint: scale, helpers: decoders) { source, box in
        Result { () throws(PictureError) in
          try PictureLoader.decode(source, fitting: box, archives: archives, limits: limits)
        }
      }
    }
  }

  /// Forgets what one render kept: pictures decoded ahead and not drawn, open archives, the
  /// audio and pixels it decoded (each render has budgets of its own).
  func finishRender() {
    decodeAhead?.reset()
    archives.close()
    state.withLock { state in
      state.audioDecoded = 0
      state.pixelBudgetPassed = false
    }
    limits.renderBudget?.reset()
  }

  /// The format and size of the picture at `source`, or nil (with a warning) when it is
  /// missing, unreadable, of an unknown format or over the pixel limit.
  public func info(of source: AttachmentSource, name: String?) -> PictureInfo? {
    info(of: source) { warn($0, name: name) }
  }

  /// The format and size of the picture at `source`, or nil when it cannot be drawn; `report`
  /// hears why, the first time only.
  func info(of source: AttachmentSource, report: (PictureError) -> Void) -> PictureInfo? {
    if let known = state.withLock({ $0.infos[source] }) { return known }
    var info: PictureInfo?
    var problem: PictureError?
    do {
      let read = try PictureLoader.info(of: source, archives: archives)
      if read.size.pixelCount > limits.maximumPixels {
        problem = .tooLarge(read.size, limit: limits.maximumPixels)
      } else {
        info = read
      }
    } catch {
      problem = error
    }
    state.withLock { $0.infos[source] = info }
    if let problem { report(problem) }
    return info
  }

  /// The length and waveform of the voice note at `source`, read once; a neutral waveform
  /// of its own (made from its bytes, else its `name` and `duration`; `VoiceNote.neutral`)
  /// and the export's `duration` when it has no file, is of another audio format, cannot be
  /// read (with a warning naming it) or would pass the render's audio budget (with one
  /// warning for the render).
  package func voiceNote(of source: AttachmentSource?, duration: Double?, name: String? = nil) -> VoiceNote {
    let named = VoiceNote.neutral(duration: duration, seed: VoiceNote.seed(name: name, duration: duration))
    guard let source else { return named }
    if let known = state.withLock({ $0.voiceNotes[source] }) { return known }
    var note = named
    do {
      let bytes = try PictureLoader.bytes(of: source, archives: archives)
      // Audio we cannot decode still has its own shape, made from its bytes.
      note = VoiceNote.neutral(duration: duration, seed: VoiceNote.seed(of: bytes))
      note = try VoiceNote.read(bytes, mayDecode: spendAudio)
    } catch let problem as VoiceNote.Problem {
      if case .overBudget(let length) = problem { note.duration = length }
      warn(problem, name: name)
    } catch {
      warn(voiceNote: name, "\(error)")
    }
    if note.duration == nil { note.duration = duration }
    state.withLock { $0.voiceNotes[source] = note }
    return note
  }

  /// Takes `seconds` from the render's audio budget, if it holds them.
  private func spendAudio(_ seconds: Double) -> Bool {
    state.withLock { state in
      guard state.audioDecoded + seconds <= audioBudget else { return false }
      state.audioDecoded += seconds
      return true
    }
  }

  private func warn(_ problem: VoiceNote.Problem, name: String?) {
    switch problem {
    case .otherFormat: return
    case .overBudget:
      let first = state.withLock { state in
        defer { state.audioBudgetPassed = true }
        return !state.audioBudgetPassed
      }
      if first { warn(voiceNote: nil, Limit.audioSeconds.exceededMessage(Int(audioBudget))) }
    default: warn(voiceNote: name, "\(problem)")
    }
  }

  /// Records that a voice note (`name`, or those past the budget when nil) is drawn with the
  /// neutral waveform because of `reason`.
  private func warn(voiceNote name: String?, _ reason: String) {
    let subject = name.map { "voice note '\($0)' is" } ?? "the voice notes left are"
    let warning = Diagnostic(severity: .warning, message: "\(subject) drawn with a neutral waveform: \(reason)")
    state.withLock { $0.warnings.append(warning) }
  }

  /// Records that a picture is drawn as a placeholder because of `problem`.
  public func warn(_ problem: PictureError, name: String?) {
    if case .renderBudgetSpent = problem {
      let first = state.withLock { state in
        defer { state.pixelBudgetPassed = true }
        return !state.pixelBudgetPassed
      }
      guard first else { return }
      let warning = Diagnostic(severity: .warning, message: "the pictures left are drawn as placeholders: \(problem)")
      state.withLock { $0.warnings.append(warning) }
      return
    }
    let subject = name.map { "picture '\($0)'" } ?? "a picture"
    let warning = Diagnostic(severity: .warning, message: "\(subject) is drawn as a placeholder: \(problem)")
    state.withLock { $0.warnings.append(warning) }
  }

  /// Records that `subject` ("avatar 'ana.png'") is drawn as initials because of `problem`.
  func warn(avatar subject: String, _ problem: PictureError) {
    let warning = Diagnostic(severity: .warning, message: "\(subject) is drawn as initials: \(problem)")
    state.withLock { $0.warnings.append(warning) }
  }

  /// The warnings so far, and none after.
  public func takeWarnings() -> [Diagnostic] {
    state.withLock { state in
      defer { state.warnings = [] }
      return state.warnings
    }
  }
}
