// SPDX-License-Identifier: Apache-2.0
import RuaCLI

Process.harden()
SignalGuard.shared.install()
let code = RuaPaper.run(Array(CommandLine.arguments.dropFirst()), Process.context())
SignalGuard.shared.parkIfStopping()
Process.exit(code)
