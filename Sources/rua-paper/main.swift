import RuaCLI

Process.harden()
let code = RuaPaper.run(Array(CommandLine.arguments.dropFirst()), Process.context())
Process.exit(code)
