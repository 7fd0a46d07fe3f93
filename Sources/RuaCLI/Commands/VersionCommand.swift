struct VersionCommand: Command {
  let name = "version"
  let summary = "print the version of rua-paper and of the libraries it uses"
  let usage = "version"
  let options: [OptionSpec] = []

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    guard arguments.positionals.isEmpty else { throw .usage("version takes no arguments") }
    context.print(ToolVersion.full)
    return .success
  }
}
