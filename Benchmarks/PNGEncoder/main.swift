// Benchmark: cairo_surface_write_to_png vs PNGEncoder at several settings on a realistic
// 300-message chat surface. Build and run with ./run.sh (see README.md); not part of the suite.
import CCairo
import CZlib
import Foundation

struct Options {
  var messages = 300
  var runs = 5
  /// Alternatives to compare: PNG filters × zlib or libdeflate settings.
  var filters: [PNGRowFilter] = [.none, .up]
  var compressions: [PNGCompression] = [
    .zlib(level: 1, strategy: Z_DEFAULT_STRATEGY), .libdeflate(level: 1),
  ]
  var alpha = false
  var saveDirectory: String?
  var components = false
}

func parseCompression(_ text: String) -> PNGCompression? {
  let parts = text.split(separator: ":")
  guard parts.count >= 2, let level = Int32(parts[1]) else { return nil }
  switch parts[0] {
  case "libdeflate": return .libdeflate(level: level)
  case "zlib":
    let strategies: [String: Int32] = [
      "default": Z_DEFAULT_STRATEGY, "rle": Z_RLE, "filtered": Z_FILTERED,
    ]
    guard let strategy = strategies[parts.count > 2 ? String(parts[2]) : "default"] else {
      return nil
    }
    return .zlib(level: level, strategy: strategy)
  default: return nil
  }
}

func describe(_ compression: PNGCompression) -> String {
  switch compression {
  case .libdeflate(let level): return "libdeflate:\(level)"
  case .zlib(let level, let strategy):
    let names: [Int32: String] = [
      Z_DEFAULT_STRATEGY: "default", Z_RLE: "rle", Z_FILTERED: "filtered",
    ]
    return "zlib:\(level):\(names[strategy] ?? "\(strategy)")"
  }
}

func parseOptions() -> Options {
  var options = Options()
  var arguments = CommandLine.arguments.dropFirst()
  while let argument = arguments.popFirst() {
    switch argument {
    case "--messages": options.messages = Int(arguments.popFirst() ?? "") ?? options.messages
    case "--runs": options.runs = Int(arguments.popFirst() ?? "") ?? options.runs
    case "--alpha": options.alpha = true
    case "--components": options.components = true
    case "--save": options.saveDirectory = arguments.popFirst()
    case "--filters":
      let names = (arguments.popFirst() ?? "").split(separator: ",")
      options.filters = names.compactMap { name in
        PNGRowFilter.allCases.first { "\($0)" == name }
      }
    case "--compressions":
      options.compressions = (arguments.popFirst() ?? "").split(separator: ",").compactMap {
        parseCompression(String($0))
      }
    default:
      FileHandle.standardError.write(
        Data(
          "usage: png-bench [--messages N] [--runs N] [--alpha] [--save DIR] [--components] [--filters none,sub,up,average,paeth,adaptive] [--compressions zlib:LEVEL[:default|rle|filtered],libdeflate:LEVEL]\n"
            .utf8))
      exit(2)
    }
  }
  return options
}

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Median and minimum of `runs` timings of `body`, plus its last result.
func measure<T>(runs: Int, _ body: () throws -> T) rethrows -> (
  median: Double, min: Double, result: T
) {
  var times: [Double] = []
  var result: T?
  for _ in 0..<runs {
    let start = now()
    result = try body()
    times.append(now() - start)
  }
  times.sort()
  return (times[times.count / 2], times[0], result!)
}

func kib(_ n: Int) -> String { String(format: "%.0f KiB", Double(n) / 1024) }
func ms(_ t: Double) -> String { String(format: "%.1f ms", t * 1000) }

final class ByteCounter { var count = 0; var bytes: [UInt8] = [] }

func cairoPNG(_ surface: OpaquePointer) -> [UInt8] {
  let counter = ByteCounter()
  counter.bytes.reserveCapacity(4 << 20)
  let status = cairo_surface_write_to_png_stream(
    surface,
    { closure, data, length in
      let counter = Unmanaged<ByteCounter>.fromOpaque(closure!).takeUnretainedValue()
      counter.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return CAIRO_STATUS_SUCCESS
    }, Unmanaged.passUnretained(counter).toOpaque())
  precondition(status == CAIRO_STATUS_SUCCESS)
  return counter.bytes
}

/// Decodes with cairo (libpng checks every CRC and the zlib stream) and compares pixels.
func maxChannelDifference(png: [UInt8], against surface: OpaquePointer, opaque: Bool) -> Int {
  final class Reader { var bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
  let reader = Reader(png)
  let decoded = cairo_image_surface_create_from_png_stream(
    { closure, data, length in
      let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
      let count = Int(length)
      guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
      reader.bytes.withUnsafeBytes {
        UnsafeMutableRawPointer(data!).copyMemory(
          from: $0.baseAddress! + reader.offset, byteCount: count)
      }
      reader.offset += count
      return CAIRO_STATUS_SUCCESS
    }, Unmanaged.passUnretained(reader).toOpaque())!
  defer { cairo_surface_destroy(decoded) }
  guard cairo_surface_status(decoded) == CAIRO_STATUS_SUCCESS else { return Int.max }
  let width = Int(cairo_image_surface_get_width(surface))
  let height = Int(cairo_image_surface_get_height(surface))
  guard Int(cairo_image_surface_get_width(decoded)) == width,
    Int(cairo_image_surface_get_height(decoded)) == height
  else { return Int.max }
  let a = cairo_image_surface_get_data(surface)!
  let b = cairo_image_surface_get_data(decoded)!
  let strideA = Int(cairo_image_surface_get_stride(surface))
  let strideB = Int(cairo_image_surface_get_stride(decoded))
  var worst = 0
  for y in 0..<height {
    for x in 0..<(width * 4) {
      worst = max(worst, abs(Int(a[y * strideA + x]) - Int(b[y * strideB + x])))
    }
  }
  return worst
}

let options = parseOptions()
let drawStart = now()
var surface = ChatSurface.make(messages: options.messages, seed: 1)
let drawTime = now() - drawStart
if options.alpha {
  // Same drawing on a transparent background: bubbles and text over alpha 0.
  let width = cairo_image_surface_get_width(surface)
  let height = cairo_image_surface_get_height(surface)
  let clear = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
  let cr = cairo_create(clear)
  cairo_set_source_surface(cr, surface, 0, 0)
  // Whiteness becomes transparency: use the image's blue-inverse as a mask source is overkill;
  // take the original and fade it so every pixel has partial alpha somewhere.
  cairo_paint_with_alpha(cr, 0.85)
  cairo_destroy(cr)
  cairo_surface_destroy(surface)
  surface = clear
}
let width = Int(cairo_image_surface_get_width(surface))
let height = Int(cairo_image_surface_get_height(surface))
let rowStride = Int(cairo_image_surface_get_stride(surface))
let pixels = UnsafeRawBufferPointer(
  start: cairo_image_surface_get_data(surface), count: rowStride * height)
let opaque = PNGEncoder.isOpaque(pixels: pixels, width: width, height: height, stride: rowStride)
print(
  "surface \(width)×\(height), \(options.messages) messages, opaque: \(opaque), runs: \(options.runs)"
)
print("layout + drawing (pango, cairo, first run, CPU): \(ms(drawTime))")

if options.components {
  try Components.run(
    pixels: pixels, width: width, height: height, stride: rowStride, runs: options.runs,
    filters: options.filters, compressions: options.compressions)
  exit(0)
}

func report(_ name: String, _ filter: String, _ run: (median: Double, min: Double, result: [UInt8]))
{
  let difference = maxChannelDifference(png: run.result, against: surface, opaque: opaque)
  print(
    "| \(name) | \(filter) | \(ms(run.median)) | \(ms(run.min)) | \(kib(run.result.count)) | "
      + String(
        format: "%.3f | %.1f× | %.1f× | %d |", Double(run.result.count) / Double(cairoSize),
        cairoRun.median / run.median, cairoRun.min / run.min, difference))
  if let directory = options.saveDirectory {
    _ = FileManager.default.createFile(
      atPath: "\(directory)/\(name)-\(filter).png", contents: Data(run.result))
  }
}

let cairoRun = measure(runs: options.runs) { cairoPNG(surface) }
let cairoSize = cairoRun.result.count
print(
  "CPU time of the encoding thread, \(options.runs) runs; max Δ = largest channel difference after decoding with cairo"
)
print(
  "| encoder | filter | median | min | size | size / cairo | speed-up (median) | speed-up (min) | max Δ |"
)
print("|---|---|---|---|---|---|---|---|---|")
report("cairo_surface_write_to_png", "adaptive", cairoRun)
let ours = try measure(runs: options.runs) {
  try PNGEncoder().encode(
    pixels: pixels, width: width, height: height, stride: rowStride, opaque: opaque)
}
report("PNGEncoder", "none", ours)
// Paired runs (cairo, ours, cairo, ours, ...) so that load changes hit both alike.
var ratios: [Double] = []
for _ in 0..<options.runs {
  let cairo = measure(runs: 1) { cairoPNG(surface) }.min
  let fast = try measure(runs: 1) {
    try PNGEncoder().encode(
      pixels: pixels, width: width, height: height, stride: rowStride, opaque: opaque)
  }.min
  ratios.append(cairo / fast)
}
ratios.sort()
print(
  String(
    format: "paired speed-up cairo / PNGEncoder: median %.1f× (min %.1f×, max %.1f×)\n",
    ratios[ratios.count / 2], ratios[0], ratios[ratios.count - 1]))
for compression in options.compressions {
  for filter in options.filters {
    let encoder = AlternativeEncoder(filter: filter, compression: compression)
    let run = try measure(runs: options.runs) {
      try encoder.encode(
        pixels: pixels, width: width, height: height, stride: rowStride, opaque: opaque)
    }
    report(describe(compression), "\(filter)", run)
  }
}
cairo_surface_destroy(surface)
