// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaStore

struct InitCommand: Command {
  let name = "init"
  let summary = "create a new encrypted store and its key file"
  let usage = "init [--db PATH] [--key-file PATH]"
  let details = """
    Makes 32 random bytes (getrandom), writes them hex-encoded to the key file (mode 0600) and
    creates the store (mode 0600, folders 0700) with the current schema. Refuses when either
    file already exists: init never overwrites a store or a key. Keep the key file safe and
    back it up apart from the store: without it the store cannot be read.
    """
  let options = StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.isEmpty else { throw .invalidRequest("init takes no arguments") }
    let location = try StoreOptions.location(arguments, context)
    _ = try StoreAccess.perform { () throws(StoreError) in
      try Store.create(location, actor: .current())
    }
    context.print("created the store \(location.database)")
    context.print("created the key file \(location.keyFile)")
    context.note(
      "keep the key file safe and back it up apart from the store: without it the store cannot "
        + "be read")
    return .success
  }
}
