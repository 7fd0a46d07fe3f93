/// Every command, in the order `rua-paper --help` lists them.
let allCommands: [any Command] = [
  InitCommand(),
  ImportCommand(),
  ExportCommand(),
  PatientsCommand(),
  ERCommand(),
  MedsCommand(),
  FallsCommand(),
  BatchCommand(),
  LogCommand(),
  DoctorCommand(),
  DemoCommand(),
  RasterizeCommand(),
  DiffCommand(),
  ContentCommand(),
  BenchCommand(),
  VersionCommand(),
]
