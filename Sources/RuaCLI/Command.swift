// SPDX-License-Identifier: Apache-2.0
public import RuaPaperKit
import RuaStore

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
  /// The exit code of every refusal, when the command documents one (`diff`, `snapshot`: 2,
  /// as diff(1) and cmp(1)); nil when the kind of error decides (`ExitStatus`).
  var errorExitCode: ExitCode? { get }
  /// The usage line's first word: `rua-paper` (then the command's `usage`), or an executable
  /// of its own (`rua-paper-bench`).
  var program: String { get }
  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode
}

extension Command {
  public var details: String { "" }
  public var usageErrorCode: ExitCode { .usage }
  public var errorExitCode: ExitCode? { nil }
  public var program: String { "rua-paper" }

  /// The command's options and the ones every command takes (`--quiet`), as the parser, the
  /// man page and the completions see them.
  public var allOptions: [OptionSpec] { options + [CommonOptions.quiet] }

  public func help() -> String {
    var text = "usage: \(program) \(usage)\n\n\(summary)\n"
    if !details.isEmpty { text += "\n" + details + "\n" }
    let all = allOptions + [.help]
    text += "\noptions:\n"
    for option in all {
      let left = "  " + (option.short == nil ? "    " : "") + option.tag
      text += left.padded(to: 28) + option.help + "\n"
    }
    return text
  }
}

extension OptionSpec {
  /// `-o, --output FILE|-`, `--print [PRINTER]`: the option as `--help` and the man page
  /// show it.
  var tag: String {
    let names = (short.map { "-\($0), " } ?? "") + "--" + long
    switch kind {
    case .flag: return names
    case .value, .repeated: return names + " " + valueName
    case .optionalValue: return names + " [" + valueName + "]"
    }
  }

  /// `--output`, `-o`: every way argv may name the option, as the completions offer them.
  var spellings: [String] { ["--" + long] + (short.map { ["-\($0)"] } ?? []) }

  /// `-h`/`--help`, which the shell answers before a command runs (`RuaPaper`).
  static let help = OptionSpec("help", short: "h", help: "show this help")
}

extension String {
  /// Padded with spaces to `width` characters, at least one space after: the columns of
  /// `--help`, the command list, `doctor`, `patients` and `import --dry-run`'s table.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }
}

/// Options every command accepts.
public enum CommonOptions {
  public static let quiet = OptionSpec(
    "quiet", short: "q", help: "no progress and no 'wrote …' notes; errors and data only")
}

/// Options every command that opens the store accepts.
public enum StoreOptions {
  public static let specs: [OptionSpec] = [.db, .keyFile]

  /// The store `--db`/`--key-file` name, else the environment's or the default one
  /// (`StoreLocation(database:keyFile:host:)`).
  static func location(_ arguments: ParsedArguments, _ context: Context) throws(PaperError)
    -> StoreLocation
  {
    try StoreLocation(
      database: arguments.value(.db), keyFile: arguments.value(.keyFile), host: context.host)
  }

  /// A session over the store the options name (`location`).
  static func session(
    _ arguments: ParsedArguments, _ context: Context, closingAbandoned: Bool = false
  ) throws(PaperError) -> Session {
    try context.session(location(arguments, context), closingAbandoned: closingAbandoned)
  }
}

extension OptionSpec {
  static let db = OptionSpec(
    "db", .value, value: "PATH",
    help: "the encrypted store (default $RUA_DB, then $XDG_DATA_HOME/rua-paper/store.db)")
  static let keyFile = OptionSpec(
    "key-file", .value, value: "PATH",
    help: "the key file (default $RUA_KEY_FILE, then $XDG_CONFIG_HOME/rua-paper/key)")
}
