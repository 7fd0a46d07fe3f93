// SPDX-License-Identifier: Apache-2.0
extension Schema {
  // Schema 3: who wrote each access_log row (OS user, host, run), which patients a binder held,
  // and the chain format. Existing rows keep every value and stay chain format 1, so their
  // hashes still verify; new rows are format 2 and hash the new fields too. The append-only
  // triggers are recreated from AccessLogGuard.triggers, the SQL doctor and writes check for.
  static let version3 =
    """
    ALTER TABLE access_log ADD COLUMN chain_format INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE access_log ADD COLUMN os_uid INTEGER;
    ALTER TABLE access_log ADD COLUMN os_user TEXT;
    ALTER TABLE access_log ADD COLUMN host TEXT;
    ALTER TABLE access_log ADD COLUMN run_id TEXT;
    ALTER TABLE access_log ADD COLUMN patients TEXT;
    CREATE INDEX access_log_run ON access_log(run_id, id);
    CREATE INDEX access_log_epoch ON access_log(epoch, id);
    DROP TRIGGER access_log_no_update;
    DROP TRIGGER access_log_no_delete;
    DROP TRIGGER access_log_monotonic;

    """ + AccessLogGuard.triggers.map { $0.sql + ";" }.joined(separator: "\n")
}
