import RuaStore

/// Where the store and key are, how to open them, and how store refusals become exit codes.
enum StoreAccess {
  /// `--db`/`--key-file`, then `RUA_DB`/`RUA_KEY_FILE`, then the XDG defaults
  /// (`$XDG_DATA_HOME/rua-paper/store.db`, `$XDG_CONFIG_HOME/rua-paper/key`, falling back to
  /// `$HOME/.local/share` and `$HOME/.config`).
  static func location(_ arguments: ParsedArguments, _ context: Context) throws(CLIError)
    -> StoreLocation
  {
    let env = context.environment
    func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
    func base(_ xdg: String, _ fallback: String) throws(CLIError) -> String {
      if let dir = nonEmpty(env[xdg]), dir.hasPrefix("/") { return dir }
      guard let home = nonEmpty(env["HOME"]) else {
        throw CLIError(
          "cannot find the default store location: neither $\(xdg) nor $HOME is set; "
            + "pass --db and --key-file", code: .usage)
      }
      return home + "/" + fallback
    }
    var database = nonEmpty(arguments.value("db")) ?? nonEmpty(env["RUA_DB"])
    if database == nil {
      database = try base("XDG_DATA_HOME", ".local/share") + "/rua-paper/store.db"
    }
    var key = nonEmpty(arguments.value("key-file")) ?? nonEmpty(env["RUA_KEY_FILE"])
    if key == nil { key = try base("XDG_CONFIG_HOME", ".config") + "/rua-paper/key" }
    return StoreLocation(
      database: context.absolute(database ?? ""), keyFile: context.absolute(key ?? ""))
  }

  static func open(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> Store {
    let location = try location(arguments, context)
    do {
      let store = try Store.open(location)
      for notice in store.notices { context.message(notice) }
      return store
    } catch { throw cliError(error) }
  }

  /// Runs a store operation, turning its error into a refusal with the right exit code.
  static func perform<T>(_ body: () throws(StoreError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw cliError(error) }
  }

  static func cliError(_ error: StoreError) -> CLIError {
    CLIError(error.description, code: exitCode(error.kind))
  }

  static func exitCode(_ kind: StoreError.Kind) -> ExitCode {
    switch kind {
    case .noDatabase, .databaseWithoutKey, .keyWithoutDatabase: return .noInput
    case .keyFileRefused, .permission: return .permission
    case .wrongKeyOrNotEncrypted, .plainSQLite, .sqlcipher3, .notAStore, .corrupt,
      .accessLogTampered:
      return .dataError
    case .wrongLibrary: return .unavailable
    case .newerSchema, .busy, .interruptedWrite: return .temporaryFailure
    case .migrationFailed, .database: return .software
    case .alreadyExists: return .cannotCreate
    case .io: return .ioError
    }
  }
}
