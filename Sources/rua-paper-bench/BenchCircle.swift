// SPDX-License-Identifier: Apache-2.0
import RuaCLI
import RuaCore
import RuaPaperKit

/// A deterministic synthetic care circle for the benchmark: fictional people whose names mix
/// Latin with diacritics, Greek, Cyrillic, Arabic and CJK, some very long, with 3–25 medicines.
enum BenchCircle {
  static let givenNames = [
    "Agnès", "Łucja", "Søren", "Zoë-Françoise", "Αικατερίνη", "Νικόλαος", "Владимир",
    "Екатерина", "فاطمة", "عبد الرحمن", "美玲", "花子", "Nguyễn Thị", "José-María", "Ørjan",
  ]
  static let familyNames = [
    "Doré-Ramírez", "Wąsowicz-Żurawska", "Ødegård", "Παπαδοπούλου", "Κωνσταντινίδης",
    "Константинопольский", "Шереметьева", "الزهراء بنت عبد الرحمن", "陈", "山田",
    "Hoàng Phương", "de la Cruz y Villaseñor", "Müller-Lüdenscheidt",
  ]
  static let medicines: [(name: String, strength: String)] = [
    ("warfarin sodium", "5 mg"), ("apixaban", "2.5 mg"), ("insulin glargine", "20 units"),
    ("oxycodone HCl", "5 mg"), ("metformin", "500 mg"), ("lisinopril", "10 mg"),
    ("atorvastatin", "40 mg"), ("levothyroxine", "75 mcg"), ("amlodipine", "5 mg"),
    ("furosemide", "20 mg"), ("donepezil", "10 mg"), ("sertraline", "50 mg"),
    ("omeprazole", "20 mg"), ("gabapentin", "300 mg"), ("tamsulosin", "0.4 mg"),
    ("metoprolol succinate extended-release", "25 mg"), ("digoxin", "125 mcg"),
    ("prednisone", "5 mg"), ("alendronate", "70 mg"), ("vitamin D3 (cholecalciferol)", "1000 IU"),
    ("clopidogrel", "75 mg"), ("zolpidem", "5 mg"), ("acetaminophen", "500 mg"),
    ("calcium carbonate", "600 mg"), ("latanoprost eye drops", "0.005%"),
  ]
  static let conditions = [
    "atrial fibrillation", "type 2 diabetes", "hypertension", "Parkinson's disease",
    "chronic kidney disease stage 3", "osteoporosis", "heart failure", "dementia, mild",
  ]

  /// A small linear congruential generator: the same seed gives the same circle everywhere.
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static func make(patients count: Int, today: CivilDate) -> CareCircle {
    var random = Random(state: 0x5EED)
    var patients: [Patient] = []
    for index in 0..<count {
      let given = givenNames[random.next(givenNames.count)]
      var family = familyNames[random.next(familyNames.count)]
      if random.next(5) == 0 { family += " " + familyNames[random.next(familyNames.count)] }
      let born = CivilDate(daysSinceEpoch: -12_000 - random.next(9_000))
      var patient = Patient(
        id: "bench-\(index + 1)", fullName: "\(given) \(family)", dateOfBirth: born)
      patient.allergies = [Allergy(substance: "penicillin", reaction: "hives", severity: .severe)]
      patient.conditions = (0..<(1 + random.next(4))).map { _ in
        Condition(name: conditions[random.next(conditions.count)])
      }
      patient.contacts = [
        Contact(
          name: givenNames[random.next(givenNames.count)] + " " + family, relation: "daughter",
          phone: "555-01\(10 + random.next(89))", roles: [.emergency, .healthCareProxy])
      ]
      patient.codeStatus = random.next(2) == 0 ? "Full code" : "DNR"
      let medicineCount = 3 + random.next(23)
      for number in 0..<medicineCount {
        let medicine = medicines[(number * 7 + random.next(medicines.count)) % medicines.count]
        let filled = CivilDate(daysSinceEpoch: today.daysSinceEpoch - random.next(40))
        patient.medications.append(
          Medication(
            id: "m-\(number + 1)", name: medicine.name, strength: medicine.strength,
            times: [.morning], asNeeded: random.next(6) == 0,
            purpose: conditions[random.next(conditions.count)],
            fills: [Fill(fillDate: filled, daySupply: 30)]))
      }
      patients.append(patient)
    }
    return CareCircle(exportedAt: nil, patients: patients)
  }
}
