/// Every command, in the order `rua-paper --help` lists them.
let allCommands: [any Command] = [
  VersionCommand(),
  RasterizeCommand(),
  DiffCommand(),
  ContentCommand(),
]
