/// Every command, in the order `rua-paper --help` lists them.
let allCommands: [any Command] = [
  InitCommand(),
  ImportCommand(),
  ExportCommand(),
  PatientsCommand(),
  MedsCommand(),
  LogCommand(),
  DoctorCommand(),
  DemoCommand(),
  ContentCommand(),
  VersionCommand(),
]
