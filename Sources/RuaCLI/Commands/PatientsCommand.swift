// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

struct PatientsCommand: Command {
  let name = "patients"
  let summary = "list the patients in the store (id, name, date of birth)"
  let usage = "patients [--search TEXT] [--format text|json] [--db PATH] [--key-file PATH]"
  let details = """
    Lists every patient in file order. --search lists only those whose id, full or preferred
    name contains TEXT, without case or accents (jose, Muller find José Herrera-Müller).
    --format json prints an array of {"id", "fullName", "dateOfBirth"}.
    """
  let options: [OptionSpec] =
    [
      .search,
      OutputFormat.option(help: "output format (default text)"),
    ]
    + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw .invalidRequest("patients takes no arguments")
    }
    let format = try OutputFormat.read(arguments).rawValue
    let patients = try StoreOptions.session(arguments, context).patients(
      matching: arguments.value(.search))
    if format == "json" {
      let array = JSON.array(
        patients.map {
          .object([
            ("id", .string($0.id)), ("fullName", .string($0.fullName)),
            ("dateOfBirth", .string($0.dateOfBirth)),
          ])
        })
      context.write(JSONWriter.write(array, pretty: true))
      return .success
    }
    if patients.isEmpty, let search = arguments.value(.search) {
      context.note("no patient's id or name contains '\(search)'")
      return .success
    }
    if patients.isEmpty {
      context.note("the store has no patients yet; add them with 'rua-paper import FILE'")
      return .success
    }
    context.write(Self.table(patients))
    return .success
  }

  static func table(_ patients: [PatientListing]) -> String {
    let idWidth = max(2, patients.map(\.id.count).max() ?? 0)
    let nameWidth = max(4, patients.map(\.fullName.count).max() ?? 0)
    func row(_ a: String, _ b: String, _ c: String) -> String {
      a.padded(to: idWidth + 2) + b.padded(to: nameWidth + 2) + c + "\n"
    }
    return row("ID", "NAME", "BORN")
      + patients.map { row($0.id, $0.fullName, $0.dateOfBirth) }.joined()
  }
}

extension OptionSpec {
  fileprivate static let search = OptionSpec(
    "search", .value, value: "TEXT", help: "only patients whose name has TEXT")
}
