// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit

/// The command line, callable in-process: `rua-paper` main and the tests both come here.
public enum RuaPaper {
  public static func run(_ arguments: [String], _ context: Context) -> ExitCode {
    guard let first = arguments.first else {
      context.standardError(Array(overview().utf8))
      return .usage
    }
    if first == "help", arguments.count > 1, arguments[1].hasPrefix("--") {
      return generated(Array(arguments.dropFirst()), context)
    }
    if first == "help", arguments.count == 2, arguments[1] == "format" {
      do throws(PaperError) {
        context.standardOutput(try FormatPage.text())
        return .success
      } catch {
        context.message(error.message)
        return ExitStatus.code(for: error)
      }
    }
    if first == "--help" || first == "-h" || first == "help" {
      guard arguments.count > 1 else {
        context.write(overview())
        return .success
      }
      guard let command = find(arguments[1]) else {
        context.message(
          "no command '\(arguments[1])' to explain; run 'rua-paper --help' for the list")
        return .usage
      }
      context.write(command.help())
      return .success
    }
    if first == "--version" {
      context.print(ToolVersion.full)
      return .success
    }
    guard let command = find(first) else {
      context.message("unknown command '\(first)'; run 'rua-paper --help' for the list")
      return .usage
    }
    return runAlone(command, Array(arguments.dropFirst()), context)
  }

  /// One command with its arguments (after the command name): `--help`, argv parsing, the
  /// run, and the one table from `PaperError` to a message and an exit code. The benchmark
  /// executable runs its one command through this too.
  public static func runAlone(_ command: any Command, _ rest: [String], _ context: Context)
    -> ExitCode
  {
    // One scan: --help or -h among the options (before `--`) shows the help and runs nothing.
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
      context.write(command.help())
      return .success
    }
    var context = context
    let parsed: ParsedArguments
    do throws(PaperError) {
      parsed = try ArgumentParser.parse(rest, options: command.allOptions)
    } catch {
      context.message(error.message)
      context.standardError(Array("usage: \(command.program) \(command.usage)\n".utf8))
      return command.usageErrorCode
    }
    do throws(PaperError) {
      context.quiet = parsed.flag(CommonOptions.quiet)
      let code = try command.run(parsed, context)
      if let failure = context.standardOutputFailure() {
        throw PaperError("cannot write to standard output: \(failure)", kind: .io)
      }
      return code
    } catch {
      context.message(error.message)
      // A command with one exit code for every refusal (diff, snapshot) shows its usage only
      // for argv it cannot parse.
      if let code = command.errorExitCode { return code }
      if error.kind == .invalidRequest {
        context.standardError(Array("usage: \(command.program) \(command.usage)\n".utf8))
        return command.usageErrorCode
      }
      return ExitStatus.code(for: error)
    }
  }

  /// `help --man` and `help --completions bash|zsh`: what `scripts/install` installs, made
  /// from the command table. Not listed in the overview: users read the results, not these.
  static func generated(_ arguments: [String], _ context: Context) -> ExitCode {
    switch (arguments.first, arguments.count) {
    case ("--man", 1):
      context.write(ManPage.render(allCommands))
      return .success
    case ("--completions", 2):
      if let script = ShellCompletions.render(arguments[1], allCommands) {
        context.write(script)
        return .success
      }
    case ("--complete", _) where arguments.count >= 3:
      return CompletionCandidates.run(Array(arguments.dropFirst()), context)
    default: break
    }
    context.message(
      "help takes COMMAND, --man, or --completions \(ShellCompletions.shells.joined(separator: "|")), "
        + "not '\(arguments.joined(separator: " "))'")
    return .usage
  }

  static func find(_ name: String) -> (any Command)? {
    allCommands.first { $0.name == name }
  }

  static func overview() -> String {
    var text = """
      rua-paper: print an emergency sheet, a medication list and a fall guide from an \
      encrypted care-circle store

      usage: rua-paper COMMAND [options]

      commands:

      """
    for command in allCommands {
      text += "  " + command.name.padded(to: 12)
      text += command.summary + "\n"
    }
    text += "\nrun 'rua-paper COMMAND --help' for the options of one command\n"
    return text
  }
}
