// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct DrugClassMatchingTests {
  let table: DrugClassTable

  init() throws { table = try shippedDrugClassTable() }

  private func flags(_ name: String, highAlert: Bool? = nil) -> [String] {
    table.flags(for: medication("m", name, highAlert: highAlert)).map(\.rawValue)
  }

  @Test(arguments: [
    // salts, release suffixes, case
    ("metformin HCl ER", [String]()),
    ("metoprolol succinate ER", []),
    ("Warfarin", ["anticoagulant"]),
    ("warfarin sodium", ["anticoagulant"]),
    ("WARFARIN SODIUM 5 MG", ["anticoagulant"]),
    ("apixaban", ["anticoagulant"]),
    ("dabigatran etexilate", ["anticoagulant"]),
    ("enoxaparin sodium", ["anticoagulant"]),
    ("clopidogrel bisulfate", ["antiplatelet"]),
    ("aspirin 81 mg EC", ["antiplatelet"]),
    ("low-dose aspirin", ["antiplatelet"]),
    ("insulin glargine", ["high-alert", "fall-risk"]),  // low blood sugar: a fall risk too
    ("Insulin Glargine-yfgn", ["high-alert", "fall-risk"]),  // low blood sugar: a fall risk too
    ("insulin lispro", ["high-alert", "fall-risk"]),  // low blood sugar: a fall risk too
    ("glipiZIDE ER", ["high-alert", "fall-risk"]),  // low blood sugar: a fall risk too
    ("glyBURIDE", ["high-alert", "fall-risk"]),  // low blood sugar: a fall risk too
    ("oxycodone HCl", ["high-alert", "fall-risk"]),
    ("morphine sulfate ER", ["high-alert", "fall-risk"]),
    ("hydrocodone bitartrate and acetaminophen", ["high-alert", "fall-risk"]),
    ("hydrocodone/acetaminophen", ["high-alert", "fall-risk"]),
    ("tramadol HCl", ["high-alert", "fall-risk"]),
    ("fentanyl transdermal patch", ["high-alert", "fall-risk"]),
    ("methotrexate sodium", ["high-alert"]),
    ("carbamazepine XR", ["high-alert", "fall-risk"]),
    ("divalproex sodium DR", ["high-alert", "fall-risk"]),
    ("sodium valproate", ["high-alert", "fall-risk"]),
    ("valproic acid", ["high-alert", "fall-risk"]),
    ("gabapentin", ["fall-risk"]),
    ("zolpidem tartrate", ["fall-risk"]),
    ("zolpidem tartrate ER", ["fall-risk"]),
    ("alprazolam XR", ["fall-risk"]),
    ("quetiapine fumarate", ["fall-risk"]),
    ("sertraline HCl", ["fall-risk"]),
    ("venlafaxine XR", ["fall-risk"]),
    ("bupropion XL", []),
    ("furosemide", ["fall-risk"]),
    ("lisinopril and hydrochlorothiazide", ["fall-risk"]),
    ("losartan potassium", []),
    ("tamsulosin HCl", ["fall-risk"]),
    ("doxazosin mesylate", ["fall-risk"]),
    ("clonidine HCl ER", ["fall-risk"]),
    ("diphenhydramine HCl", ["fall-risk"]),
    ("isosorbide mononitrate ER", ["fall-risk"]),
    ("isosorbide dinitrate/hydralazine", ["fall-risk"]),
    ("oxybutynin chloride XL", ["fall-risk"]),
    ("tacrolimus", ["high-alert"]),
    ("morphine sulfate IR", ["high-alert", "fall-risk"]),
    ("OXYCODONE HCL SR", ["high-alert", "fall-risk"]),
    ("tramadol ER", ["high-alert", "fall-risk"]),
    ("quetiapine XR", ["fall-risk"]),
    ("nifedipine XL", []),
    ("clorazepate dipotassium", ["fall-risk"]),
    ("zolpidem tartrate sublingual", ["fall-risk"]),
    ("Tamsulosin Hydrochloride", ["fall-risk"]),
    ("levothyroxine sodium", []),
    ("atorvastatin calcium", []),
  ])
  func matchesGenericNamesWhateverTheirSaltOrRelease(name: String, expected: [String]) {
    #expect(flags(name) == expected)
  }

  @Test(arguments: [
    "Eliquis", "Coumadin", "Xarelto", "Lantus", "Ambien", "Plavix",  // brands are not generics
    // never a substring
    "nowarfarinx", "warfarinol", "prewarfarin", "apixabanx", "insulinoma", "heparinoid",
    "isosorbide",  // half of a two-word generic
    "vitamin D3", "", "   ", "ER", "HCl ER",  // unknown, empty, suffixes only
  ])
  func unknownNamesGetNoFlag(name: String) {
    #expect(flags(name).isEmpty)
    #expect(table.classes(for: medication("m", name)).isEmpty)
  }

  @Test func theBrandFieldIsNeverMatched() {
    var med = medication("m", "unknown-name")
    med.brand = "Eliquis"
    #expect(table.flags(for: med).isEmpty)
    med.brand = "warfarin"
    #expect(table.flags(for: med).isEmpty)
  }

  @Test func theMedicationsOwnHighAlertOverridesTheTable() {
    #expect(flags("lisinopril", highAlert: true) == ["high-alert"])
    #expect(flags("insulin glargine", highAlert: false) == ["fall-risk"])
    #expect(flags("oxycodone", highAlert: false) == ["fall-risk"])
    #expect(flags("oxycodone", highAlert: true) == ["high-alert", "fall-risk"])
    #expect(flags("warfarin", highAlert: true) == ["anticoagulant", "high-alert"])
    #expect(flags("warfarin", highAlert: false) == ["anticoagulant"])
    let classes = table.classes(for: medication("m", "oxycodone", highAlert: false)).map(\.id)
    #expect(classes == ["opioids-fall-risk"])
  }

  @Test func classLabelsNameTheClassInEachLanguageWithoutRepeats() {
    let opioid = medication("m", "oxycodone")
    #expect(table.classLabels(for: opioid, locale: "en") == ["opioid"])
    #expect(table.classLabels(for: opioid, locale: "es-MX") == ["opioide"])
    let combo = medication("m", "carbidopa and levodopa with diphenhydramine and furosemide")
    #expect(
      table.classLabels(for: combo, locale: "en") == [
        "diuretic (water pill)", "sedating antihistamine", "Parkinson's medicine (dopaminergic)",
      ])
    #expect(table.classLabels(for: opioid, locale: "fr") == ["opioid"])
  }

  @Test(arguments: [
    ("metformin HCl ER", ["metformin"]),
    ("Metoprolol Succinate ER", ["metoprolol"]),
    ("insulin glargine-yfgn", ["insulin", "glargine", "yfgn"]),
    ("hydrocodone/APAP", ["hydrocodone", "apap"]),
    ("  Ácido Valproico  ", ["ácido", "valproico"]),
    ("diltiazem CD 24-hr", ["diltiazem", "24", "hr"]),
  ])
  func nameWords(name: String, words: [String]) {
    #expect(DrugName.words(name) == words)
  }
}
