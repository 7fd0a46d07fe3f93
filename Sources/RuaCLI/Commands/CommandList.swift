/// Every command, in the order `rua-paper --help` lists them.
let allCommands: [any Command] = [
  InitCommand(),
  ImportCommand(),
  ExportCommand(),
  PatientsCommand(),
  LogCommand(),
  DoctorCommand(),
  DemoCommand(),
  VersionCommand(),
]
