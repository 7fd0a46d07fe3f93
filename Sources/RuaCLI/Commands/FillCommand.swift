// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

struct FillCommand: Command {
  let name = "fill"
  let summary = "record a refill and show the new run-out date"
  let usage =
    "fill PATIENT MEDICINE [--on YYYY-MM-DD] [--days N] [--quantity Q] [--dry-run] "
    + "[--db PATH] [--key-file PATH]"
  let details = """
    Records that MEDICINE was filled: the fill date (--on, default today) and the day supply
    (--days, default the day supply of its latest fill), then prints the run-out date and days
    left exactly as 'meds' counts them. PATIENT is an id or an unambiguous name prefix;
    MEDICINE is the medicine's id, or its generic or brand name when only one medicine has it
    (salt and release words such as "HCl" or "ER" may be left out). Several matches are listed
    and nothing changes (exit 64).

    The fill is checked by the import rules (a date that does not exist, is after today or is
    before the date of birth, a day supply outside 1-365, a quantity that is not above 0 and
    below 100000 are refused, exit 65, naming the field as import would) and written in one transaction with its change_log row (command,
    user). --dry-run shows the change and the resulting run-out and writes nothing.
    """
  let options: [OptionSpec] =
    [
      .fillDate,
      .daySupply,
      .quantity,
      .showFill,
    ] + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count == 2 else {
      throw .invalidRequest("fill needs a PATIENT and a MEDICINE (an id or a name)")
    }
    let session = try EditSession.open(arguments.positionals[0], arguments, context)
    let medication = try session.medication(arguments.positionals[1])
    let refill = try session.refill(
      medication, on: arguments.value(.fillDate), days: arguments.value(.daySupply),
      quantity: arguments.value(.quantity))
    let edited = try session.commit(
      refill, command: "fill",
      dryRun: arguments.flag(.showFill),
      options: ["fillDate": "--on", "daySupply": "--days", "quantity": "--quantity"],
      showingTo: context)
    if let runway = session.runway(of: medication.id, in: edited) { context.print(runway) }
    return .success
  }
}

extension OptionSpec {
  fileprivate static let fillDate = OptionSpec(
    "on", .value, value: "YYYY-MM-DD", help: "the fill date (default today)")
  fileprivate static let daySupply = OptionSpec(
    "days", .value, value: "N", help: "day supply, 1-365 (default: the latest fill's)")
  fileprivate static let quantity = OptionSpec(
    "quantity", .value, value: "Q", help: "how many units were dispensed (below 100000)")
  fileprivate static let showFill = OptionSpec(
    "dry-run", help: "show the change and the new run-out; write nothing")
}
