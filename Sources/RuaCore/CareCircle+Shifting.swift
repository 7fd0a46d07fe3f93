// SPDX-License-Identifier: Apache-2.0
extension CareCircle {
  /// The same circle with every medication date moved by `days`: each fill date, start date,
  /// stopped date and hold date. Birth dates, condition dates and `exportedAt` stay as they are.
  ///
  /// The demo uses it to keep the sample's runway realistic on whatever day it runs, with
  /// `days = today − (the sample's exportedAt date)`. The sample has no medication date after its
  /// `exportedAt` day, so that shift never moves a date past `today` and the shifted circle still
  /// passes the decoder's "not after today" rule. A caller choosing another shift must keep to the
  /// same rule.
  public func shiftingMedicationDates(by days: Int) -> CareCircle {
    var shifted = self
    for p in shifted.patients.indices {
      for m in shifted.patients[p].medications.indices {
        var medication = shifted.patients[p].medications[m]
        medication.startDate = medication.startDate?.adding(days: days)
        medication.stoppedDate = medication.stoppedDate?.adding(days: days)
        if var hold = medication.hold {
          hold.since = hold.since?.adding(days: days)
          hold.until = hold.until?.adding(days: days)
          medication.hold = hold
        }
        for f in medication.fills.indices {
          medication.fills[f].fillDate = medication.fills[f].fillDate.adding(days: days)
        }
        shifted.patients[p].medications[m] = medication
      }
    }
    return shifted
  }
}
