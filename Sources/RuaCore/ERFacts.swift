// SPDX-License-Identifier: Apache-2.0
/// What the ER sheet states about a patient, derived once so every document says the same.
///
/// Only listed medications count (active and on-hold; never stopped): a held warfarin still
/// matters to an emergency team, a stopped one does not.
public struct ERFacts: Equatable, Sendable {
  /// The allergy section: never blank, so "none" and "not asked" are told apart.
  public enum Allergies: Equatable, Sendable {
    case listed([Allergy])
    case noKnownAllergies
    case notRecorded
  }

  /// Code status and where the original directive is, or an explicit "none on file".
  public enum CodeStatus: Equatable, Sendable {
    case onFile(status: String?, directiveSummary: String?, directiveLocation: String?)
    case noneOnFile
  }

  /// A medication with the table classes behind one of its flags (empty when the flag comes
  /// only from the medication's own `highAlert: true`).
  public struct FlaggedMedication: Equatable, Sendable {
    public let medication: Medication
    public let classes: [DrugClass]
    public init(medication: Medication, classes: [DrugClass]) {
      self.medication = medication
      self.classes = classes
    }
    public var name: String { medication.name }
  }

  public let allergies: Allergies
  /// Anticoagulants: the "ON A BLOOD THINNER" banner names these.
  public let bloodThinners: [FlaggedMedication]
  /// Antiplatelets: a softer "bleeds more easily" line, not the banner.
  public let antiplatelets: [FlaggedMedication]
  /// High-alert medications other than blood thinners (insulin, opioids, …) with their classes.
  public let otherHighAlert: [FlaggedMedication]
  public let fallRisk: [FlaggedMedication]
  public let codeStatus: CodeStatus
  /// Contacts with the `health-care-proxy` role, in call order. A `poa` may be financial only,
  /// so it is not presented as the one who consents to care.
  public let healthCareProxies: [Contact]
  /// Active and on-hold medications in document order (`Runway.documentOrder`).
  public let currentMedications: [Medication]
  /// The day the facts are for: a hold whose planned end has passed by then is said to be due
  /// to end, never treated as over or as still in force.
  public let today: CivilDate

  public var isOnBloodThinner: Bool { !bloodThinners.isEmpty }

  /// On a medicine of a class the drug-class table marks as able to cause low blood sugar
  /// (insulin, a sulfonylurea); held ones count, as a held blood thinner does.
  public var isOnBloodSugarLowering: Bool {
    (otherHighAlert + fallRisk).contains { $0.classes.contains(where: \.lowersBloodSugar) }
  }

  /// The blood-thinning medicines being given together, when there is more than one of a
  /// class or an anticoagulant with an antiplatelet: a fact for the pharmacist to check
  /// (dual therapy bleeds more), never advice. Held ones are not being given, so not counted.
  public var bloodThinnersTogether: [FlaggedMedication] {
    let given = (bloodThinners + antiplatelets).filter { $0.medication.status != .onHold }
    var seen = Set<String>()
    let unique = given.filter { seen.insert($0.medication.id).inserted }
    return unique.count > 1 ? unique : []
  }

  public static func derive(patient: Patient, table: DrugClassTable, today: CivilDate) -> ERFacts {
    let current = Runway.documentOrder(patient.medications, today: today)

    func flagged(_ flag: MedicationFlag) -> [FlaggedMedication] {
      current.compactMap { medication in
        guard table.flags(for: medication).contains(flag) else { return nil }
        let classes = table.classes(for: medication).filter { $0.flag == flag }
        return FlaggedMedication(medication: medication, classes: classes)
      }
    }

    let allergies: Allergies
    if !patient.allergies.isEmpty {
      allergies = .listed(patient.allergies)
    } else if patient.noKnownAllergies {
      allergies = .noKnownAllergies
    } else {
      allergies = .notRecorded
    }

    let directive = patient.advanceDirective
    let codeStatus: CodeStatus
    if patient.codeStatus == nil, directive?.summary == nil, directive?.location == nil {
      codeStatus = .noneOnFile
    } else {
      codeStatus = .onFile(
        status: patient.codeStatus, directiveSummary: directive?.summary,
        directiveLocation: directive?.location)
    }

    let bloodThinners = flagged(.anticoagulant)
    let thinnerIDs = Set(bloodThinners.map(\.medication.id))
    return ERFacts(
      allergies: allergies,
      bloodThinners: bloodThinners,
      antiplatelets: flagged(.antiplatelet),
      otherHighAlert: flagged(.highAlert).filter { !thinnerIDs.contains($0.medication.id) },
      fallRisk: flagged(.fallRisk),
      codeStatus: codeStatus,
      healthCareProxies: patient.contacts.filter { $0.roles.contains(.healthCareProxy) },
      currentMedications: current, today: today)
  }

  public init(
    allergies: Allergies, bloodThinners: [FlaggedMedication], antiplatelets: [FlaggedMedication],
    otherHighAlert: [FlaggedMedication], fallRisk: [FlaggedMedication], codeStatus: CodeStatus,
    healthCareProxies: [Contact], currentMedications: [Medication], today: CivilDate
  ) {
    self.today = today
    self.allergies = allergies
    self.bloodThinners = bloodThinners
    self.antiplatelets = antiplatelets
    self.otherHighAlert = otherHighAlert
    self.fallRisk = fallRisk
    self.codeStatus = codeStatus
    self.healthCareProxies = healthCareProxies
    self.currentMedications = currentMedications
  }
}
