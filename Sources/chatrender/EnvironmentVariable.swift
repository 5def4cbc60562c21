/// The environment variables the tool reads: one table for `--help` and the man page.
@_spi(Pages) import ChatRender

struct EnvironmentVariable {
  let name: String
  let meaning: String

  static let all =
    [
      EnvironmentVariable(
        name: "CHATRENDER_CONFIG", meaning: "the configuration file to read instead of the default"),
      EnvironmentVariable(
        name: "XDG_CONFIG_HOME",
        meaning: "where the default configuration is: $XDG_CONFIG_HOME/chatrender/config.json (else ~/.config)"),
      EnvironmentVariable(
        name: "LC_ALL, LC_TIME, LANG", meaning: "the language of day labels and times (else English)"),
      EnvironmentVariable(name: "TZ", meaning: "the time zone absolute times are shown in"),
      EnvironmentVariable(name: "NO_COLOR", meaning: "set: no colored diagnostics (unless --color always)"),
      EnvironmentVariable(name: "COLUMNS", meaning: "the width of help text when not on a terminal"),
      EnvironmentVariable(
        name: "SOURCE_DATE_EPOCH", meaning: "the creation date written into PDFs (reproducible builds)"),
      EnvironmentVariable(name: "FONTCONFIG_FILE", meaning: "fontconfig's configuration: which fonts exist"),
      EnvironmentVariable(
        name: "JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, PARALLEL_SEQ",
        meaning: "--shard auto/N: this task's number, from Kubernetes, Slurm or GNU parallel (the first set)"),
    ]
    + Limit.allCases.compactMap { limit in
      limit.environmentVariable.map { name in
        EnvironmentVariable(
          name: name,
          meaning:
            "the limit on the \(limit.subject) (default \(Limit.describe(limit.defaultValue, bytes: limit.countsBytes)))"
        )
      }
    }
}
