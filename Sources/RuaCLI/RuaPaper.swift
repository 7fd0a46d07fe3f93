/// The command line, callable in-process: `rua-paper` main and the tests both come here.
public enum RuaPaper {
  public static func run(_ arguments: [String], _ context: Context) -> ExitCode {
    guard let first = arguments.first else {
      context.standardError(Array(overview().utf8))
      return .usage
    }
    if first == "--help" || first == "-h" || first == "help" {
      if arguments.count > 1, let command = find(arguments[1]) {
        context.write(command.help())
      } else {
        context.write(overview())
      }
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
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h"),
      !rest.prefix(while: { $0 != "--" }).isEmpty
    {
      let beforeTerminator = rest.prefix(while: { $0 != "--" })
      if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") {
        context.write(command.help())
        return .success
      }
    }
    do throws(CLIError) {
      let parsed = try ArgumentParser.parse(rest, options: command.options)
      let code = try command.run(parsed, context)
      if let failure = context.standardOutputFailure() {
        throw CLIError("cannot write to standard output: \(failure)", code: .ioError)
      }
      return code
    } catch {
      context.message(error.message)
      if error.code == .usage {
        context.standardError(Array("usage: rua-paper \(command.usage)\n".utf8))
        return command.usageErrorCode
      }
      return error.code
    }
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
      text += "  " + command.name + String(repeating: " ", count: max(1, 12 - command.name.count))
      text += command.summary + "\n"
    }
    text += "\nrun 'rua-paper COMMAND --help' for the options of one command\n"
    return text
  }
}
