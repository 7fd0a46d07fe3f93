// SPDX-License-Identifier: Apache-2.0
/// One numbered step of the schema. `PRAGMA user_version` records the last one applied.
public struct Migration: Sendable {
  public let version: Int
  let apply: @Sendable (Connection) throws(StoreError) -> Void

  public init(version: Int, sql: String) {
    self.version = version
    self.apply = { (connection: Connection) throws(StoreError) in try connection.execute(sql) }
  }

  public init(version: Int, apply: @escaping @Sendable (Connection) throws(StoreError) -> Void) {
    self.version = version
    self.apply = apply
  }
}
