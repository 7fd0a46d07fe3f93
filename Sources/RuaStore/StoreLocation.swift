// SPDX-License-Identifier: Apache-2.0
/// Where a store and its key file are.
public struct StoreLocation: Sendable, Equatable {
  public var database: String
  public var keyFile: String

  public init(database: String, keyFile: String) {
    self.database = database
    self.keyFile = keyFile
  }
}
