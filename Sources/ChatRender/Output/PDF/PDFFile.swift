/// A PDF file written front to back into a sink: streams as they are finished, every other
/// object gathered into compressed object streams of `objectsPerStream`, then a compressed
/// cross-reference stream (PDF 1.5, which PDF/A-2 and 3 allow): a structure tree's thousands of
/// small dictionaries cost a few bytes each. Object numbers are handed out first (`reserve`),
/// so an object may be named before it is written (a font, written last).
final class PDFFile {
  /// Where an object is: at an offset of the file, or the nth of an object stream.
  private enum Location {
    case offset(Int)
    case inStream(object: Int, index: Int)
  }

  /// Objects of one stream: small enough that a reader inflates little to find one.
  static let objectsPerStream = 200

  private let sink: OutputSink
  private var written = 0
  /// Each object's location, by number (index 0 is the free head).
  private var locations: [Location?] = [.offset(0)]
  /// The object stream being gathered: its objects' numbers and their bytes.
  private var gathered: [(number: Int, body: [UInt8])] = []

  /// Starts the file: header and a binary comment, so transfers keep it binary.
  init(sink: OutputSink, version: String = "1.7") {
    self.sink = sink
    write(Array("%PDF-\(version)\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
  }

  /// A new object number, to be written later.
  func reserve() -> Int {
    locations.append(nil)
    return locations.count - 1
  }

  /// Writes object `number` with `body` (a dictionary, array or other value) into the object
  /// stream being gathered.
  func write(object number: Int, _ body: String) {
    precondition(locations[number] == nil, "PDF object \(number) written twice")
    locations[number] = .inStream(object: 0, index: gathered.count)
    gathered.append((number, Array(body.utf8)))
    if gathered.count == Self.objectsPerStream { writeGathered() }
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
    begin(number)
    writeStreamBody(dictionary: dictionary, data: data, compress: compress)
  }

  /// Writes a new stream object; its number.
  @discardableResult
  func addStream(dictionary: String, data: [UInt8], compress: Bool = true) -> Int {
    let number = reserve()
    write(stream: number, dictionary: dictionary, data: data, compress: compress)
    return number
  }

  /// Writes the last object stream, then the cross-reference stream, whose dictionary is the
  /// trailer. Every reserved object must be written.
  func finish(root: Int, info: Int, id: String) {
    writeGathered()
    let table = reserve()
    locations[table] = .offset(written)
    let fieldWidths = [1, Self.byteCount(of: written), 2]
    var entries: [UInt8] = []
    entries.reserveCapacity(locations.count * fieldWidths.reduce(0, +))
    for (number, location) in locations.enumerated() {
      let fields: [Int] =
        switch location {
        case .offset(let offset) where number == 0: [0, offset, 65535]
        case .offset(let offset): [1, offset, 0]
        case .inStream(let object, let index): [2, object, index]
        case nil: [0, 0, 0]
        }
      for (field, width) in zip(fields, fieldWidths) { Self.append(field, width: width, to: &entries) }
    }
    let start = written
    write(Array("\(table) 0 obj\n".utf8))
    writeStreamBody(
      dictionary: "/Type/XRef/Size \(locations.count)/W[\(fieldWidths.map(String.init).joined(separator: " "))]"
        + "/Root \(root) 0 R/Info \(info) 0 R/ID[<\(id)><\(id)>]",
      data: entries, compress: true)
    write(Array("startxref\n\(start)\n%%EOF\n".utf8))
  }

  /// Objects reserved but never written: a writer's bug, which a test checks for.
  var unwrittenObjects: [Int] { locations.indices.filter { locations[$0] == nil } }

  /// Writes the gathered objects as one object stream: a header of numbers and offsets, then
  /// the objects.
  private func writeGathered() {
    guard !gathered.isEmpty else { return }
    let stream = reserve()
    var header = ""
    var offset = 0
    for (index, object) in gathered.enumerated() {
      header += "\(object.number) \(offset) "
      offset += object.body.count + 1
      locations[object.number] = .inStream(object: stream, index: index)
    }
    var data = Array(header.utf8)
    let first = data.count
    data.reserveCapacity(first + offset)
    for object in gathered {
      data += object.body
      data.append(UInt8(ascii: "\n"))
    }
    let count = gathered.count
    gathered.removeAll(keepingCapacity: true)
    write(stream: stream, dictionary: "/Type/ObjStm/N \(count)/First \(first)", data: data)
  }

  private func writeStreamBody(dictionary: String, data: [UInt8], compress: Bool) {
    let stored = compress ? PDFDeflate.compress(data) : data
    let filter = compress ? "/Filter/FlateDecode" : ""
    write(Array("<<\(dictionary)\(filter)/Length \(stored.count)>>\nstream\n".utf8))
    write(stored)
    write(Array("\nendstream\nendobj\n".utf8))
  }

  private func begin(_ number: Int) {
    precondition(locations[number] == nil, "PDF object \(number) written twice")
    locations[number] = .offset(written)
    write(Array("\(number) 0 obj\n".utf8))
  }

  private func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { sink.write($0) }
    written += bytes.count
  }

  /// The bytes a cross-reference field needs for `value`.
  private static func byteCount(of value: Int) -> Int {
    var count = 1
    while value >> (8 * count) > 0 { count += 1 }
    return count
  }

  /// `value` big-endian in `width` bytes.
  private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
    for shift in stride(from: 8 * (width - 1), through: 0, by: -8) { bytes.append(UInt8((value >> shift) & 0xFF)) }
  }
}
