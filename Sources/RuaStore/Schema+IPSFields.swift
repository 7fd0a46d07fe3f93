// SPDX-License-Identifier: Apache-2.0
extension Schema {
  // Schema 6: when a patient's record was last vouched for by its source (`sourceDate`: an
  // imported summary's date or the file's `exportedAt`), so documents date it by the source
  // rather than by the import; the day a weight was measured and the blood type; the source's
  // codings of conditions, allergies and medicines (`codes`, a JSON array). Immunizations and a
  // device's `since` are `facts`. Rows written before are left NULL: dated by their changes.
  static let version6 = """
    ALTER TABLE patients ADD COLUMN source_date TEXT;
    ALTER TABLE patients ADD COLUMN weight_measured_on TEXT;
    ALTER TABLE patients ADD COLUMN blood_type TEXT;
    ALTER TABLE medications ADD COLUMN codes TEXT;
    ALTER TABLE allergies ADD COLUMN codes TEXT;
    ALTER TABLE conditions ADD COLUMN codes TEXT;
    """
}
