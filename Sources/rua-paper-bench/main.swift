// SPDX-License-Identifier: Apache-2.0
import RuaCLI

// `rua-paper-bench`: the benchmark of docs/performance.md, kept out of the shipped tool. It
// takes the options `rua-paper bench` took (`rua-paper-bench --help`).
Process.harden()
let code = RuaPaper.runAlone(
  BenchCommand(), Array(CommandLine.arguments.dropFirst()), Process.context())
Process.exit(code)
