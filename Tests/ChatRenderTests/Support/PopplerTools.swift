import Foundation
import Testing

/// Poppler's command-line tools, which the PDF tests read their output with.
enum PopplerTools {
  /// Runs `tool` (a path) with `arguments`; its standard output. A failure fails the test.
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(tool) \(arguments)")
    return String(decoding: data, as: UTF8.self)
  }

  /// `pdfimages -list` of the PDF at `path`: its text, and a row of columns for each use of
  /// an image (page num type width height color comp bpc enc interp object ID x-ppi y-ppi size
  /// ratio).
  static func images(inPDFAt path: String) throws -> (listing: String, rows: [[Substring]]) {
    let listing = try run("/usr/bin/pdfimages", ["-list", path])
    return (listing, listing.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") })
  }

  /// `images(inPDFAt:)` of PDF bytes, through a temporary file.
  static func images(inPDF bytes: [UInt8]) throws -> (listing: String, rows: [[Substring]]) {
    try TemporaryFolder.withFile(named: "document.pdf", holding: bytes) { try images(inPDFAt: $0) }
  }

  /// The text `pdftotext` reads from PDF bytes.
  static func text(ofPDF bytes: [UInt8]) throws -> String {
    try TemporaryFolder.withFile(named: "document.pdf", holding: bytes) { try run("/usr/bin/pdftotext", [$0, "-"]) }
  }

  /// The first page of PDF bytes drawn by `pdftoppm` at `dpi`, decoded for pixel probes.
  static func firstPage(ofPDF bytes: [UInt8], dpi: Int) throws -> PixelBuffer {
    try TemporaryFolder.withFile(named: "page.pdf", holding: bytes) { input in
      let output = URL(fileURLWithPath: input).deletingLastPathComponent().appendingPathComponent("page").path
      _ = try run(
        "/usr/bin/pdftoppm", ["-png", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", input, output])
      return try PixelBuffer(png: Array(try Data(contentsOf: URL(fileURLWithPath: output + ".png"))))
    }
  }
}
