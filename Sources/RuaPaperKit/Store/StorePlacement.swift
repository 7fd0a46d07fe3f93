// SPDX-License-Identifier: Apache-2.0
import RuaFiles
public import RuaStore

extension StoreLocation {
  /// Advice that does not make the store unusable: permissions and where the key lives.
  public var placementWarnings: [String] {
    var warnings: [String] = []
    if let status = try? Files.status(database), status.isOpenToOthers {
      warnings.append(
        "the store is open to other users (mode 0\(String(status.mode & 0o777, radix: 8))); "
          + "run: chmod 600 \(database)")
    }
    if Files.exists(keyFile),
      Files.parent(keyFile) == Files.parent(database)
    {
      warnings.append(
        "the key file is in the same folder as the store: a copy of that folder holds both; "
          + "keep the key elsewhere")
    }
    return warnings
  }
}
