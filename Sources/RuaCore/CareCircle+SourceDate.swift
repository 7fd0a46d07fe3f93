// SPDX-License-Identifier: Apache-2.0
extension CareCircle {
  /// The circle as an import keeps it: a patient without their own `sourceDate` is dated by the
  /// file's `exportedAt`, so a record is as old as its source says, not as new as the import.
  public func datedBySource() -> CareCircle {
    var circle = self
    for index in circle.patients.indices where circle.patients[index].sourceDate == nil {
      circle.patients[index].sourceDate = exportedAt
    }
    return circle
  }
}

extension Patient {
  /// "Information as of": the older of the source's date and the last change in the store
  /// (`lastChange`). The import itself is a change, so a source date wins until a local edit
  /// clears it (`Store.replacePatient`). The one place documents take their as-of date from.
  public func informationAsOf(lastChange: Instant?) -> Instant? {
    guard let source = sourceDate.flatMap({ Instant(rfc3339: $0) }) else { return lastChange }
    guard let lastChange else { return source }
    return source < lastChange ? source : lastChange
  }
}
