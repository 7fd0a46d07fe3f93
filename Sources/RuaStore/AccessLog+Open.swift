// SPDX-License-Identifier: Apache-2.0
extension Store {
  /// True when some intent row has no outcome row yet. The WHERE clauses are those of schema
  /// 4's partial indexes, so both sides are read from them and a start with nothing to close
  /// (the usual case) reads a few index pages, not the log; were an index lost, the same query
  /// still answers, by reading the table.
  public func hasOpenIntents() throws(StoreError) -> Bool {
    try connection.scalarInt(Self.openIntentQuery) == 1
  }

  static let openIntentQuery = """
    SELECT EXISTS (SELECT id FROM access_log WHERE outcome = 'intent'
      EXCEPT SELECT intent_id FROM access_log WHERE intent_id IS NOT NULL)
    """
}
