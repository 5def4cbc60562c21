import Foundation

/// The processors this process may run on: its affinity mask (`taskset`, a container's
/// cpuset), which `ProcessInfo.activeProcessorCount` does not read on Linux.
enum UsableCores {
  /// At least 1.
  static let count: Int = {
    let online = max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
    else { return online }
    let mask = line.dropFirst("Cpus_allowed:".count).filter(\.isHexDigit)
    let allowed = mask.reduce(0) { $0 + (Int(String($1), radix: 16) ?? 0).nonzeroBitCount }
    return allowed > 0 ? min(allowed, online) : online
  }()
}
