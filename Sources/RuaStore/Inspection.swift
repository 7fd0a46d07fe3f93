// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// What `doctor` learns about a store, read-only: nothing it does changes a byte of the file.
public struct StoreReport: Sendable {
  public enum State: Sendable {
    case ready
    /// The schema is older than this rua-paper; opening the store migrates it (after a snapshot).
    case needsMigration(from: Int, to: Int)
    case refused(StoreError)
  }

  public var state: State
  public var schemaVersion: Int?
  /// Rows of `integrity_check` other than "ok" and rows of `cipher_integrity_check`.
  public var problems: [String] = []
  public var rowCounts: [(table: String, rows: Int)] = []
  /// The access log's chain, triggers and anchor (schema 2 and later).
  public var accessLog: AccessLogReview?
  /// A snapshot left beside the store by an interrupted migration.
  public var leftoverSnapshot: String?

  public var isReady: Bool {
    if case .ready = state { return problems.isEmpty && accessLog?.isSound != false }
    return false
  }
}

extension Store {
  /// The SQLite and SQLCipher versions of the linked library (cipher_version empty = not
  /// SQLCipher), read from an in-memory connection.
  public static func libraryVersions() -> (sqlite: String, sqlcipher: String?) {
    let version = try? Connection(path: ":memory:", mode: .create).scalarText(
      "PRAGMA cipher_version")
    return (Connection.sqliteVersion, version ?? nil)
  }

  /// Diagnoses the store through a read-only connection: boot state, schema version, full
  /// `integrity_check` and `cipher_integrity_check`, row counts.
  public static func inspect(
    _ location: StoreLocation, latestVersion: Int = Schema.latestVersion
  ) -> StoreReport {
    var report = StoreReport(state: .ready)
    let snapshot = Migrator.snapshotPath(location.database)
    if Files.exists(snapshot) { report.leftoverSnapshot = snapshot }
    do throws(StoreError) {
      let connection = try checkedConnection(location, mode: .readOnly)
      let version = try Migrator.schemaVersion(connection, latest: latestVersion)
      report.schemaVersion = version
      if version < latestVersion {
        report.state = .needsMigration(from: version, to: latestVersion)
      }
      report.problems += try connection.column("PRAGMA integrity_check").filter { $0 != "ok" }
      report.problems += try connection.column("PRAGMA cipher_integrity_check")
      let present = Set(
        try connection.column("SELECT name FROM sqlite_master WHERE type = 'table'"))
      for table in Schema.tables where present.contains(table) {
        let rows = try connection.scalarInt("SELECT count(*) FROM \(table)") ?? 0
        report.rowCounts.append((table, Int(rows)))
      }
      if version >= 2 {
        // A read-only review writes no row, so no one is named.
        report.accessLog = try Store(
          connection: connection, location: location, actor: .readingOnly
        ).reviewAccessLog()
      }
      if !report.problems.isEmpty {
        report.state = .refused(
          StoreError(
            .corrupt, "\(location.database) failed its integrity checks",
            libraryMessage: report.problems.prefix(3).joined(separator: "; "),
            advice: Opening.corruptAdvice))
      }
    } catch {
      report.state = .refused(error)
    }
    return report
  }
}
