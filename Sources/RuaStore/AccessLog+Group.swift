// SPDX-License-Identifier: Apache-2.0
public import RuaCore

extension Store {
  /// Appends several rows in one transaction: one commit (and one round of syncs) for a whole
  /// chunk of a batch, all committed or none, with the same checks as a single append; the
  /// anchor file then moves to the last of them.
  @discardableResult
  public func appendAccess(_ entries: [AccessEntry], now: Instant? = nil) throws(StoreError)
    -> [AccessRecord]
  {
    if entries.isEmpty { return [] }
    return try AnchorIntent.committing(connection, anchorFile: location.anchorFile) {
      () throws(StoreError) in
      try AccessLogGuard.requireAppendable(connection, anchorFile: location.anchorFile)
      let written = now ?? Self.clock()
      var records: [AccessRecord] = []
      records.reserveCapacity(entries.count)
      for entry in entries { records.append(try insertAccess(entry, now: written)) }
      return (records, records.last?.position)
    }
  }

  /// Refuses what would refuse every append (the append-only triggers dropped, an anchor file
  /// that is missing or names a row the log lacks), so a batch says it once, before rendering,
  /// instead of once per document.
  public func requireAccessLogAppendable() throws(StoreError) {
    try connection.transaction(immediate: false) { () throws(StoreError) in
      try AccessLogGuard.requireAppendable(connection, anchorFile: location.anchorFile)
    }
  }
}
