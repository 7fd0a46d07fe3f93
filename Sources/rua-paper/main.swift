import RuaCLI

Process.harden()
SignalGuard.shared.install()
let code = RuaPaper.run(Array(CommandLine.arguments.dropFirst()), Process.context())
Process.exit(code)
