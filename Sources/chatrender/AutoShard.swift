/// `--shard auto/N`: the share's number from the scheduler that started this copy, so one
/// command line serves every task of a Kubernetes Indexed Job, a Slurm array or GNU parallel
/// (docs/SERVE.md, "Batches past one machine").
enum AutoShard {
  /// Where each scheduler puts the task's index, and the number of its first task.
  static let sources: [(variable: String, scheduler: String, first: Int)] = [
    ("JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job", 0),
    ("SLURM_ARRAY_TASK_ID", "a Slurm array", 0),
    ("PARALLEL_SEQ", "GNU parallel", 1),
  ]

  /// `auto/N`'s count, or nil when `text` is not of that form.
  static func count(in text: String) -> Int? {
    guard text.lowercased().hasPrefix("auto/"), let count = Int(text.dropFirst(5)), count >= 1 else { return nil }
    return count
  }

  /// The share (counted from 1) and a note saying where it came from. A Slurm array counts
  /// from `SLURM_ARRAY_TASK_MIN` when that is set.
  static func resolve(count: Int, environment: [String: String]) throws(UsageError) -> (index: Int, note: String) {
    guard let (variable, scheduler, first) = sources.first(where: { environment[$0.variable] != nil }) else {
      throw UsageError(
        message:
          "--shard auto/\(count) takes its number from \(sources.map(\.variable).joined(separator: ", ")); none is set",
        command: .render)
    }
    let text = environment[variable] ?? ""
    let start =
      variable == "SLURM_ARRAY_TASK_ID" ? environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? first : first
    guard let value = Int(text), (start..<(start + count)).contains(value) else {
      throw UsageError(
        message: "--shard auto/\(count): \(variable)=\(text) is not a task from \(start) to \(start + count - 1)",
        command: .render)
    }
    let index = value - start + 1
    return (index, "--shard auto/\(count) is share \(index) of \(count) (\(variable)=\(text), \(scheduler))")
  }
}
