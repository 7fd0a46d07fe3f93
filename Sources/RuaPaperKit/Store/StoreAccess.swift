// SPDX-License-Identifier: Apache-2.0
package import RuaStore

/// How store refusals become the application's errors.
package enum StoreAccess {
  /// Runs a store operation, turning its error into a refusal with the right exit code.
  package static func perform<T>(_ body: () throws(StoreError) -> T) throws(PaperError) -> T {
    do { return try body() } catch { throw paperError(error) }
  }

  package static func paperError(_ error: StoreError) -> PaperError {
    PaperError(error.description, kind: kind(error.kind))
  }

  package static func kind(_ kind: StoreError.Kind) -> PaperError.Kind {
    switch kind {
    case .noDatabase, .databaseWithoutKey, .keyWithoutDatabase: return .notFound
    case .keyFileRefused, .permission: return .permission
    case .wrongKeyOrNotEncrypted, .plainSQLite, .sqlcipher3, .notAStore, .corrupt,
      .accessLogTampered:
      return .invalidData
    case .wrongLibrary: return .unavailable
    case .newerSchema, .busy, .interruptedWrite: return .busy
    case .migrationFailed, .database: return .internalFailure
    case .alreadyExists: return .cannotCreate
    case .io: return .io
    }
  }
}
