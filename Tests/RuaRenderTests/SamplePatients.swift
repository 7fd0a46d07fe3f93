// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// Fictional people for render tests. None is real.
enum SamplePatients {
  static let today = day(2026, 11, 29)

  static func med(
    _ id: String, _ name: String, _ strength: String, _ dose: String, _ schedule: String,
    purpose: String? = nil, brand: String? = nil, asNeeded: Bool = false, reason: String? = nil
  ) -> Medication {
    var medication = Medication(
      id: id, name: name, brand: brand, strength: strength, dose: dose, schedule: schedule,
      asNeeded: asNeeded, asNeededReason: reason, purpose: purpose)
    medication.route = nil
    return medication
  }

  /// A typical record: 12 medications, 6 conditions, 4 contacts.
  static var typical: Patient {
    var patient = Patient(
      id: "p-typical", fullName: "Roberta Álvarez-Núñez",
      dateOfBirth: day(1941, 2, 14))
    patient.preferredName = "Bobbie"
    patient.sex = .female
    patient.language = "Spanish (also English)"
    patient.interpreterNeeded = true
    patient.weightKg = 61.5
    patient.heightCm = 158
    patient.address = "42 Alder Lane, Apt 3, Springfield, OR 97477"
    patient.phone = "(541) 555-0142"
    patient.insurance = "Medicare A+B, member 1EG4-TE5-MK72; AARP supplement plan G"
    patient.codeStatus = "DNR / DNI"
    patient.advanceDirective = AdvanceDirective(
      summary: "POLST signed 2025-03-02: comfort-focused treatment",
      location: "pink form on the refrigerator door")
    patient.baseline = Baseline(
      cognition: "Mild memory loss; knows name and place, not always the date",
      mobility: "Walks with a four-wheeled walker; needs help on stairs",
      hearing: "Hearing aids, both ears (check pockets)", vision: "Reading glasses",
      communication: "Speaks slowly after a stroke; answers yes/no reliably")
    patient.devices = [Device(name: "Pacemaker", details: "Medtronic Azure XT DR, MRI conditional")]
    patient.alerts = ["No blood pressure or needles in the left arm (lymph node removal)"]
    patient.conditions = [
      Condition(name: "Atrial fibrillation", since: "2018"),
      Condition(name: "Type 2 diabetes", since: "2009", notes: "on insulin"),
      Condition(name: "Heart failure (HFpEF)", since: "2021"),
      Condition(name: "Chronic kidney disease stage 3a"),
      Condition(name: "Stroke with mild right-sided weakness", since: "2023-06"),
      Condition(name: "Osteoarthritis of both knees"),
    ]
    patient.allergies = [
      Allergy(substance: "Penicillin", reaction: "hives and throat swelling", severity: .severe),
      Allergy(substance: "Sulfa drugs", reaction: "rash", severity: .moderate),
      Allergy(substance: "Codeine", reaction: "vomiting", kind: .intolerance),
    ]
    patient.medications = [
      med(
        "m1", "warfarin", "5 mg", "1 tablet", "every evening", purpose: "atrial fibrillation",
        brand: "Coumadin"),
      med(
        "m2", "insulin glargine", "100 units/mL", "18 units", "at bedtime", purpose: "diabetes",
        brand: "Lantus"),
      med(
        "m3", "metoprolol succinate", "50 mg", "1 tablet", "every morning", purpose: "heart rate"),
      med(
        "m4", "furosemide", "20 mg", "1 tablet", "every morning", purpose: "fluid / heart failure"),
      med("m5", "lisinopril", "10 mg", "1 tablet", "every morning", purpose: "blood pressure"),
      med("m6", "atorvastatin", "40 mg", "1 tablet", "at bedtime", purpose: "cholesterol"),
      med("m7", "metformin", "500 mg", "1 tablet", "twice a day with meals", purpose: "diabetes"),
      med("m8", "donepezil", "5 mg", "1 tablet", "at bedtime", purpose: "memory"),
      med("m9", "sertraline", "50 mg", "1 tablet", "every morning", purpose: "mood"),
      med("m10", "levothyroxine", "75 mcg", "1 tablet", "before breakfast", purpose: "thyroid"),
      med(
        "m11", "acetaminophen", "500 mg", "2 tablets", "up to 3 times a day", purpose: "knee pain",
        asNeeded: true, reason: "pain"),
      med(
        "m12", "oxycodone", "5 mg", "1 tablet", "at most twice a day", purpose: "severe knee pain",
        asNeeded: true, reason: "severe pain"),
    ]
    patient.contacts = [
      Contact(
        name: "Marisol Álvarez", relation: "daughter", phone: "(541) 555-0187",
        altPhone: "(541) 555-0101", roles: [.emergency, .healthCareProxy]),
      Contact(
        name: "Tomás Núñez", relation: "son", phone: "(503) 555-0166", roles: [.emergency, .poa]),
      Contact(
        name: "Ruth Becker", relation: "neighbour, has a key", phone: "(541) 555-0123",
        roles: [.emergency]),
      Contact(
        name: "Home Helpers Agency", relation: "paid caregiver", phone: "(541) 555-0190",
        roles: [.caregiver]),
    ]
    patient.careTeam = [
      CareTeamMember(
        name: "Dr. Anh Tran", role: "primary care", phone: "(541) 555-0150",
        organization: "Valley Family Clinic"),
      CareTeamMember(
        name: "Dr. Idris Okafor", role: "cardiology", phone: "(541) 555-0155",
        organization: "Cascade Heart"),
    ]
    patient.pharmacy = Pharmacy(
      name: "Main Street Pharmacy", phone: "(541) 555-0177", address: "110 Main St")
    patient.preferredHospital = "McKenzie-Willamette Medical Center (records there)"
    patient.dependents = "Feeds and walks Pepper, a small dog; a neighbour has a key"
    return patient
  }

  /// A large record: 40 medications and long lists.
  static var large: Patient {
    var patient = typical
    patient.id = "p-large"
    patient.medications = (1...40).map { index in
      med(
        "L\(index)", "test medicine number \(index)", "\(index * 5) mg", "1 tablet",
        "every morning", purpose: "purpose \(index)")
    }
    patient.conditions += (1...10).map { Condition(name: "extra condition \($0)") }
    return patient
  }

  /// The emergency case of issue 13: 40 medicines (the blood thinners and insulin listed
  /// last), 6 contacts with the decision maker fifth, and long conditions.
  static var crowded: Patient {
    var patient = typical
    patient.id = "p-crowded"
    patient.medications = (1...37).map { index in
      med(
        "C\(index)", "test medicine number \(index)", "\(index * 5) mg", "1 tablet",
        "every morning", purpose: "purpose \(index)")
    }
    patient.medications += [
      med("C38", "insulin glargine", "100 units/mL", "18 units", "at bedtime", purpose: "diabetes"),
      med("C39", "clopidogrel", "75 mg", "1 tablet", "every morning", purpose: "stent"),
      med("C40", "warfarin", "5 mg", "1 tablet", "every evening", purpose: "atrial fibrillation"),
    ]
    patient.contacts = (1...6).map { index in
      Contact(
        name: "Contact Person \(index)", relation: "relation \(index)",
        phone: "(541) 555-01\(10 + index)",
        roles: index == 5 ? [.emergency, .healthCareProxy] : [.emergency])
    }
    patient.conditions = (1...8).map { index in
      Condition(
        name: "long condition \(index)", since: "20\(10 + index)",
        notes: String(repeating: "details of a long-standing problem \(index); ", count: 4))
    }
    return patient
  }

  /// A small drug-class table for tests (the bundled one lives in templates/drug-classes.json).
  static var drugClasses: DrugClassTable {
    let review = DrugClass.Review.pending
    return DrugClassTable(
      contentVersion: "1.0.0", sources: [DrugClassSource(id: "ISMP", citation: "ISMP 2021")],
      classes: [
        DrugClass(
          id: "vka", flag: .anticoagulant,
          labels: ["en": "Vitamin K antagonist", "es": "Antivitamina K"], generics: ["warfarin"],
          sources: ["ISMP"], review: review),
        DrugClass(
          id: "insulin", flag: .highAlert,
          labels: ["en": "Insulin: low blood sugar", "es": "Insulina: hipoglucemia"],
          generics: ["insulin"], sources: ["ISMP"], review: review),
        DrugClass(
          id: "opioid", flag: .highAlert,
          labels: ["en": "Opioid: naloxone", "es": "Opioide: naloxona"], generics: ["oxycodone"],
          sources: ["ISMP"], review: review),
        DrugClass(
          id: "antiplatelet", flag: .antiplatelet,
          labels: ["en": "Antiplatelet", "es": "Antiagregante"], generics: ["clopidogrel"],
          sources: ["ISMP"], review: review),
      ])
  }
}

/// A calendar date for fixtures (the epoch if the parts are invalid, which fails the test).
func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> CivilDate {
  CivilDate(year: year, month: month, day: dayOfMonth) ?? CivilDate(daysSinceEpoch: 0)
}

extension SamplePatients {
  /// The adversarial record of issue 30's measurements: long names with hyphens, a Chinese,
  /// a Korean and an Arabic name, long Russian and Korean words, one word wider than any box,
  /// a long phone, and many medicines.
  static var adversarial: Patient {
    var patient = typical
    patient.id = "p-adversarial"
    patient.fullName = "Maximiliana-Konstantina Wolfeschlegelsteinhausen-Bergerdorff"
    patient.preferredName = "Mei-Ling"
    patient.phone = "+1 (541) 555-0142 ext. 2201"
    patient.medications += (1...14).map { index in
      med(
        "A\(index)", "hydroxychloroquine sulfate \(index)", "\(index * 10) mg", "1 tablet",
        "every morning with breakfast", purpose: "достопримечательностями \(index)")
    }
    patient.conditions += [
      Condition(
        name: "Pneumonoultramicroscopicsilicovolcanoconiosis", since: "2019",
        notes: "Обстоятельства неудовлетворительные; 고혈압합병증관리 필요"),
      Condition(name: String(repeating: "Wm", count: 40)),
    ]
    patient.contacts = [
      Contact(
        name: "张伟", relation: "son", phone: "+1 (541) 555-0187 ext. 3302",
        altPhone: "(541) 555-0101", roles: [.emergency, .healthCareProxy]),
      Contact(
        name: "محمد عبد الرحمن", relation: "neighbour", phone: "(503) 555-0166",
        roles: [.emergency]),
      Contact(
        name: "김민준", relation: "grandson", phone: "(541) 555-0123", roles: [.emergency]),
      Contact(
        name: "Jean-Baptiste Nguyễn-Okonkwo", relation: "nephew", phone: "(541) 555-0190",
        roles: [.emergency, .poa]),
    ]
    patient.pharmacy = Pharmacy(
      name: "Main Street Community Pharmacy and Compounding Center", phone: "+1 (541) 555-0177",
      address: "110 Main St")
    return patient
  }
}
