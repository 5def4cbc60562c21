// Renders a chat export to a PNG with the ChatRender library: the smallest whole program. Then,
// as the command line's `--locale de_DE --clock 24 --split-by month --evidence` with a fixed
// creation date (SOURCE_DATE_EPOCH's), a German PDF per month beside it.
//
//   swift run RenderChatExample [chat-export] [output.png]
//
// Without arguments it reads Samples/lisbon-trip.chat and writes into a new temporary folder.
import ChatRender
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let chatPath = arguments.first ?? "Samples/lisbon-trip.chat"
let pngPath = arguments.dropFirst().first ?? temporaryPNGPath()

do {
  var warnings: [Diagnostic] = []
  let transcript = try Importer.read(try ImportInput.open(chatPath), warnings: &warnings)
  for warning in warnings { print(warning) }
  let renderer = try ChatRenderer(theme: .default, options: ExportOptions(format: .png))
  for written in try renderer.write(transcript, to: pngPath) {
    print("wrote \(written): \(transcript.messages.count) messages")
  }

  var document = ExportOptions(format: .pdf)
  document.setLocale("de_DE")
  document.twelveHourClock = false
  document.splitPeriod = .month
  document.creationDate = Date(timeIntervalSince1970: 0)
  try document.addEvidence(ofFiles: [chatPath], totalMessages: transcript.messages.count)
  let pdfPath = (pngPath as NSString).deletingPathExtension + ".pdf"
  for written in try ChatRenderer(theme: .default, options: document).write(transcript, to: pdfPath) {
    print("wrote \(written)")
  }
} catch {
  FileHandle.standardError.write(Data("RenderChatExample: \(error)\n".utf8))
  exit(1)
}

/// A fresh folder under the system's temporary directory, so repeated runs never collide.
func temporaryPNGPath() -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("RenderChatExample-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.appendingPathComponent("lisbon-trip.png").path
}
