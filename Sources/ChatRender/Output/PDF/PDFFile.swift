/// A PDF file written front to back into a sink: objects as they are finished, each at an
/// offset the cross-reference table lists at the end. Object numbers are handed out first
/// (`reserve`), so an object may be named before it is written (a font, written last).
final class PDFFile {
  private let sink: OutputSink
  private var written = 0
  /// Each object's offset, by number (index 0 is the free head).
  private var offsets: [Int?] = [0]

  /// Starts the file: header and a binary comment, so transfers keep it binary.
  init(sink: OutputSink, version: String = "1.7") {
    self.sink = sink
    write(Array("%PDF-\(version)\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
  }

  /// A new object number, to be written later.
  func reserve() -> Int {
    offsets.append(nil)
    return offsets.count - 1
  }

  /// Writes object `number` with `body` (a dictionary, array or other value).
  func write(object number: Int, _ body: String) {
    begin(number)
    write(Array(body.utf8))
    write(Array("\nendobj\n".utf8))
  }

  /// Writes a new object with `body`; its number.
  @discardableResult
  func add(_ body: String) -> Int {
    let number = reserve()
    write(object: number, body)
    return number
  }

  /// Writes stream object `number`: `dictionary` holds its entries without Length (and
  /// without Filter when `compress` is false); `data` is compressed with Flate when asked.
  func write(stream number: Int, dictionary: String, data: [UInt8], compress: Bool = true) {
    let stored = compress ? PDFDeflate.compress(data) : data
    let filter = compress ? "/Filter/FlateDecode" : ""
    begin(number)
    write(Array("<<\(dictionary)\(filter)/Length \(stored.count)>>\nstream\n".utf8))
    write(stored)
    write(Array("\nendstream\nendobj\n".utf8))
  }

  /// Writes a new stream object; its number.
  @discardableResult
  func addStream(dictionary: String, data: [UInt8], compress: Bool = true) -> Int {
    let number = reserve()
    write(stream: number, dictionary: dictionary, data: data, compress: compress)
    return number
  }

  /// Writes the cross-reference table and trailer. Every reserved object must be written.
  func finish(root: Int, info: Int, id: String) {
    let tableOffset = written
    var table = "xref\n0 \(offsets.count)\n0000000000 65535 f \n"
    for offset in offsets.dropFirst() {
      let text = String(offset ?? 0)
      table += String(repeating: "0", count: max(0, 10 - text.count)) + text + " 00000 n \n"
    }
    table += "trailer\n<</Size \(offsets.count)/Root \(root) 0 R/Info \(info) 0 R/ID[<\(id)><\(id)>]>>\n"
    table += "startxref\n\(tableOffset)\n%%EOF\n"
    write(Array(table.utf8))
  }

  /// Objects reserved but never written: a writer's bug, which a test checks for.
  var unwrittenObjects: [Int] { offsets.indices.filter { offsets[$0] == nil } }

  private func begin(_ number: Int) {
    precondition(offsets[number] == nil, "PDF object \(number) written twice")
    offsets[number] = written
    write(Array("\(number) 0 obj\n".utf8))
  }

  private func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { sink.write($0) }
    written += bytes.count
  }
}
