import RuaPaperKit

/// Every command, in the order `rua-paper --help` lists them.
let allCommands: [any Command] = [
  InitCommand(),
  ImportCommand(),
  ExportCommand(),
  PatientsCommand(),
  DocumentCommand.er,
  MedsCommand(),
  DocumentCommand.falls,
  DocumentCommand.card,
  DocumentCommand.mar,
  FillCommand(),
  MedCommand(),
  AllergyCommand(),
  ChangesCommand(),
  ShareCommand(),
  BatchCommand(),
  LogCommand(),
  DoctorCommand(),
  DemoCommand(),
  RasterizeCommand(),
  DiffCommand(),
  SnapshotCommand(),
  ContentCommand(),
  VersionCommand(),
]
