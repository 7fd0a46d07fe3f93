// SPDX-License-Identifier: Apache-2.0
import RuaCLI
import RuaCore
import RuaPaperKit

/// The most expensive records `import` accepts, for `bench --worst`: every text at its length
/// limit, written in one of a few hostile styles, and as many list entries as the per-patient
/// text limit leaves room for. The bench
/// checks each one against the decoder and the pinned fonts first, so these are inputs a user
/// could really store.
enum WorstCircle {
  /// How the texts of one record are written.
  enum Style: String, CaseIterable {
    /// One word without a break opportunity: Pango must break it character by character.
    case unbroken
    /// Every letter carries three combining marks (the code-point limit allows no more on
    /// every letter).
    case marks
    /// Arabic, digits, Han, a Devanagari conjunct and Latin in turn, without spaces: a bidi
    /// run, an isolate and a font change on nearly every character.
    case mixed
    /// A digit between letters everywhere: one left-to-right isolate per digit.
    case digits
    /// Every list at its entry limit, with short texts: the most table rows and list items.
    case many
  }

  /// `count` characters of `style` text, within the code-point and byte limits of a field of
  /// `count` characters.
  static func text(_ count: Int, _ style: Style) -> String {
    let cycle: [String]
    switch style {
    case .unbroken: cycle = ["W", "m"]
    case .marks: cycle = ["a\u{301}\u{323}\u{302}", "e\u{300}\u{330}\u{308}"]
    case .mixed: cycle = ["ع", "1", "陈", "क्ष", "W", "٥", "ж"]
    case .digits: cycle = ["1", "a", "2", "ع"]
    case .many: return String(repeating: "Mi", count: min(count, 12) / 2)
    }
    var result = ""
    for index in 0..<count { result += cycle[index % cycle.count] }
    return result
  }

  /// A phone-like text of `count` characters.
  static func phone(_ count: Int, _ style: Style) -> String {
    style == .digits ? text(count, .digits) : String(repeating: "5", count: count)
  }

  static func patient(_ style: Style, today: CivilDate) -> Patient {
    typealias L = CareCircleLimits
    func t(_ count: Int) -> String { text(count, style) }
    let birth = today.adding(days: -30_000)
    var patient = Patient(
      id: "worst-\(style.rawValue)", fullName: t(L.fullName), dateOfBirth: birth)
    patient.preferredName = t(L.preferredName)
    patient.sex = .unknown
    patient.language = "ar"
    patient.interpreterNeeded = true
    patient.weightKg = 499.9
    patient.heightCm = 299.9
    patient.address = t(L.address)
    patient.phone = phone(L.phone, style)
    patient.insurance = t(L.insurance)
    patient.codeStatus = t(L.codeStatus)
    patient.advanceDirective = AdvanceDirective(summary: t(L.directive), location: t(L.directive))
    let base = t(L.baseline)
    patient.baseline = Baseline(
      cognition: base, mobility: base, hearing: base, vision: base, communication: base,
      other: base)
    patient.devices = (0..<L.devicesCount).map { _ in
      Device(name: t(L.deviceName), details: t(L.deviceDetails))
    }
    patient.alerts = (0..<L.alertsCount).map { _ in t(L.alert) }
    patient.conditions = (0..<L.conditionsCount).map { _ in
      Condition(name: t(L.conditionName), since: "2019-04", notes: t(L.conditionNotes))
    }
    patient.allergies = (0..<L.allergiesCount).map { _ in
      Allergy(substance: t(L.substance), reaction: t(L.reaction), severity: .severe, kind: .allergy)
    }
    patient.medications = (0..<L.medicationsCount).map { index in
      medication(index, style, today: today)
    }
    patient.contacts = (0..<L.contactsCount).map { _ in
      Contact(
        name: t(L.personName), relation: t(L.relation), phone: phone(L.phone, style),
        altPhone: phone(L.phone, style), roles: ContactRole.allCases)
    }
    patient.careTeam = (0..<L.careTeamCount).map { _ in
      CareTeamMember(
        name: t(L.personName), role: t(L.careTeamRole), phone: phone(L.phone, style),
        organization: t(L.organization))
    }
    patient.pharmacy = Pharmacy(
      name: t(L.pharmacyName), phone: phone(L.phone, style), address: t(L.address))
    patient.preferredHospital = t(L.preferredHospital)
    patient.dependents = t(L.dependents)
    patient.notes = t(L.patientNotes)
    return fitted(patient)
  }

  /// `patient` cut down to the per-patient text limit: one fill per medication (older fills
  /// are not printed), then one entry at a time from each list in turn.
  static func fitted(_ patient: Patient) -> Patient {
    var patient = patient
    for index in patient.medications.indices {
      patient.medications[index].fills = Array(patient.medications[index].fills.prefix(1))
    }
    func size(_ json: JSON) -> Int { CareCirclePrintedText.bytes(in: json) }
    var total = size(CareCircleEncoder.encode(patient))
    var turn = 0
    while total > CareCircleLimits.patientTextBytes, turn < 700 {
      switch turn % 7 {
      case 0: patient.medications.popLast().map { total -= size(CareCircleEncoder.encode($0)) }
      case 1: patient.conditions.popLast().map { total -= size(CareCircleEncoder.encode($0)) }
      case 2: patient.allergies.popLast().map { total -= size(CareCircleEncoder.encode($0)) }
      case 3: patient.contacts.popLast().map { total -= size(CareCircleEncoder.encode($0)) }
      case 4: patient.careTeam.popLast().map { total -= size(CareCircleEncoder.encode($0)) }
      case 5: patient.devices.popLast().map { total -= size(CareCircleEncoder.encode($0)) }
      default: patient.alerts.popLast().map { total -= $0.utf8.count }
      }
      turn += 1
    }
    if total > CareCircleLimits.patientTextBytes, let notes = patient.notes {
      // Lists empty and still over: the notes give up what is left over.
      var kept = notes
      while total > CareCircleLimits.patientTextBytes, let last = kept.popLast() {
        total -= String(last).utf8.count
      }
      patient.notes = kept
    }
    return patient
  }

  /// Every medication high-alert (so the ER sheet lists them all twice), every other one as
  /// needed, each with its full list of fills.
  private static func medication(_ index: Int, _ style: Style, today: CivilDate) -> Medication {
    typealias L = CareCircleLimits
    func t(_ count: Int) -> String { text(count, style) }
    let fills = (0..<L.fillsCount).map { fill in
      Fill(
        fillDate: today.adding(days: -fill * 5), daySupply: 30, quantity: 90,
        pharmacy: t(L.fillPharmacy))
    }
    return Medication(
      id: "m\(index)", name: t(L.medicationName), brand: t(L.brand), strength: t(L.shortText),
      form: t(L.shortText), route: t(L.shortText), dose: t(L.shortText), schedule: t(L.schedule),
      times: DoseTime.allCases, asNeeded: index % 2 == 1, asNeededReason: t(L.asNeededReason),
      maxPerDay: t(L.shortText), purpose: t(L.purpose), prescriber: t(L.prescriber),
      instructions: t(L.instructions), startDate: today.adding(days: -400),
      highAlert: true, refillsRemaining: 99, rxNumber: t(L.rxNumber), fills: fills)
  }
}
