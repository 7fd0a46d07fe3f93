// SPDX-License-Identifier: Apache-2.0
extension Schema {
  // Schema 5: a held medicine's hold (`hold` in the care-circle format: since, until, reason)
  // and an as-needed medicine's least time between doses (`minIntervalMinutes`). Rows written
  // before are left NULL: a hold recorded without dates reads "since: not recorded".
  static let version5 = """
    ALTER TABLE medications ADD COLUMN hold_since TEXT;
    ALTER TABLE medications ADD COLUMN hold_until TEXT;
    ALTER TABLE medications ADD COLUMN hold_reason TEXT;
    ALTER TABLE medications ADD COLUMN min_interval_minutes INTEGER;
    """
}
