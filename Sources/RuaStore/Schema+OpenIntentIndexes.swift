// SPDX-License-Identifier: Apache-2.0
extension Schema {
  // Schema 4: two partial indexes so every start can tell whether an intent row is still open
  // (`hasOpenIntents`) from the indexes alone, without reading and decrypting the whole log:
  // one holds the intent rows' ids, the other the ids their outcome rows close.
  static let version4 =
    """
    CREATE INDEX access_log_intents ON access_log(id) WHERE outcome = 'intent';
    CREATE INDEX access_log_closes ON access_log(intent_id) WHERE intent_id IS NOT NULL;
    """
}
