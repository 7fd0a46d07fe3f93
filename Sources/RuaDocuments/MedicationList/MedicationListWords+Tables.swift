// SPDX-License-Identifier: Apache-2.0
import RuaCore

extension MedicationListWords {
  /// Scheduled medicines in document order (most urgent refill first), the legend and totals.
  func scheduled(_ medications: [Medication]) -> [Block] {
    let title = heading(.medsScheduled)
    guard !medications.isEmpty else { return [title, empty(.medsEmptyScheduled)] }
    // Large print has no room for four tick columns, the prescriber or the last fill: the
    // times are named in one column, and the run-out date and refill word stay.
    let slotColumns: [(LabelKey, Double)] =
      large
      ? [(.columnSchedule, 90)]
      : [(.slotMorning, 36), (.slotNoon, 30), (.slotEvening, 36), (.slotBedtime, 36)]
    let fillColumns: [(LabelKey, Double)] =
      large ? [] : [(.medsColumnPrescriber, 58), (.medsColumnLastFill, 62)]
    let columns: [(LabelKey, Double)] =
      [(.columnMedication, 96), (.medsColumnFlags, 30), (.medsColumnDoseWhen, 86)] + slotColumns
      + [(.medsColumnPurpose, 128)] + fillColumns
      + [(.medsColumnRunsOut, 72), (.medsColumnRunway, 72)]
    var gauges: [TableGauge] = []
    let rows = medications.enumerated().map { index, medication -> [StyledText] in
      let runway = Runway.evaluate(medication, today: today)
      // A held medicine is not being given: no run-out, no gauge, its own word.
      let held = medication.status == .onHold
      if !held, let fraction = Self.gaugeFraction(runway) {
        gauges.append(TableGauge(row: index, column: columns.count - 1, fraction: fraction))
      }
      let due = DoseTime.allCases.filter { MedicationTotals.ticks(medication, $0) }
      let slots =
        large
        ? [worded("cell-strong") { l in due.map { l[slotKey($0)] }.joined(separator: ", ") }]
        : DoseTime.allCases.map { run(due.contains($0) ? labels[.slotMark] : "", "slot") }
      let fill =
        large ? [] : [run(medication.prescriber ?? "", "cell"), lastFillCell(runway)]
      return [nameCell(medication), flagsCell(medication), doseCell(medication)] + slots
        + [purposeCell(medication)] + fill + [
          held ? label(.medsOnHoldRunsOut, "cell-strong") : runsOutCell(runway),
          label(held ? .onHold : statusKey(runway.status), "cell-strong"),
        ]
    }
    let slotKeys = Set(DoseTime.allCases.map(slotKey))
    let table = Table(
      columns: columns.map { key, weight in
        TableColumn(
          header: label(key, slotKeys.contains(key) ? "th-slot" : "th"), weight: weight)
      },
      rows: rows, gauges: gauges)
    return [title, .paragraph(run(labels[.medsOrderNote], "muted")), .table(table)]
      + legend() + totals(MedicationTotals(listed: medications))
  }

  /// Days left over the day supply of the fill, from 0 (run out) to 1 (just filled); nil when
  /// there is no forecast.
  static func gaugeFraction(_ runway: Runway) -> Double? {
    guard let days = runway.daysRemaining, let fill = runway.currentFill, fill.daySupply > 0
    else { return nil }
    return min(max(Double(days) / Double(fill.daySupply), 0), 1)
  }

  func statusKey(_ status: RunwayStatus) -> LabelKey {
    switch status {
    case .overdue: return .runwayOverdue
    case .urgent: return .runwayUrgent
    case .soon: return .runwaySoon
    case .ok: return .runwayOK
    case .noFill, .asNeeded: return .runwayNoFill
    }
  }

  /// The run-out date and the days left in words; with no fill, a prompt to add one.
  func runsOutCell(_ runway: Runway) -> StyledText {
    guard let date = runway.runOutDate, let days = runway.daysRemaining else {
      return label(.medsAddFill, "cell-strong")
    }
    let left = worded("cell", separator: "\n", lead: "\n") { labels in
      switch days {
      // "1 day left" is the `one` form of the count ("queda 1 día", "остался 1 день").
      case 1...: return labels.format(.medsDaysLeft, count: days, as: "days")
      // Day 0 is the first day with none left: overdue, as the legend says.
      case 0: return labels[.medsRanOutToday]
      case -1: return labels[.medsRanOutYesterday]
      default: return labels.format(.medsRanOutDaysAgo, count: -days, as: "days")
      }
    }
    return self.date(date, style: "cell-strong") + left
  }

  func legend() -> [Block] {
    let flags: [(MedicationFlag, LabelKey)] = [
      (.anticoagulant, .legendBloodThinner), (.antiplatelet, .legendAntiplatelet),
      (.highAlert, .legendHighAlert), (.fallRisk, .legendFallRisk),
    ]
    // Each code with its meaning; when bilingual the English code and meaning after it.
    let entries = flags.map { flag, key in
      var entry = run(code(flag), "strong") + run(" " + labels[key])
      if let second = labels.second {
        entry =
          entry
          + StyledText([
            TextRun(" / " + code(flag, in: second), style: "strong", secondLanguage: true),
            TextRun(" " + second[key], style: "body", secondLanguage: true),
          ])
      }
      return entry
    }
    // Each count of days in the form it takes in each language ("3 дня", "больше 10 дней"),
    // not an abbreviation that fits every count ("дн.").
    let runway = worded("body", separator: "\n") { labels in
      labels.format(
        .legendRunway,
        [
          "urgentDays": labels.format(.legendDays, count: Runway.urgentAtMost, as: "days"),
          "soonDays": labels.format(.legendDays, count: Runway.soonAtMost, as: "days"),
          "okDays": labels.format(.legendMoreThanDays, count: Runway.soonAtMost, as: "days"),
        ])
    }
    return [
      .paragraph(
        value(.medsLegend, "strong", trail: " ")
          + joined(entries, separator: " · ")),
      .paragraph(runway),
    ]
  }

  func totals(_ totals: MedicationTotals) -> [Block] {
    let count = worded("strong") { labels in
      guard totals.onHold > 0 else { return String(totals.scheduled) }
      return String(totals.scheduled) + " ("
        + labels.format(.medsOnHoldCount, count: totals.onHold, as: "count") + ")"
    }
    // Counts of zero for medicines whose times were never entered would read as "no pills".
    var slots = DoseTime.allCases.map { slot in
      inline(slotKey(slot), "body", colon: false) + run(String(totals.perSlot[slot] ?? 0), "strong")
    }
    if totals.withoutTimes > 0 {
      slots =
        totals.withoutTimes == totals.given
        ? [value(.medsTimesNotRecorded, "strong")]
        : slots + [
          worded("strong") {
            $0.format(.medsTimesMissing, count: totals.withoutTimes, as: "count")
          }
        ]
    }
    return [
      .keyValues([
        KeyValue(label: label(.medsTotalScheduled, "label"), value: count),
        KeyValue(label: label(.medsTotalPerSlot, "label"), value: joined(slots)),
      ])
    ]
  }

  func slotKey(_ slot: DoseTime) -> LabelKey {
    switch slot {
    case .morning: return .slotMorning
    case .noon: return .slotNoon
    case .evening: return .slotEvening
    case .bedtime: return .slotBedtime
    }
  }

  /// As-needed medicines: what for, the most in a day, and no forecast.
  func asNeeded(_ medications: [Medication]) -> [Block] {
    let title = heading(.medsAsNeededTitle)
    guard !medications.isEmpty else { return [title, empty(.medsEmptyAsNeeded)] }
    let columns: [(LabelKey, Double)] = [
      (.columnMedication, 130), (.medsColumnFlags, 26), (.medsColumnDoseWhen, 110),
      (.medsColumnReason, 120), (.medsColumnMaxPerDay, 84), (.medsColumnPrescriber, 74),
      (.medsColumnLastFill, 80), (.medsColumnRunway, 108),
    ]
    let rows = medications.map { medication -> [StyledText] in
      let runway = Runway.evaluate(medication, today: today)
      var reason = run(medication.asNeededReason ?? "", "cell-strong")
      let purpose = purposeCell(medication)
      if !purpose.isEmpty {
        reason = reason + (reason.isEmpty ? purpose : run("\n", "cell") + purpose)
      }
      return [
        nameCell(medication), flagsCell(medication), doseCell(medication), reason,
        medication.maxPerDay.map { run($0, "cell-strong") } ?? value(.notRecorded, "cell-muted"),
        run(medication.prescriber ?? "", "cell"), lastFillCell(runway),
        label(.medsNoForecast, "cell"),
      ]
    }
    let table = Table(
      columns: columns.map { TableColumn(header: label($0.0, "th"), weight: $0.1) },
      rows: rows)
    return [title, .table(table.dropping(large ? Self.largePrintDropped(columns.map(\.0)) : []))]
  }

  /// Large print has room for fewer columns: the prescriber and the last fill go (the run-out
  /// date and the refill word, which say what to do, stay).
  static func largePrintDropped(_ keys: [LabelKey]) -> Set<Int> {
    Set(keys.indices.filter { [.medsColumnPrescriber, .medsColumnLastFill].contains(keys[$0]) })
  }
}

extension Table {
  /// The table without the columns at `indices`; gauges move with their column.
  func dropping(_ indices: Set<Int>) -> Table {
    guard !indices.isEmpty else { return self }
    let kept = columns.indices.filter { !indices.contains($0) }
    var copy = self
    copy.columns = kept.map { columns[$0] }
    copy.rows = rows.map { row in kept.compactMap { $0 < row.count ? row[$0] : nil } }
    copy.gauges = gauges.compactMap { gauge in
      kept.firstIndex(of: gauge.column).map {
        TableGauge(row: gauge.row, column: $0, fraction: gauge.fraction)
      }
    }
    return copy
  }
}
