// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// Every fixed label a document prints. A locale file must define all of them.
public enum LabelKey: String, Sendable, CaseIterable {
  case pageNumber = "page.number"
  case continued = "page.continued"
  case printed = "footer.printed"
  case versions = "footer.versions"
  case pendingReview = "stamp.pendingReview"
  case erTitle = "er.title"
  case erHeader = "er.header"
  case preferredName = "er.preferredName"
  case dateOfBirth = "er.dateOfBirth"
  case age = "er.age"
  case ageValue = "er.ageValue"
  case sex = "er.sex"
  case weight = "er.weight"
  case language = "er.language"
  case interpreter = "er.interpreter"
  case interpreterNeeded = "er.interpreterNeeded"
  case interpreterNotNeeded = "er.interpreterNotNeeded"
  case informationAsOf = "er.informationAsOf"
  case notRecorded = "er.notRecorded"
  case sexFemale = "sex.female"
  case sexMale = "sex.male"
  case sexOther = "sex.other"
  case sexUnknown = "sex.unknown"
  case allergies = "alert.allergies"
  case noKnownAllergies = "alert.noKnownAllergies"
  case allergiesNotRecorded = "alert.allergiesNotRecorded"
  case allergiesNotRecordedText = "alert.allergiesNotRecordedText"
  case noKnownAllergiesText = "alert.noKnownAllergiesText"
  case intolerance = "alert.intolerance"
  case severityMild = "severity.mild"
  case severityModerate = "severity.moderate"
  case severitySevere = "severity.severe"
  case severityUnknown = "severity.unknown"
  case bloodThinner = "alert.bloodThinner"
  case highAlert = "alert.highAlert"
  case antiplatelet = "alert.antiplatelet"
  case antiplateletText = "alert.antiplateletText"
  case checkPharmacist = "alert.checkPharmacist"
  case twoBloodThinnersText = "alert.twoBloodThinnersText"
  case devicesBand = "alert.devices"
  case otherAlertsBand = "alert.otherAlerts"
  case codeStatus = "alert.codeStatus"
  case codeStatusNone = "alert.codeStatusNone"
  case directiveKeptAt = "alert.directiveKeptAt"
  case medications = "section.medications"
  case conditions = "section.conditions"
  case contacts = "section.contacts"
  case careTeam = "section.careTeam"
  case hospital = "section.hospital"
  case baseline = "section.baseline"
  case devices = "section.devices"
  case otherAlerts = "section.otherAlerts"
  case insurance = "section.insurance"
  case dependents = "section.dependents"
  case details = "section.details"
  case notes = "details.notes"
  case columnMedication = "column.medication"
  case columnStrength = "column.strength"
  case columnDose = "column.dose"
  case columnSchedule = "column.schedule"
  case columnNotes = "column.notes"
  case asNeeded = "med.asNeeded"
  case asNeededFor = "med.asNeededFor"
  case maxPerDay = "med.maxPerDay"
  case onHold = "med.onHold"
  case timeMorning = "time.morning"
  case timeNoon = "time.noon"
  case timeEvening = "time.evening"
  case timeBedtime = "time.bedtime"
  case since = "condition.since"
  case proxy = "contact.proxy"
  case roleEmergency = "role.emergency"
  case rolePOA = "role.poa"
  case roleCaregiver = "role.caregiver"
  case altPhone = "contact.altPhone"
  case pharmacy = "careTeam.pharmacy"
  case cognition = "baseline.cognition"
  case mobility = "baseline.mobility"
  case hearing = "baseline.hearing"
  case vision = "baseline.vision"
  case communication = "baseline.communication"
  case otherBaseline = "baseline.other"
  case address = "home.address"
  case phone = "home.phone"
  case emptyMedications = "empty.medications"
  case emptyConditions = "empty.conditions"
  case emptyContacts = "empty.contacts"
  case emptyCareTeam = "empty.careTeam"
  case emptyHospital = "empty.hospital"
  case emptyBaseline = "empty.baseline"
  case emptyDevices = "empty.devices"
  case emptyAlerts = "empty.alerts"
  case emptyInsurance = "empty.insurance"
  case emptyDependents = "empty.dependents"
  case emptyHome = "empty.home"
  case and = "list.and"
  case medsTitle = "meds.title"
  case medsHeader = "meds.header"
  case medsAsOf = "meds.asOf"
  case medsAsOfColumn = "meds.asOfColumn"
  case medsPrimaryCare = "meds.primaryCare"
  case medsScheduled = "meds.scheduled"
  case medsOrderNote = "meds.orderNote"
  case medsColumnFlags = "meds.column.flags"
  case medsColumnDoseWhen = "meds.column.doseWhen"
  case slotMorning = "meds.slot.morning"
  case slotNoon = "meds.slot.noon"
  case slotEvening = "meds.slot.evening"
  case slotBedtime = "meds.slot.bedtime"
  case slotMark = "meds.slot.mark"
  case medsColumnPurpose = "meds.column.purpose"
  case medsColumnPrescriber = "meds.column.prescriber"
  case medsColumnLastFill = "meds.column.lastFill"
  case medsColumnRunsOut = "meds.column.runsOut"
  case medsColumnRunway = "meds.column.runway"
  case medsDaySupply = "meds.daySupply"
  case medsDaysLeft = "meds.daysLeft"
  case medsRanOutToday = "meds.ranOutToday"
  case medsRanOutDaysAgo = "meds.ranOutDaysAgo"
  case medsRanOutYesterday = "meds.ranOutYesterday"
  case medsNoFill = "meds.noFill"
  case medsAddFill = "meds.addFill"
  case medsOnHoldDose = "meds.onHoldDose"
  case runwayOverdue = "runway.overdue"
  case runwayUrgent = "runway.urgent"
  case runwaySoon = "runway.soon"
  case runwayOK = "runway.ok"
  case runwayNoFill = "runway.noFill"
  case flagBloodThinner = "meds.flag.bloodThinner"
  case flagAntiplatelet = "meds.flag.antiplatelet"
  case flagHighAlert = "meds.flag.highAlert"
  case flagFallRisk = "meds.flag.fallRisk"
  case medsLegend = "meds.legend"
  case legendBloodThinner = "meds.legend.bloodThinner"
  case legendAntiplatelet = "meds.legend.antiplatelet"
  case legendHighAlert = "meds.legend.highAlert"
  case legendFallRisk = "meds.legend.fallRisk"
  case legendRunway = "meds.legend.runway"
  case legendDays = "meds.legend.days"
  case legendMoreThanDays = "meds.legend.moreThanDays"
  case medsTotalScheduled = "meds.totalScheduled"
  case medsTotalPerSlot = "meds.totalPerSlot"
  case medsOnHoldCount = "meds.onHoldCount"
  case medsAsNeededTitle = "meds.asNeededTitle"
  case medsColumnReason = "meds.column.reason"
  case medsColumnMaxPerDay = "meds.column.maxPerDay"
  case medsNoForecast = "meds.noForecast"
  case medsEmptyScheduled = "meds.emptyScheduled"
  case medsEmptyAsNeeded = "meds.emptyAsNeeded"
  case medsReviewTitle = "meds.reviewTitle"
  case medsReviewedBy = "meds.reviewedBy"
  case medsBringList = "meds.bringList"
  case fallsTitle = "falls.title"
  case fallsHeader = "falls.header"
  case fallsCall = "falls.call"
  case fallsEmergency = "falls.emergency"
  case fallsThenCall = "falls.thenCall"
  case fallsAddress = "falls.address"
  case fallsImportant = "falls.important"
  case pendingGuide = "stamp.pendingGuide"
  case bornAge = "er.born"
  case moreMedicines = "er.moreMedicines"
  case noProxy = "er.noProxy"
  case noProxyButPOA = "er.noProxyButPOA"
  case codeStatusNotRecorded = "alert.codeStatusNotRecorded"
  case staleBand = "alert.stale"
  case staleText = "alert.staleText"
  case reviewBy = "doc.reviewBy"
  case onHoldMark = "med.onHoldMark"
  case medsOnHoldRunsOut = "meds.onHoldRunsOut"
  case medsTimesNotRecorded = "meds.timesNotRecorded"
  case medsTimesMissing = "meds.timesMissing"
  case fallsNoMedicines = "falls.noMedicines"
  case cardTitle = "card.title"
  case cardSheetNote = "card.sheetNote"
  case cardMedicines = "card.medicines"
  case cardContacts = "card.contacts"
  case cardMoreAllergies = "card.moreAllergies"
  case cardMoreDevices = "card.moreDevices"
  case cardMoreContacts = "card.moreContacts"
  case cardMoreConditions = "card.moreConditions"
  case cardMoreMedicines = "card.moreMedicines"
  case cardMoreDirective = "card.moreDirective"
  case cardMorePharmacy = "card.morePharmacy"
  case cardShortened = "card.shortened"
  case marTitle = "mar.title"
  case marHeader = "mar.header"
  case marWeek = "mar.week"
  case marWeekdays = "mar.weekdays"
  case marScheduled = "mar.scheduled"
  case marColumnMedicine = "mar.column.medicine"
  case marColumnDose = "mar.column.dose"
  case marColumnInstructions = "mar.column.instructions"
  case marColumnTime = "mar.column.time"
  case marHeld = "mar.held"
  case marNotStarted = "mar.notStarted"
  case marStopped = "mar.stopped"
  case marStartsOn = "mar.startsOn"
  case marStopsOn = "mar.stopsOn"
  case marTimeGiven = "mar.timeGiven"
  case marAsNeeded = "mar.asNeeded"
  case marColumnReason = "mar.column.reason"
  case marColumnMax = "mar.column.max"
  case marColumnInterval = "mar.column.interval"
  case marPrnLog = "mar.prnLog"
  case marColumnDate = "mar.column.date"
  case marColumnEffect = "mar.column.effect"
  case marColumnInitials = "mar.column.initials"
  case marLegend = "mar.legend"
  case marInitialsKey = "mar.initialsKey"
  case marColumnFullName = "mar.column.fullName"
  case marColumnRole = "mar.column.role"
  case marBring = "mar.bring"
  case holdSince = "med.holdSince"
  case holdSinceNotRecorded = "med.holdSinceNotRecorded"
  case holdSinceUntil = "med.holdSinceUntil"
  case holdUntilOnly = "med.holdUntilOnly"
  case holdDueToEnd = "med.holdDueToEnd"
  case onHoldUntilMark = "med.onHoldUntilMark"
  case onHoldDueMark = "med.onHoldDueMark"
  case whenResumed = "med.whenResumed"
  case marChanges = "mar.changes"
  case marChangesFirst = "mar.changesFirst"
  case marChangesSince = "mar.changesSince"
  case marChangesNone = "mar.changesNone"
  case marChangeNew = "mar.changeNew"
  case marChangeStopped = "mar.changeStopped"
  case marChangeDose = "mar.changeDose"
  case marHours = "mar.hours"
  case marMinutes = "mar.minutes"
}

extension LabelKey {
  /// Counted labels printed in whatever form the count takes, `one` included ("1 more
  /// medicine", "3 more medicines"; no separate label for one; the refill legend's "3 дня",
  /// "больше 10 дней"): a locale gives each of them
  /// every form its language needs (`PluralCategory.required`), and a plain string only where
  /// that is `other` alone (Chinese, Korean, Vietnamese, Haitian Creole). The loader and the
  /// content check refuse a locale that lacks one, naming the file, the label and the form.
  public static let givesEveryForm: Set<LabelKey> = [
    .moreMedicines, .cardMoreAllergies, .cardMoreDevices, .cardMoreContacts, .cardMoreConditions,
    .cardMoreMedicines, .legendDays, .legendMoreThanDays, .medsDaysLeft,
  ]
}

/// The labels of one locale (`templates/locales/<language>.json`).
public struct Labels: Equatable, Sendable {
  /// BCP 47 language tag, e.g. `es`.
  public var language: String
  public var file: String
  private var values: [LabelKey: LabelForms]
  /// Language names in this locale, keyed by lowercased BCP 47 tag (optional `languages`).
  private var languages: [String: String] = [:]
  /// Held in an array: a struct cannot hold an optional of itself.
  private var secondStore: [Labels] = []

  /// The second language's labels when the document is bilingual (`zh-Hans+en`): printed
  /// after each label and heading, smaller (`Labels.styled`).
  public var second: Labels? {
    get { secondStore.first }
    set { secondStore = newValue.map { [$0] } ?? [] }
  }

  /// The name of the language `tag` in this locale, or nil when the tag is not listed.
  public func languageName(_ tag: String) -> String? {
    languages[tag.lowercased().replacingAll("_", with: "-")]
  }

  /// The label for `key` (its `other` form when it has plural forms). Always present: parsing
  /// refuses a locale that lacks one.
  public subscript(key: LabelKey) -> String { values[key]?.other ?? key.rawValue }

  /// The label for `key` with its plural forms, for a caller that fills the count later.
  public func forms(_ key: LabelKey) -> LabelForms {
    values[key] ?? LabelForms(key.rawValue, language: language)
  }

  /// The label with `{name}` placeholders filled in.
  public func format(_ key: LabelKey, _ arguments: [String: String]) -> String {
    Self.fill(self[key], arguments)
  }

  /// The label in the form `count` takes in this language ("88 лет", "3 дня"), with `{name}`
  /// filled by the count and the other placeholders by `arguments`.
  public func format(
    _ key: LabelKey, count: Int, as name: String, _ arguments: [String: String] = [:]
  ) -> String {
    Self.fill(forms(key).text(count: count), arguments.merging([name: String(count)]) { $1 })
  }

  private static func fill(_ label: String, _ arguments: [String: String]) -> String {
    var text = label
    for (name, value) in arguments.sorted(by: { $0.key < $1.key }) {
      text = text.replacingAll("{\(name)}", with: value)
    }
    return text
  }

  /// A calendar date written the locale's way ("Feb 14, 1945", "14 feb 1945").
  public func format(date: CivilDate) -> String { formatted(date, locale: language) }

  /// Parses a locale file. Fails naming the file and the first missing or malformed key.
  public static func parse(_ text: String, file: String) throws(TemplateError) -> Labels {
    let reader = JSONFieldReader(file: file)
    let root = try reader.parse(text)
    _ = try reader.members(root, "")
    let language = try reader.string(root["language"], "language")
    let members = try reader.members(root["labels"], "labels")
    var values: [LabelKey: LabelForms] = [:]
    for (key, value) in members {
      guard let label = LabelKey(rawValue: key) else {
        throw reader.fail("labels.\(key)", "not a known label; remove it or fix its spelling")
      }
      values[label] = try LabelForms.parse(
        value, key: "labels.\(key)", language: language,
        everyForm: LabelKey.givesEveryForm.contains(label), reader: reader)
    }
    for key in LabelKey.allCases where values[key] == nil {
      throw reader.fail("labels.\(key.rawValue)", "missing; every locale must define it")
    }
    var names: [String: String] = [:]
    if root["languages"] != nil {
      for (tag, name) in try reader.members(root["languages"], "languages") {
        names[tag.lowercased()] = try reader.string(name, "languages.\(tag)")
      }
    }
    var labels = Labels(language: language, file: file, values: values)
    labels.languages = names
    return labels
  }
}
