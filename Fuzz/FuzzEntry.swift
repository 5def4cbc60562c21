import Foundation

/// The target `CHATRENDER_FUZZ_TARGET` names, found once.
let selectedFuzzTarget: FuzzTarget? = FuzzTarget.named(
  ProcessInfo.processInfo.environment["CHATRENDER_FUZZ_TARGET"] ?? "")

/// libFuzzer calls this once before fuzzing: an unknown target lists the known ones and
/// stops here (stopping inside a run would be recorded as a crash).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  guard selectedFuzzTarget == nil else { return 0 }
  let names = FuzzTarget.all.map(\.name).joined(separator: " ")
  FileHandle.standardError.write(Data("set CHATRENDER_FUZZ_TARGET to one of: \(names)\n".utf8))
  exit(2)
}

/// libFuzzer's entry point: called once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  selectedFuzzTarget?.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
