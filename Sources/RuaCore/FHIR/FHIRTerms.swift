// SPDX-License-Identifier: Apache-2.0
/// The few FHIR R4 and IPS terms the mapping reads and writes (docs/fhir.md). rua-paper ships no
/// terminology: these are code systems, section codes and the displays of the IPS relationship
/// value set, nothing more.
public enum FHIRTerms {
  public static let loinc = "http://loinc.org"
  public static let snomed = "http://snomed.info/sct"
  public static let rxnorm = "http://www.nlm.nih.gov/research/umls/rxnorm"
  public static let atc = "http://www.whocc.no/atc"
  public static let icd10 = "http://hl7.org/fhir/sid/icd-10"
  public static let icd10cm = "http://hl7.org/fhir/sid/icd-10-cm"
  public static let ucum = "http://unitsofmeasure.org"
  public static let bcp47 = "urn:ietf:bcp:47"
  public static let roleCode = "http://terminology.hl7.org/CodeSystem/v3-RoleCode"
  public static let contactRole = "http://terminology.hl7.org/CodeSystem/v2-0131"
  public static let dataAbsentReason = "http://hl7.org/fhir/StructureDefinition/data-absent-reason"
  public static let interpreterRequired =
    "http://hl7.org/fhir/StructureDefinition/patient-interpreterRequired"
  /// rua-paper's own extension on a held MedicationStatement: the hold's planned period
  /// (`valuePeriod` start = `hold.since`, end = `hold.until`); R4 has no field for it.
  public static let medicationHold = "urn:rua-paper:fhir:medication-hold"
  /// rua-paper's own extensions for what IPS has no element for: a Medication's brand name
  /// (`valueString`) and a MedicationStatement's refills remaining (`valueUnsignedInt`).
  public static let medicationBrand = "urn:rua-paper:fhir:medication-brand"
  public static let refillsRemaining = "urn:rua-paper:fhir:refills-remaining"
  public static let listEmptyReason = "http://terminology.hl7.org/CodeSystem/list-empty-reason"
  public static let uri = "urn:ietf:rfc:3986"

  /// Composition sections by LOINC code.
  public static let patientSummary = "60591-5"
  public static let problems = "11450-4"
  public static let allergies = "48765-2"
  public static let medications = "10160-0"
  public static let devices = "46264-8"
  public static let alerts = "104605-1"
  public static let vitalSigns = "8716-3"
  public static let advanceDirectives = "42348-3"
  public static let functionalStatus = "47420-5"
  public static let careTeam = "85847-2"
  public static let bodyWeight = "29463-7"
  public static let bodyHeight = "8302-2"
  public static let bloodGroup = "882-1"
  public static let immunizationsSection = "11369-6"
  public static let resultsSection = "30954-2"

  /// SNOMED CT "no known allergy" (situation), the only code that means `noKnownAllergies`.
  public static let noKnownAllergy = "716186003"
  /// Partial "no known …" allergy codes: refused, the single boolean would overstate them.
  public static let partialNoKnownAllergies: Set<String> = ["409137002", "429625007", "428607008"]
  /// SNOMED CT "no known …" and "no information" situations of the other sections: no item.
  public static let noKnownSituations: Set<String> = [
    "160245001", "787481004", "787483001", "787480003", "787482006", "1287211007",
  ]

  /// Routes that mean "by mouth", which the care-circle format writes as no route.
  public static let oralRoutes: Set<String> = ["20053000", "PO", "26643006"]

  /// The 39 codes of the IPS value set personal-relationship-uv-ips (v3-RoleCode) and their
  /// displays, so a relationship prints as a word, never as a bare code.
  public static let relationshipWords: [String: String] = [
    "AUNT": "aunt", "CHILD": "child", "CHLDADOPT": "adopted child", "CHLDFOST": "foster child",
    "CHLDINLAW": "child-in-law", "COUSN": "cousin", "DAU": "natural daughter",
    "DAUADOPT": "adopted daughter", "DAUC": "daughter", "DAUFOST": "foster daughter",
    "DAUINLAW": "daughter in-law", "DOMPART": "domestic partner", "FAMMEMB": "family member",
    "FRND": "unrelated friend", "FTH": "father", "FTHINLAW": "father-in-law",
    "GGRPRN": "great grandparent", "GRNDCHILD": "grandchild", "GRPRN": "grandparent",
    "MTH": "mother", "MTHINLAW": "mother-in-law", "NBOR": "neighbor", "NCHILD": "natural child",
    "NIENEPH": "niece/nephew", "PRN": "parent", "PRNINLAW": "parent in-law", "ROOM": "Roommate",
    "SIB": "sibling", "SIGOTHR": "significant other", "SON": "natural son",
    "SONADOPT": "adopted son", "SONC": "son", "SONFOST": "foster son", "SONINLAW": "son in-law",
    "SPS": "spouse", "STPCHLD": "step child", "STPDAU": "stepdaughter", "STPSON": "stepson",
    "UNCLE": "uncle",
  ]

  /// The v3-RoleCode of a relation word, when the word is exactly one of the displays.
  public static func relationshipCode(for word: String) -> String? {
    relationshipWords.first { $0.value == word }?.key
  }

  /// Event timings (R4 event-timing) for the four Universal Medication Schedule slots.
  public static let whenCodes: [(DoseTime, String)] = [
    (.morning, "MORN"), (.noon, "NOON"), (.evening, "EVE"), (.bedtime, "HS"),
  ]

  /// A SNOMED CT display without its trailing semantic tag: "Menopausal flushing (finding)" →
  /// "Menopausal flushing". Only a lowercase tag at the very end is removed; words are kept.
  public static func withoutSemanticTag(_ display: String) -> String {
    guard display.hasSuffix(")"), let open = display.lastIndex(of: "(") else { return display }
    let tag = display[display.index(after: open)..<display.index(before: display.endIndex)]
    guard !tag.isEmpty,
      tag.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == " " || $0 == "/" })
    else { return display }
    let kept = display[..<open]
    guard kept.hasSuffix(" ") else { return display }
    return String(kept.dropLast())
  }
}

/// Name-based identifiers for the export: the same care-circle record gives the same UUIDs on
/// every export. RuaCore has no SHA-1, so these are RFC 9562 version 8 (custom) UUIDs built from
/// two 64-bit FNV-1a hashes of the name, not version 5; they are identifiers, not secrets.
public enum FHIRIdentity {
  public static func uuid(_ name: String) -> String {
    let bytes = Array(name.utf8)
    var high = fnv(bytes, basis: 0xcbf2_9ce4_8422_2325)
    var low = fnv(bytes + [0xFF], basis: 0x8422_2325_cbf2_9ce4)
    high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
    low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    let hex = hex16(high) + hex16(low)
    let chars = Array(hex)
    return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
      + String(chars[16..<20]) + "-" + String(chars[20..<32])
  }

  /// A FHIR id (`[A-Za-z0-9.-]{1,64}`).
  public static func isFHIRID(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 64
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
            || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ".")
      }
  }

  private static func fnv(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func hex16(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
