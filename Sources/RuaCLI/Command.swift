/// One `rua-paper COMMAND`.
public protocol Command: Sendable {
  var name: String { get }
  /// One line for the command list.
  var summary: String { get }
  /// The usage line(s) after `rua-paper `, e.g. `init [--db PATH] [--key-file PATH]`.
  var usage: String { get }
  /// A paragraph or two shown by `--help`, after the usage.
  var details: String { get }
  var options: [OptionSpec] { get }
  /// The exit code for a usage error (64 unless the command documents another, as `diff` does).
  var usageErrorCode: ExitCode { get }
  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode
}

extension Command {
  public var details: String { "" }
  public var usageErrorCode: ExitCode { .usage }

  /// The command's options and the ones every command takes (`--quiet`), as the parser, the
  /// man page and the completions see them.
  public var allOptions: [OptionSpec] { options + [CommonOptions.quiet] }

  public func help() -> String {
    var text = "usage: rua-paper \(usage)\n\n\(summary)\n"
    if !details.isEmpty { text += "\n" + details + "\n" }
    let all = allOptions + [OptionSpec("help", short: "h", help: "show this help")]
    text += "\noptions:\n"
    for option in all {
      var left = "  "
      if let short = option.short { left += "-\(short), " } else { left += "    " }
      left += "--" + option.long
      switch option.kind {
      case .flag: break
      case .value, .repeated: left += " " + option.valueName
      case .optionalValue: left += " [" + option.valueName + "]"
      }
      let pad = max(1, 28 - left.count)
      text += left + String(repeating: " ", count: pad) + option.help + "\n"
    }
    return text
  }
}

/// Options every command accepts.
public enum CommonOptions {
  public static let quiet = OptionSpec(
    "quiet", short: "q", help: "no progress and no 'wrote …' notes; errors and data only")
}

/// Options every command that opens the store accepts.
public enum StoreOptions {
  public static let specs: [OptionSpec] = [
    OptionSpec(
      "db", .value, value: "PATH",
      help: "the encrypted store (default $RUA_DB, then $XDG_DATA_HOME/rua-paper/store.db)"),
    OptionSpec(
      "key-file", .value, value: "PATH",
      help:
        "the key file (default $RUA_KEY_FILE, then $XDG_CONFIG_HOME/rua-paper/key)"),
  ]
}
