import CDeflate
import CZlib

/// Times the encoder's stages separately: scanline conversion + filter, then each compressor
/// on the already filtered bytes.
enum Components {
  static func run(
    pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, runs: Int,
    filters: [PNGRowFilter], compressions: [PNGCompression]
  ) throws {
    let rowBytes = width * 3
    let ours = try measure(runs: runs) {
      try PNGEncoder().encode(
        pixels: pixels, width: width, height: height, stride: stride, opaque: true)
    }
    print(
      "PNGEncoder (all stages): median \(ms(ours.median)), min \(ms(ours.min)) -> \(kib(ours.result.count))"
    )
    let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: height * (rowBytes + 1))
    var current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
    var previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * (rowBytes + 1))
    previous.initialize(repeating: 0, count: rowBytes + 1)
    for filter in filters {
      let convert = measure(runs: runs) {
        for y in 0..<height {
          PNGScanlineConverter.convertOpaque(
            pixels.baseAddress! + y * stride, width: width, to: current)
        }
      }
      let both = measure(runs: runs) {
        for y in 0..<height {
          PNGScanlineConverter.convertOpaque(
            pixels.baseAddress! + y * stride, width: width, to: current)
          filter.apply(
            row: current, previous: previous, count: rowBytes, bytesPerPixel: 3,
            output: filtered + y * (rowBytes + 1), scratch: scratch)
          swap(&current, &previous)
        }
      }
      print("\(filter): convert \(ms(convert.min)), convert+filter \(ms(both.min)) (min)")
      let input = UnsafeRawBufferPointer(start: filtered, count: height * (rowBytes + 1))
      for compression in compressions {
        let run = try measure(runs: runs) { () -> Int in
          var total = 0
          let writer = PNGChunkWriter { total += $0.count }
          try compression.makeDeflater(rowBytes: rowBytes + 1, bytesPerPixel: 3).compress(
            input, isLast: true, to: writer)
          return total
        }
        print(
          "  \(describe(compression)): median \(ms(run.median)), min \(ms(run.min)) -> \(kib(run.result))"
        )
      }
    }
  }
}
