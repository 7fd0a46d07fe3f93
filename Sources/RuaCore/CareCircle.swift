// SPDX-License-Identifier: Apache-2.0
/// The care-circle file, version 1 (`care-circle-format.md`): the one interchange format.
///
/// These types hold validated data only: strings are trimmed, empty strings are nil, dates are
/// calendar dates. `CareCircleDecoder` builds them and `CareCircleEncoder` writes them back.
public struct CareCircle: Equatable, Sendable {
  public static let format = "rua-care-circle"
  public static let version = 1

  public var exportedAt: String?
  public var patients: [Patient]
  /// Free-form, kept and ignored.
  public var extensions: JSON?

  public init(exportedAt: String? = nil, patients: [Patient] = [], extensions: JSON? = nil) {
    self.exportedAt = exportedAt
    self.patients = patients
    self.extensions = extensions
  }
}

public enum Sex: String, Sendable, CaseIterable { case female, male, other, unknown }

public struct AdvanceDirective: Equatable, Sendable {
  public var summary: String?
  public var location: String?
  public init(summary: String? = nil, location: String? = nil) {
    self.summary = summary
    self.location = location
  }
}

public struct Baseline: Equatable, Sendable {
  public var cognition: String?
  public var mobility: String?
  public var hearing: String?
  public var vision: String?
  public var communication: String?
  public var other: String?
  public init(
    cognition: String? = nil, mobility: String? = nil, hearing: String? = nil,
    vision: String? = nil, communication: String? = nil, other: String? = nil
  ) {
    self.cognition = cognition
    self.mobility = mobility
    self.hearing = hearing
    self.vision = vision
    self.communication = communication
    self.other = other
  }
}

public struct Device: Equatable, Sendable {
  public var name: String
  public var details: String?
  /// Since when the person has it: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as written.
  public var since: String?
  public init(name: String, details: String? = nil, since: String? = nil) {
    self.name = name
    self.details = details
    self.since = since
  }
}

public struct Condition: Equatable, Sendable {
  public var name: String
  /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as written.
  public var since: String?
  public var notes: String?
  /// The source's codings, kept for export; never printed and never made up from the name.
  public var codes: [Code]
  public init(name: String, since: String? = nil, notes: String? = nil, codes: [Code] = []) {
    self.name = name
    self.since = since
    self.notes = notes
    self.codes = codes
  }
}

public enum AllergySeverity: String, Sendable, CaseIterable { case mild, moderate, severe, unknown }
public enum AllergyKind: String, Sendable, CaseIterable { case allergy, intolerance }

public struct Allergy: Equatable, Sendable {
  public var substance: String
  public var reaction: String?
  public var severity: AllergySeverity?
  public var kind: AllergyKind?
  /// The source's codings of the substance (see `Condition.codes`).
  public var codes: [Code]
  public init(
    substance: String, reaction: String? = nil, severity: AllergySeverity? = nil,
    kind: AllergyKind? = nil, codes: [Code] = []
  ) {
    self.substance = substance
    self.reaction = reaction
    self.severity = severity
    self.kind = kind
    self.codes = codes
  }
}

public enum ContactRole: String, Sendable, CaseIterable {
  case emergency
  case healthCareProxy = "health-care-proxy"
  case poa
  case caregiver
}

public struct Contact: Equatable, Sendable {
  public var name: String
  public var relation: String?
  public var phone: String?
  public var altPhone: String?
  public var roles: [ContactRole]
  public init(
    name: String, relation: String? = nil, phone: String? = nil, altPhone: String? = nil,
    roles: [ContactRole] = []
  ) {
    self.name = name
    self.relation = relation
    self.phone = phone
    self.altPhone = altPhone
    self.roles = roles
  }
}

public struct CareTeamMember: Equatable, Sendable {
  public var name: String
  public var role: String?
  public var phone: String?
  public var organization: String?
  public init(name: String, role: String? = nil, phone: String? = nil, organization: String? = nil)
  {
    self.name = name
    self.role = role
    self.phone = phone
    self.organization = organization
  }
}

public struct Pharmacy: Equatable, Sendable {
  public var name: String
  public var phone: String?
  public var address: String?
  public init(name: String, phone: String? = nil, address: String? = nil) {
    self.name = name
    self.phone = phone
    self.address = address
  }
}

/// A Universal Medication Schedule slot.
public enum DoseTime: String, Sendable, CaseIterable, Comparable {
  case morning, noon, evening, bedtime
  public static func < (a: DoseTime, b: DoseTime) -> Bool {
    allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
  }
}

public enum MedicationStatus: String, Sendable, CaseIterable {
  case active
  case onHold = "on-hold"
  case stopped
}

/// When a held medicine was paused and is planned to resume, and why (`hold` in the format).
/// Every part may be absent: a hold recorded before holds had dates has none ("since: not
/// recorded"). `since` is never after the day it is recorded (a pause starts on the day, as a
/// stop does); `until` is on or after `since` and at most `CareCircleLimits.holdDays` later.
public struct MedicationHold: Equatable, Sendable {
  public var since: CivilDate?
  public var until: CivilDate?
  public var reason: String?
  public init(since: CivilDate? = nil, until: CivilDate? = nil, reason: String? = nil) {
    self.since = since
    self.until = until
    self.reason = reason
  }

  /// Whether the hold covers `date`: from `since` (or always, when not recorded) through
  /// `until` (or with no end, when not recorded).
  public func covers(_ date: CivilDate) -> Bool {
    if let since, date < since { return false }
    if let until, until < date { return false }
    return true
  }

  /// For the terminal (`meds`, the edit commands): "on hold since 2026-10-27 until 2026-11-05
  /// (dental extraction)", "on hold since: not recorded", and "was due to end 2026-11-05: check
  /// with the prescriber" once the planned end has passed.
  public func summary(today: CivilDate) -> String {
    var text = "on hold since " + (since?.iso ?? "not recorded")
    if let until {
      text +=
        dueToEnd(today: today) == nil
        ? " until " + until.iso
        : "; was due to end " + until.iso + ": check with the prescriber"
    }
    if let reason { text += " (" + reason + ")" }
    return text
  }

  /// The planned end when it has passed on `today`: the hold was due to end, and whether the
  /// medicine is given again is for the prescriber to say, not for the paper to guess.
  public func dueToEnd(today: CivilDate) -> CivilDate? {
    guard let until, until < today else { return nil }
    return until
  }
}

public struct Fill: Equatable, Sendable {
  public var fillDate: CivilDate
  /// 1–365 days; drives the runway, so it is never guessed.
  public var daySupply: Int
  public var quantity: Double?
  public var pharmacy: String?
  public init(fillDate: CivilDate, daySupply: Int, quantity: Double? = nil, pharmacy: String? = nil)
  {
    self.fillDate = fillDate
    self.daySupply = daySupply
    self.quantity = quantity
    self.pharmacy = pharmacy
  }
}

public struct Medication: Equatable, Sendable {
  public var id: String
  public var name: String
  public var brand: String?
  public var strength: String?
  public var form: String?
  public var route: String?
  public var dose: String?
  public var schedule: String?
  public var times: [DoseTime]
  public var asNeeded: Bool
  public var asNeededReason: String?
  public var maxPerDay: String?
  /// The least time between two as-needed doses, in minutes (`minIntervalMinutes`).
  public var minIntervalMinutes: Int?
  public var purpose: String?
  public var prescriber: String?
  public var instructions: String?
  public var startDate: CivilDate?
  public var status: MedicationStatus
  public var stoppedDate: CivilDate?
  /// Only with status on-hold: the hold's dates and reason.
  public var hold: MedicationHold?
  /// When set, overrides the bundled drug-class table either way.
  public var highAlert: Bool?
  public var refillsRemaining: Int?
  public var rxNumber: String?
  public var fills: [Fill]
  /// The source's codings of the medicine (see `Condition.codes`).
  public var codes: [Code]

  public init(
    id: String, name: String, brand: String? = nil, strength: String? = nil, form: String? = nil,
    route: String? = nil, dose: String? = nil, schedule: String? = nil, times: [DoseTime] = [],
    asNeeded: Bool = false, asNeededReason: String? = nil, maxPerDay: String? = nil,
    purpose: String? = nil, prescriber: String? = nil, instructions: String? = nil,
    startDate: CivilDate? = nil, status: MedicationStatus = .active, stoppedDate: CivilDate? = nil,
    highAlert: Bool? = nil, refillsRemaining: Int? = nil, rxNumber: String? = nil,
    fills: [Fill] = [], hold: MedicationHold? = nil, minIntervalMinutes: Int? = nil,
    codes: [Code] = []
  ) {
    self.id = id
    self.name = name
    self.brand = brand
    self.strength = strength
    self.form = form
    self.route = route
    self.dose = dose
    self.schedule = schedule
    self.times = times
    self.asNeeded = asNeeded
    self.asNeededReason = asNeededReason
    self.maxPerDay = maxPerDay
    self.purpose = purpose
    self.prescriber = prescriber
    self.instructions = instructions
    self.startDate = startDate
    self.status = status
    self.stoppedDate = stoppedDate
    self.highAlert = highAlert
    self.refillsRemaining = refillsRemaining
    self.rxNumber = rxNumber
    self.fills = fills
    self.hold = hold
    self.minIntervalMinutes = minIntervalMinutes
    self.codes = codes
  }

  /// Whether the medicine is held on `date`: on hold, and the hold covers the day.
  public func isHeld(on date: CivilDate) -> Bool {
    status == .onHold && (hold ?? MedicationHold()).covers(date)
  }
}

public struct Patient: Equatable, Sendable {
  public var id: String
  public var fullName: String
  public var preferredName: String?
  public var dateOfBirth: CivilDate
  public var sex: Sex?
  public var language: String?
  public var interpreterNeeded: Bool?
  public var weightKg: Double?
  /// The day the weight was measured.
  public var weightMeasuredOn: CivilDate?
  public var heightCm: Double?
  /// As the source wrote it ("A Rh(D) positive", "O+").
  public var bloodType: String?
  public var address: String?
  public var phone: String?
  public var insurance: String?
  public var codeStatus: String?
  public var advanceDirective: AdvanceDirective?
  public var baseline: Baseline?
  public var devices: [Device]
  public var alerts: [String]
  public var immunizations: [Immunization]
  public var conditions: [Condition]
  public var allergies: [Allergy]
  public var noKnownAllergies: Bool
  public var medications: [Medication]
  /// In call order.
  public var contacts: [Contact]
  public var careTeam: [CareTeamMember]
  public var pharmacy: Pharmacy?
  public var preferredHospital: String?
  public var dependents: String?
  public var notes: String?
  /// When the record's source last vouched for it (RFC 3339 UTC): an imported summary's date
  /// or the file's `exportedAt`. Cleared by a local edit, which makes the record current.
  public var sourceDate: String?

  public init(id: String, fullName: String, dateOfBirth: CivilDate) {
    self.id = id
    self.fullName = fullName
    self.dateOfBirth = dateOfBirth
    devices = []
    alerts = []
    immunizations = []
    conditions = []
    allergies = []
    noKnownAllergies = false
    medications = []
    contacts = []
    careTeam = []
  }
}
