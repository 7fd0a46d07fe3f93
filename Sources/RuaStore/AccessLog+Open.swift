extension Store {
  /// True when some intent row has no outcome row yet. Both sides are read from the partial
  /// indexes of schema 4 (`INDEXED BY` makes a lost index an error, not a silent full scan), so
  /// a start with nothing to close (the usual case) reads a few index pages, not the log.
  public func hasOpenIntents() throws(StoreError) -> Bool {
    try connection.scalarInt(
      """
      SELECT EXISTS (SELECT id FROM access_log INDEXED BY access_log_intents
          WHERE outcome = 'intent'
        EXCEPT SELECT intent_id FROM access_log INDEXED BY access_log_closes
          WHERE intent_id IS NOT NULL)
      """) == 1
  }
}
