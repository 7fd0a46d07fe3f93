// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// The weekly medication administration record (`fhir-ips.md` §5): one row per scheduled
/// medicine and dose time, a column per day with a check box for initials and a place for the
/// actual time; held medicines marked "H — do not give" on every day, days before a start date
/// or after a stop date greyed with words, so no cell invites a dose the record does not
/// prescribe; the as-needed medicines with a log grid; the not-given codes and a key of
/// initials. Landscape.
public enum AdministrationRecord {
  public static let kind = "administration-record"

  /// Days on one record, starting on the given day.
  public static let days = 7
  /// Days in one grid in large print: a week's seven day columns beside the four fixed ones
  /// at 14 pt are narrower than their words ("tablet / s"), so the week is set as two grids,
  /// four days then three, each with the medicines again (issue 30).
  public static let largePrintDays = 4
  /// Empty rows in the as-needed log and in the initials key.
  static let logRows = 6
  static let keyRows = 3

  /// Styles the record uses; the template must define each.
  public static let styleNames = [
    "body", "strong", "muted", "label", "name", "name-sub", "heading", "th", "cell",
    "cell-strong", "cell-muted", "band-label", "band-text", "band-strong", "header",
    "header-muted", "stamp", "footer", "footer-center", "footer-right",
  ]

  /// Section ids a template may list.
  public static let sectionIDs = [
    "identity", "scheduled", "asNeeded", "log", "key", "changes", "legend",
  ]

  /// Builds the record for the week starting `start`.
  /// - Parameters:
  ///   - facts: `ERFacts.derive(patient:table:today:)`: the allergy band and the current
  ///     medicines in document order, as on the ER sheet.
  ///   - weeks: how many weeks of seven days from `start`, one grid each.
  ///   - changes: what changed since the previous sheet of this patient was printed.
  public static func build(
    patient: Patient, facts: ERFacts, start: CivilDate, weeks: Int = 1, today: CivilDate,
    printedAt: String, labels: Labels, template: Template, contentVersion: String,
    pendingReview: Bool, freshness: Freshness? = nil, changes: MARChanges = MARChanges()
  ) -> Document {
    let words = AdministrationRecordWords(
      labels: labels, start: start, weeks: max(1, weeks), today: today, changes: changes,
      daysPerGrid: template.isLargePrint ? largePrintDays : days)
    let medicines = listed(patient, facts: facts, start: start)
    let blocks = DocumentChrome.arrange(template) {
      words.section($0, patient: patient, facts: facts, medicines: medicines, today: today)
    }
    let chrome = DocumentChrome(
      labels: labels, template: template, printedAt: printedAt, contentVersion: contentVersion,
      freshness: freshness)
    return chrome.document(
      kind: kind, title: labels[.marTitle], patient: patient,
      firstPageHeader: labels.styled(.marHeader, style: "header", separator: "  ")
        + StyledText("   " + words.week, style: "header-muted"),
      stamp: pendingReview ? .pendingReview : nil, blocks: blocks)
  }

  /// The current medicines (active and on hold, in document order), then those stopped
  /// during the week: they print up to their stop date.
  static func listed(_ patient: Patient, facts: ERFacts, start: CivilDate) -> [Medication] {
    let stoppedInWeek = patient.medications.filter { medication in
      guard medication.status == .stopped, let stop = medication.stoppedDate else { return false }
      return !(stop < start)
    }
    return facts.currentMedications + stoppedInWeek
  }

  /// What one day's cell of a medicine says.
  enum Day: Equatable {
    /// A box to initial.
    case give
    case held
    case notStarted
    case stopped
  }

  static func day(_ date: CivilDate, _ medication: Medication) -> Day {
    if let start = medication.startDate, date < start { return .notStarted }
    if medication.status == .stopped {
      guard let stop = medication.stoppedDate, !(stop < date) else { return .stopped }
    }
    // Held exactly on the days its hold covers (every day when the hold has no dates);
    // before the hold began and after its planned end, given as prescribed.
    return medication.isHeld(on: date) ? .held : .give
  }
}

struct AdministrationRecordWords: DocumentWords {
  let labels: Labels
  let start: CivilDate
  /// Weeks from `start`: the identity line and the header give the whole span, and each week
  /// has its own grid.
  var weeks = 1
  /// The print day: a hold whose planned end has passed is said to be due to end.
  let today: CivilDate
  var changes = MARChanges()
  /// Day columns in one grid: the week's days are set in grids of at most this many.
  var daysPerGrid = AdministrationRecord.days

  var dates: [CivilDate] { (0..<AdministrationRecord.days).map { start.adding(days: $0) } }

  /// "Week of Nov 1, 2026 to Nov 7, 2026", for all the weeks.
  var week: String {
    span(from: start, days: AdministrationRecord.days * weeks)
  }

  private func span(from first: CivilDate, days: Int) -> String {
    span(from: first, days: days, in: labels)
  }

  private func span(from first: CivilDate, days: Int, in labels: Labels) -> String {
    labels.format(
      .marWeek,
      [
        "start": unbreakable(labels.format(date: first)),
        "end": unbreakable(labels.format(date: first.adding(days: days - 1))),
      ])
  }

  /// The span in both languages when bilingual.
  private func span(from first: CivilDate, days: Int, style: String) -> StyledText {
    worded(style) { span(from: first, days: days, in: $0) }
  }

  /// One week's words, for its own grid.
  private func week(_ index: Int) -> AdministrationRecordWords {
    AdministrationRecordWords(
      labels: labels, start: start.adding(days: AdministrationRecord.days * index), today: today,
      daysPerGrid: daysPerGrid)
  }

  func section(
    _ id: String, patient: Patient, facts: ERFacts, medicines: [Medication], today: CivilDate
  ) -> [Block] {
    switch id {
    case "identity": return identity(patient, facts: facts, today: today)
    case "scheduled":
      let scheduledMedicines = medicines.filter { !$0.asNeeded }
      guard weeks > 1 else { return scheduled(scheduledMedicines) }
      // Each week under its own dates, so no grid is read against the wrong week.
      return (0..<weeks).flatMap { index in
        let words = week(index)
        // A medicine stopped before this week began has no day in it.
        let current = scheduledMedicines.filter { medication in
          guard medication.status == .stopped, let stop = medication.stoppedDate else {
            return true
          }
          return !(stop < words.start)
        }
        return words.scheduled(current, dated: true)
      }
    case "asNeeded": return asNeeded(medicines.filter(\.asNeeded))
    case "log": return log()
    case "key": return key()
    case "changes": return changesSection()
    case "legend":
      return [.paragraph(label(.marLegend, "body")), .paragraph(label(.marBring, "strong"))]
    default: return []
    }
  }

  private func identity(_ patient: Patient, facts: ERFacts, today: CivilDate) -> [Block] {
    let born = born(patient, today: today)
    var line = [span(from: start, days: AdministrationRecord.days * weeks, style: "strong")]
    if let pharmacy = patient.pharmacy {
      line.append(
        inline(.pharmacy, "label") + run(pharmacy.name, "strong")
          + run(pharmacy.phone.map { " " + $0 } ?? ""))
    }
    var name = run(patient.fullName, "name") + run(nameGap + born, "name-sub")
    // The date of birth and age in English on a line of their own, as on the ER sheet.
    if let english = bornInEnglish(patient, today: today, style: "name-sub") {
      name = name + run("\n", "name-sub") + english
    }
    return [
      .heading(level: 1, name),
      .paragraph(joined(line, separator: "   ·   ")), allergyBand(facts.allergies),
    ]
  }

  private func header(_ key: LabelKey) -> StyledText { label(key, "th") }

  /// Weekday and day of the month: "Mon 7"; when bilingual the English weekday under the
  /// family's ("lun / Mon").
  private func dayHeader(_ date: CivilDate) -> StyledText {
    let name = { (labels: Labels) -> String in
      let names = labels[.marWeekdays].split(separator: "|").map(String.init)
      return names.count == 7 ? names[date.weekday] : ""
    }
    return worded("th", separator: "\n", trail: "\n" + String(date.day), name)
  }

  private func medicineCell(_ medication: Medication) -> StyledText {
    var text = run(medication.name, "cell-strong")
    let details = [medication.strength, medication.form].compactMap { $0 }
    if !details.isEmpty { text = text + run(" " + details.joined(separator: ", "), "cell") }
    return text
  }

  private func doseCell(_ medication: Medication) -> StyledText {
    run([medication.dose, medication.route].compactMap { $0 }.joined(separator: " · "), "cell")
  }

  private func notesCell(_ medication: Medication) -> StyledText {
    var parts: [StyledText] = []
    if let hold = holdText(medication, today: today, style: "cell-strong") { parts.append(hold) }
    if let instructions = instructions(medication, style: "cell") { parts.append(instructions) }
    if let purpose = medication.purpose { parts.append(run(purpose, "cell-muted")) }
    if let start = medication.startDate, start > dates[0] {
      parts.append(
        worded("cell") {
          $0.format(.marStartsOn, ["date": unbreakable($0.format(date: start))])
        })
    }
    if medication.status == .stopped, let stop = medication.stoppedDate {
      parts.append(
        worded("cell-strong") {
          $0.format(.marStopsOn, ["date": unbreakable($0.format(date: stop))])
        })
    }
    return clauses(parts, style: "cell")
  }

  /// The week's grid, or in large print its grids of `daysPerGrid` days, the later ones
  /// headed "(continued)".
  private func scheduled(_ medicines: [Medication], dated: Bool = false) -> [Block] {
    let parts = stride(from: 0, to: dates.count, by: max(daysPerGrid, 1)).map { first in
      Array(dates[first..<min(first + max(daysPerGrid, 1), dates.count)])
    }
    return parts.enumerated().flatMap { index, days in
      grid(medicines, days: days, dated: dated, continued: index > 0)
    }
  }

  private func grid(
    _ medicines: [Medication], days: [CivilDate], dated: Bool, continued: Bool
  ) -> [Block] {
    var title = heading(.marScheduled)
    if dated, case .heading(let level, let text) = title {
      title = .heading(
        level: level,
        text + run("\n", "heading")
          + span(from: start, days: AdministrationRecord.days, style: "heading"))
    }
    if continued, case .heading(let level, let text) = title {
      title = .heading(level: level, text + run(" (\(labels[.continued]))", "heading"))
    }
    guard !medicines.isEmpty else { return [title, empty(.medsEmptyScheduled)] }
    var columns = [
      TableColumn(header: header(.marColumnMedicine), weight: 2.3),
      TableColumn(header: header(.marColumnDose), weight: 1.2),
      TableColumn(header: header(.marColumnInstructions), weight: 2.1),
      TableColumn(header: header(.marColumnTime), weight: 0.9),
    ]
    let fixed = columns.count
    columns += days.map { TableColumn(header: dayHeader($0), weight: 1.05) }
    var rows: [[StyledText]] = []
    var boxes: [TableGauge] = []
    for medication in medicines {
      let slots: [StyledText] =
        medication.times.isEmpty
        ? [value(.medsTimesNotRecorded, "cell-muted")]
        : medication.times.sorted().map { slot in
          worded("cell-strong", separator: "\n") { time(slot, in: $0) }
        }
      for slot in slots {
        var row = [medicineCell(medication), doseCell(medication), notesCell(medication), slot]
        for (index, date) in days.enumerated() {
          switch AdministrationRecord.day(date, medication) {
          case .give:
            row.append(blank(.marTimeGiven, style: "cell-muted"))
            boxes.append(.box(row: rows.count, column: fixed + index))
          case .held:
            row.append(labels.styled(.marHeld, style: "cell-strong"))
            boxes.append(.hatch(row: rows.count, column: fixed + index))
          case .notStarted:
            row.append(value(.marNotStarted, "cell-muted", lead: "— "))
          case .stopped: row.append(value(.marStopped, "cell-muted", lead: "— "))
          }
        }
        rows.append(row)
      }
    }
    return [title, .table(Table(columns: columns, rows: rows, gauges: boxes))]
  }

  private func asNeeded(_ medicines: [Medication]) -> [Block] {
    let title = heading(.marAsNeeded)
    guard !medicines.isEmpty else { return [title, empty(.medsEmptyAsNeeded)] }
    let notRecorded = value(.notRecorded, "cell-muted")
    let columns: [(LabelKey, Double)] = [
      (.marColumnMedicine, 2.3), (.marColumnDose, 1.3), (.marColumnReason, 2),
      (.marColumnMax, 1.2), (.marColumnInterval, 1.2), (.columnNotes, 2.4),
    ]
    let rows = medicines.map { medication -> [StyledText] in
      [
        medicineCell(medication), doseCell(medication),
        medication.asNeededReason.map { run($0, "cell") } ?? notRecorded,
        medication.maxPerDay.map { run($0, "cell-strong") } ?? notRecorded,
        medication.minIntervalMinutes.map { minutes in
          worded("cell-strong") { interval(minutes, in: $0) }
        } ?? notRecorded,
        notesCell(medication),
      ]
    }
    return [
      title,
      .table(
        Table(
          columns: columns.map { TableColumn(header: header($0.0), weight: $0.1) }, rows: rows)),
    ]
  }

  /// "4 h", "30 min", "1 h 30 min": the least time between two as-needed doses.
  func interval(_ minutes: Int) -> String { interval(minutes, in: labels) }

  func interval(_ minutes: Int, in labels: Labels) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    var parts: [String] = []
    if hours > 0 { parts.append(labels.format(.marHours, ["hours": String(hours)])) }
    if rest > 0 || hours == 0 {
      parts.append(labels.format(.marMinutes, ["minutes": String(rest)]))
    }
    return unbreakable(parts.joined(separator: " "))
  }

  /// "Changes since the last sheet": the medicines started, stopped or with a changed dose
  /// since the previous record of this patient was printed, or that there was none.
  private func changesSection() -> [Block] {
    let title = heading(.marChanges)
    guard let last = changes.lastSheet else {
      return [title, .paragraph(label(.marChangesFirst, "body"))]
    }
    let since = labels.styled(
      .marChangesSince, ["date": unbreakable(labels.format(date: last))], style: "strong",
      separator: " ")
    let lines: [(LabelKey, [String])] = [
      (.marChangeNew, changes.started), (.marChangeStopped, changes.stopped),
      (.marChangeDose, changes.doseChanged),
    ]
    var items: [ListItem] = []
    for (key, names) in lines where !names.isEmpty {
      items.append(
        ListItem(
          marker: run("•", "body"), text: label(key, "strong") + run(" " + list(names), "body")))
    }
    guard !items.isEmpty else { return [title, .paragraph(since), empty(.marChangesNone)] }
    return [title, .paragraph(since), .list(items)]
  }

  /// Empty rows to fill in: the initials column carries the box, which gives each row room.
  private func blankTable(_ columns: [(LabelKey, Double)], rows count: Int, box column: Int)
    -> Table
  {
    let rows = Array(repeating: columns.map { _ in run(" ", "cell") }, count: count)
    return Table(
      columns: columns.map { TableColumn(header: header($0.0), weight: $0.1) }, rows: rows,
      gauges: (0..<count).map { TableGauge.box(row: $0, column: column) })
  }

  private func log() -> [Block] {
    let columns: [(LabelKey, Double)] = [
      (.marColumnDate, 1), (.marColumnTime, 0.8), (.marColumnMedicine, 2.2), (.marColumnDose, 1),
      (.marColumnReason, 2), (.marColumnEffect, 2), (.marColumnInitials, 0.9),
    ]
    return [
      heading(.marPrnLog),
      .table(blankTable(columns, rows: AdministrationRecord.logRows, box: columns.count - 1)),
    ]
  }

  private func key() -> [Block] {
    let columns: [(LabelKey, Double)] = [
      (.marColumnInitials, 1), (.marColumnFullName, 4), (.marColumnRole, 3),
    ]
    return [
      heading(.marInitialsKey),
      .table(blankTable(columns, rows: AdministrationRecord.keyRows, box: 0)),
    ]
  }
}
