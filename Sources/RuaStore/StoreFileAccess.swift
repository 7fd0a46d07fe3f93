// SPDX-License-Identifier: Apache-2.0
public import RuaFiles

extension StoreError {
  /// A file operation's failure in the store's terms: permission, "already exists" or I/O.
  public init(_ error: FileError) {
    let kind: Kind =
      error.isPermission ? .permission : error.isExisting ? .alreadyExists : .io
    let context =
      error.isExisting ? "\(error.path) already exists; it is left untouched" : error.description
    self.init(kind, context, code: error.code, libraryMessage: error.reason)
  }
}

/// Runs a file operation, reporting its failure as a `StoreError`.
func storeIO<T>(_ body: () throws(FileError) -> T) throws(StoreError) -> T {
  do { return try body() } catch { throw StoreError(error) }
}
