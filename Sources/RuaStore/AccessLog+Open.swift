extension Store {
  /// True when some intent row has no outcome row yet: one pass over two columns, so a start
  /// with nothing to close (the usual case) does not read and decode the whole log.
  public func hasOpenIntents() throws(StoreError) -> Bool {
    try connection.scalarInt(
      """
      SELECT EXISTS (SELECT id FROM access_log WHERE outcome = 'intent'
        EXCEPT SELECT intent_id FROM access_log WHERE intent_id IS NOT NULL)
      """) == 1
  }
}
