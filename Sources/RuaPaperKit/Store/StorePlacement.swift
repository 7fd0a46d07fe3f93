// SPDX-License-Identifier: Apache-2.0
import RuaFiles
public import RuaStore

extension StoreLocation {
  /// `database` and `keyFile` as given (`--db`, `--key-file`), then `RUA_DB`/`RUA_KEY_FILE`,
  /// then the XDG defaults (`$XDG_DATA_HOME/rua-paper/store.db`,
  /// `$XDG_CONFIG_HOME/rua-paper/key`, falling back to `$HOME/.local/share` and
  /// `$HOME/.config`); relative paths are read from `host`'s working directory.
  public init(database: String?, keyFile: String?, host: HostEnvironment) throws(PaperError) {
    let env = host.environment
    func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
    func base(_ xdg: String, _ fallback: String) throws(PaperError) -> String {
      if let dir = nonEmpty(env[xdg]), dir.hasPrefix("/") { return dir }
      guard let home = nonEmpty(env["HOME"]) else {
        throw PaperError(
          "cannot find the default store location: neither $\(xdg) nor $HOME is set; "
            + "pass --db and --key-file", kind: .invalidRequest)
      }
      return home + "/" + fallback
    }
    var path = nonEmpty(database) ?? nonEmpty(env["RUA_DB"])
    if path == nil { path = try base("XDG_DATA_HOME", ".local/share") + "/rua-paper/store.db" }
    var key = nonEmpty(keyFile) ?? nonEmpty(env["RUA_KEY_FILE"])
    if key == nil { key = try base("XDG_CONFIG_HOME", ".config") + "/rua-paper/key" }
    self.init(database: host.absolute(path ?? ""), keyFile: host.absolute(key ?? ""))
  }

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
