// SPDX-License-Identifier: Apache-2.0
extension Store {
  /// True when some intent row has no outcome row yet. Only the intents after the watermark
  /// the store's stamp vouches for are read (`CheckedStamp`: every intent up to it was closed
  /// when the last process left the file as it is), each looked up in schema 4's index of the
  /// ids outcome rows close; so a start reads a few index pages, however long the log. Without
  /// a stamp the watermark is 0 and every intent is looked up; were an index lost, the same
  /// query still answers, by reading the table.
  public func hasOpenIntents() throws(StoreError) -> Bool {
    let statement = try connection.prepare(Self.openIntentQuery)
    try statement.bind([.integer(intentWatermark)])
    return try statement.step() && statement.int(0) == 1
  }

  /// The highest id up to which every intent row is closed: the id before the first open one
  /// after this store's watermark, or the head when none is open. What the stamp records.
  func intentsClosedThrough() throws(StoreError) -> Int64 {
    let statement = try connection.prepare(
      """
      SELECT coalesce((SELECT min(id) - 1 FROM (\(Self.openIntentsAfter))),
        (SELECT coalesce(max(id), 0) FROM access_log))
      """)
    try statement.bind([.integer(intentWatermark)])
    return try statement.step() ? statement.int(0) : intentWatermark
  }

  static var openIntentQuery: String { "SELECT EXISTS (\(openIntentsAfter))" }

  /// The intent rows after `?` that no outcome row closes. The WHERE clauses are those of
  /// schema 4's partial indexes (`outcome = 'intent'`; `intent_id = …` implies
  /// `intent_id IS NOT NULL`), so both sides are read from them.
  static let openIntentsAfter = """
    SELECT id FROM access_log AS intent WHERE outcome = 'intent' AND id > ?
      AND NOT EXISTS (SELECT 1 FROM access_log WHERE intent_id = intent.id)
    """
}
