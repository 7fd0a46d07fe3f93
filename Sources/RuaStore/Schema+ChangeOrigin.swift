// SPDX-License-Identifier: Apache-2.0
extension Schema {
  /// Version 2: who made each `change_log` row and why. `command` is the rua-paper command
  /// ("import", "fill", "med hold", …), `actor` the operating-system user ("name (uid N)"),
  /// `reason` the `--reason` text of a status change. Rows written before are left NULL. The
  /// index serves import's look-up of the newer edits a file would undo, one row at a time.
  static let version2 = """
    ALTER TABLE change_log ADD COLUMN command TEXT;
    ALTER TABLE change_log ADD COLUMN actor TEXT;
    ALTER TABLE change_log ADD COLUMN reason TEXT;
    CREATE INDEX change_log_entity ON change_log(entity_id, id);
    """
}

/// Who makes a change and with which command; written to every `change_log` row it causes.
public struct ChangeOrigin: Sendable, Equatable {
  /// The command as typed after `rua-paper` ("import", "fill", "med stop", …).
  public var command: String
  /// The operating-system user, "name (uid N)".
  public var actor: String?
  /// Why (a status change's `--reason`), or nil.
  public var reason: String?

  public init(command: String, actor: String? = nil, reason: String? = nil) {
    self.command = command
    self.actor = actor
    self.reason = reason
  }

  /// What a save without a stated origin is: an import.
  public static let importFile = ChangeOrigin(command: "import")
}
