// SPDX-License-Identifier: Apache-2.0
/// The store's schema, as numbered migrations. Add a migration; never edit a released one.
public enum Schema {
  public static let migrations: [Migration] = [
    Migration(version: 1, sql: version1), Migration(version: 2, sql: version2),
    Migration(version: 3, sql: version3), Migration(version: 4, sql: version4),
    Migration(version: 5, sql: version5), Migration(version: 6, sql: version6),
  ]

  public static var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Tables every rua-paper store has, for `doctor` and row counts.
  public static let tables = [
    "patients", "medications", "fills", "allergies", "conditions", "contacts", "care_team",
    "facts", "circle", "change_log", "access_log",
  ]

  // Ids are UUIDv7 text; `external_id` is the care-circle id; `position` keeps file order.
  // Children are matched to the file by position (medications by their id); see docs/store.md.
  static let version1 = """
    CREATE TABLE patients (
      id TEXT PRIMARY KEY NOT NULL, external_id TEXT NOT NULL UNIQUE, position INTEGER NOT NULL,
      full_name TEXT NOT NULL, preferred_name TEXT, date_of_birth TEXT NOT NULL, sex TEXT,
      language TEXT, interpreter_needed INTEGER, weight_kg REAL, height_cm REAL, address TEXT,
      phone TEXT, insurance TEXT, code_status TEXT, no_known_allergies INTEGER NOT NULL,
      preferred_hospital TEXT, dependents TEXT, notes TEXT);
    CREATE TABLE medications (
      id TEXT PRIMARY KEY NOT NULL,
      patient_id TEXT NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
      external_id TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL, brand TEXT,
      strength TEXT, form TEXT, route TEXT, dose TEXT, schedule TEXT, times TEXT,
      as_needed INTEGER NOT NULL, as_needed_reason TEXT, max_per_day TEXT, purpose TEXT,
      prescriber TEXT, instructions TEXT, start_date TEXT, status TEXT NOT NULL,
      stopped_date TEXT, high_alert INTEGER, refills_remaining INTEGER, rx_number TEXT,
      UNIQUE (patient_id, external_id));
    CREATE TABLE fills (
      id TEXT PRIMARY KEY NOT NULL,
      medication_id TEXT NOT NULL REFERENCES medications(id) ON DELETE CASCADE,
      position INTEGER NOT NULL, fill_date TEXT NOT NULL, day_supply INTEGER NOT NULL,
      quantity REAL, pharmacy TEXT);
    CREATE TABLE allergies (
      id TEXT PRIMARY KEY NOT NULL,
      patient_id TEXT NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
      position INTEGER NOT NULL, substance TEXT NOT NULL, reaction TEXT, severity TEXT, kind TEXT);
    CREATE TABLE conditions (
      id TEXT PRIMARY KEY NOT NULL,
      patient_id TEXT NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
      position INTEGER NOT NULL, name TEXT NOT NULL, since TEXT, notes TEXT);
    CREATE TABLE contacts (
      id TEXT PRIMARY KEY NOT NULL,
      patient_id TEXT NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
      position INTEGER NOT NULL, name TEXT NOT NULL, relation TEXT, phone TEXT, alt_phone TEXT,
      roles TEXT);
    CREATE TABLE care_team (
      id TEXT PRIMARY KEY NOT NULL,
      patient_id TEXT NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
      position INTEGER NOT NULL, name TEXT NOT NULL, role TEXT, phone TEXT, organization TEXT);
    CREATE TABLE facts (
      id TEXT PRIMARY KEY NOT NULL,
      patient_id TEXT NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
      position INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL);
    CREATE TABLE circle (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
    CREATE INDEX medications_patient ON medications(patient_id, position);
    CREATE INDEX fills_medication ON fills(medication_id, position);
    CREATE INDEX allergies_patient ON allergies(patient_id, position);
    CREATE INDEX conditions_patient ON conditions(patient_id, position);
    CREATE INDEX contacts_patient ON contacts(patient_id, position);
    CREATE INDEX care_team_patient ON care_team(patient_id, position);
    CREATE INDEX facts_patient ON facts(patient_id, position);

    CREATE TABLE change_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, epoch INTEGER NOT NULL,
      entity TEXT NOT NULL, entity_id TEXT NOT NULL, patient_id TEXT,
      action TEXT NOT NULL CHECK (action IN ('insert', 'update', 'delete')), diff TEXT NOT NULL);
    CREATE INDEX change_log_patient ON change_log(patient_id, id);

    CREATE TABLE access_log (
      id INTEGER PRIMARY KEY NOT NULL, uuid TEXT NOT NULL UNIQUE, time TEXT NOT NULL,
      epoch INTEGER NOT NULL, patient_id TEXT, document TEXT NOT NULL, action TEXT NOT NULL,
      destination TEXT, sha256 TEXT, pages INTEGER, tool_version TEXT NOT NULL,
      content_version TEXT, outcome TEXT NOT NULL, job_id TEXT, intent_id INTEGER,
      process_id INTEGER, prev_hash BLOB NOT NULL, row_hash BLOB NOT NULL);
    CREATE INDEX access_log_patient ON access_log(patient_id, id);
    -- Append-only. REPLACE deletes the old row; with recursive_triggers ON that delete fires
    -- access_log_no_delete, and the monotonic trigger refuses any id at or below the last one.
    CREATE TRIGGER access_log_no_update BEFORE UPDATE ON access_log
      BEGIN SELECT RAISE(ABORT, 'access_log is append-only'); END;
    CREATE TRIGGER access_log_no_delete BEFORE DELETE ON access_log
      BEGIN SELECT RAISE(ABORT, 'access_log is append-only'); END;
    CREATE TRIGGER access_log_monotonic BEFORE INSERT ON access_log
      WHEN NEW.id IS NOT NULL AND NEW.id <= (SELECT coalesce(max(id), 0) FROM access_log)
      BEGIN SELECT RAISE(ABORT, 'access_log ids must increase'); END;
    """
}
