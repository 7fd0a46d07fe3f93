extension Store {
  /// Appends several rows in one transaction: one commit (and one round of syncs) for a whole
  /// chunk of a batch. All rows are committed, or none.
  @discardableResult
  public func appendAccess(_ entries: [AccessEntry], now: Int64) throws(StoreError)
    -> [AccessRecord]
  {
    if entries.isEmpty { return [] }
    return try connection.transaction(immediate: true) { () throws(StoreError) in
      var records: [AccessRecord] = []
      records.reserveCapacity(entries.count)
      for entry in entries { records.append(try appendAccess(entry, now: now)) }
      return records
    }
  }
}
