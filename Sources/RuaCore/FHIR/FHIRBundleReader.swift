// SPDX-License-Identifier: Apache-2.0
/// What a FHIR Bundle became: a care-circle file (as JSON, to go through `CareCircleDecoder` and
/// every rule of the format), what was left out and why, and where each care-circle item came
/// from, so a refusal of the decoder can name the Bundle entry.
public struct FHIRImport: Sendable {
  public var careCircle: JSON
  /// One sentence per kind of thing left out ("left out 2 Immunization: …"); no health data.
  public var notes: [String]
  /// Care-circle paths (`patients[0].medications[1]`) and the Bundle paths they came from.
  public var origins: [FHIROrigin]

  /// The Bundle path of a care-circle path: `patients[0].medications[1].name` →
  /// `Bundle.entry[7].resource(MedicationStatement) → medications[1].name`.
  public func bundlePath(for carePath: String) -> String {
    let match = origins.filter {
      carePath == $0.carePath || carePath.hasPrefix($0.carePath + ".")
        || carePath.hasPrefix($0.carePath + "[")
    }.max { $0.carePath.count < $1.carePath.count }
    guard let match else { return carePath }
    return match.bundlePath + " (as " + carePath + ")"
  }
}

public struct FHIROrigin: Equatable, Sendable {
  public var carePath: String
  public var bundlePath: String
}

/// Reads a FHIR R4 Bundle (an IPS `document`, or a `collection`, `searchset` or `transaction`
/// of the same resources) into a care-circle file. The mapping and what it refuses are in
/// docs/fhir.md. Nothing is guessed: what does not map exactly is left out and said, or the
/// Bundle is refused with the path of the element at fault.
public enum FHIRBundleReader {
  public static let maximumBytes = 8 * 1024 * 1024
  public static let maximumEntries = 2000
  public static let maximumArray = 500
  static let bundleTypes: Set<String> = ["document", "collection", "searchset", "transaction"]

  /// True when the JSON is a FHIR resource rather than a care-circle file.
  public static func isFHIR(_ json: JSON) -> Bool {
    json["resourceType"] != nil && json["format"] == nil
  }

  public static func read(_ json: JSON, byteCount: Int) throws(CareCircleError) -> FHIRImport {
    guard byteCount <= maximumBytes else {
      throw CareCircleError(
        path: "Bundle",
        reason: "is \(byteCount) bytes; a Bundle may be at most \(maximumBytes) bytes")
    }
    var reader = try BundleMapping(json)
    return try reader.map()
  }
}

private struct Entry {
  let node: FHIRNode
  let type: String
  let id: String?
  let fullUrl: String?
}

private struct Draft {
  var entry: Int
  var patient = JSONObject()
  var conditions: [JSON] = []
  var allergies: [JSON] = []
  var noKnownAllergies = false
  var medications: [JSON] = []
  var medicationIDs: [String: Int] = [:]
  var contacts: [(name: String, relation: String?, phones: [String], roles: [String])] = []
  var careTeam: [JSON] = []
  var devices: [JSON] = []
  var alerts: [JSON] = []
  var immunizations: [JSON] = []
  var pharmacy: JSON?
  var weight: (date: String, value: JSON)?
  var height: (date: String, value: JSON)?
  var origins: [(String, String)] = []
}

private struct BundleMapping {
  var entries: [Entry] = []
  var byURL: [String: Int] = [:]
  var byTypeAndID: [String: Int] = [:]
  var notes: [String: Int] = [:]
  var noteOrder: [String] = []
  var drafts: [Int: Draft] = [:]
  var patientOrder: [Int] = []
  var used = Set<Int>()
  var timestamp: String?
  /// The same date as each patient's `sourceDate`, a date alone at its noon UTC.
  var sourceDate: String?

  init(_ json: JSON) throws(CareCircleError) {
    let bundle = FHIRNode(json, "Bundle")
    guard case .object = json else {
      throw CareCircleError(path: "Bundle", reason: "must be a JSON object")
    }
    guard let type = try bundle.string("resourceType") else {
      throw bundle.refuse("resourceType", "is required")
    }
    guard type == "Bundle" else {
      throw bundle.refuse(
        "resourceType",
        "is \(Self.shown(type)); rua-paper imports a FHIR R4 Bundle (an International Patient"
          + " Summary document, or a collection, searchset or transaction Bundle)")
    }
    let bundleType = try bundle.string("type")
    guard let bundleType, FHIRBundleReader.bundleTypes.contains(bundleType) else {
      throw bundle.refuse(
        "type", "must be document, collection, searchset or transaction")
    }
    guard case .array(let raw)? = json["entry"] ?? .array([]) else {
      throw bundle.refuse("entry", "must be an array")
    }
    guard raw.count <= FHIRBundleReader.maximumEntries else {
      throw bundle.refuse(
        "entry",
        "lists \(raw.count) entries; a Bundle may hold at most \(FHIRBundleReader.maximumEntries)")
    }
    for (index, element) in raw.enumerated() {
      let entryNode = FHIRNode(element, "Bundle.entry[\(index)]")
      guard case .object = element else { throw entryNode.refuse(nil, "must be an object") }
      guard let resource = try entryNode.object("resource") else {
        throw entryNode.refuse("resource", "is required (rua-paper reads resources, not links)")
      }
      guard let resourceType = try resource.string("resourceType") else {
        throw resource.refuse("resourceType", "is required")
      }
      guard FHIRIdentity.isFHIRID(resourceType), resourceType.first?.isUppercase == true else {
        throw resource.refuse("resourceType", "is not a FHIR resource type")
      }
      let node = FHIRNode(resource.json, "Bundle.entry[\(index)].resource(\(resourceType))")
      if node.json["contained"] != nil {
        throw node.refuse(
          "contained",
          "contained resources are not read; put each resource in its own Bundle entry")
      }
      let id = try node.string("id")
      let fullUrl = try entryNode.string("fullUrl")
      if let fullUrl {
        if let first = byURL[fullUrl] {
          throw entryNode.refuse("fullUrl", "repeats the fullUrl of Bundle.entry[\(first)]")
        }
        byURL[fullUrl] = index
      }
      if let id {
        let key = resourceType + "/" + id
        if let first = byTypeAndID[key] {
          throw node.refuse("id", "repeats the id of Bundle.entry[\(first)]; ids must be unique")
        }
        byTypeAndID[key] = index
      }
      entries.append(Entry(node: node, type: resourceType, id: id, fullUrl: fullUrl))
    }
    if bundleType == "document" {
      guard entries.first?.type == "Composition" else {
        throw bundle.refuse("entry[0]", "must be the Composition in a document Bundle")
      }
      if let second = entries.dropFirst().firstIndex(where: { $0.type == "Composition" }) {
        throw CareCircleError(
          path: entries[second].node.path, reason: "is a second Composition in a document Bundle")
      }
    }
    var stamp = try bundle.string("timestamp")
    if let meta = try bundle.object("meta"), FHIRDates.utcTimestamp(stamp) == nil {
      stamp = try meta.string("lastUpdated")
    }
    timestamp = FHIRDates.utcTimestamp(stamp)
    sourceDate = FHIRDates.sourceTimestamp(stamp)
  }

  static func shown(_ text: String) -> String {
    FHIRIdentity.isFHIRID(text) ? "\"\(text)\"" : "not a resource type"
  }

  /// Records that item `count - 1` of the patient's `key` list came from `path`.
  mutating func origin(_ owner: Int, _ key: String, _ count: Int, _ path: String) {
    drafts[owner]?.origins.append(("\(key)[\(count - 1)]", path))
  }

  mutating func note(_ text: String) {
    if notes[text] == nil { noteOrder.append(text) }
    notes[text, default: 0] += 1
  }

  // MARK: references

  /// The entry a Reference points to, or nil for a reference with only a display. A reference
  /// that points outside the Bundle, to a contained resource, or to the wrong type is refused.
  func resolve(_ reference: FHIRNode?, _ types: Set<String>) throws(CareCircleError) -> Int? {
    guard let reference else { return nil }
    guard let target = try reference.string("reference") else { return nil }
    if target.hasPrefix("#") {
      throw reference.refuse("reference", "points to a contained resource, which is not read")
    }
    var index = byURL[target] ?? byTypeAndID[target]
    if index == nil {
      // An absolute reference matches an entry whose fullUrl ends with Type/id.
      let parts = target.split(separator: "/")
      if parts.count >= 2 {
        index = byTypeAndID[parts[parts.count - 2] + "/" + parts[parts.count - 1]]
      }
    }
    guard let index else {
      throw reference.refuse("reference", "points to a resource that is not in the Bundle")
    }
    guard types.contains(entries[index].type) else {
      throw reference.refuse(
        "reference",
        "points to a \(entries[index].type); expected \(types.sorted().joined(separator: " or "))")
    }
    return index
  }

  /// The Patient entry a clinical resource belongs to (`subject` or `patient`).
  func owner(_ node: FHIRNode, _ key: String) throws(CareCircleError) -> Int {
    if let patient = try resolve(try node.object(key), ["Patient"]) { return patient }
    if patientOrder.count == 1 { return patientOrder[0] }
    throw node.refuse(
      key, "must refer to the Patient in the Bundle (it holds \(patientOrder.count))")
  }

  // MARK: the mapping

  mutating func map() throws(CareCircleError) -> FHIRImport {
    for (index, entry) in entries.enumerated() where entry.type == "Patient" {
      patientOrder.append(index)
      drafts[index] = Draft(entry: index)
      try readPatient(index)
    }
    guard !patientOrder.isEmpty else {
      throw CareCircleError(
        path: "Bundle.entry", reason: "holds no Patient; there is no one to import")
    }
    if entries.first?.type == "Composition" { try readComposition(0) }
    // Statements first, so a request or dispense they were derived from is not read twice.
    for (index, entry) in entries.enumerated() where entry.type == "MedicationStatement" {
      try readMedication(index, request: false)
    }
    for (index, entry) in entries.enumerated()
    where entry.type == "MedicationRequest" && !used.contains(index) {
      try readMedication(index, request: true)
    }
    // Device use before devices, so a device is read with its statement's `since`.
    for (index, entry) in entries.enumerated() where entry.type == "DeviceUseStatement" {
      try readDeviceUse(index)
    }
    for (index, entry) in entries.enumerated() {
      let node = entry.node
      switch entry.type {
      case "Patient", "Composition", "MedicationStatement", "Medication", "MedicationRequest",
        "DeviceUseStatement":
        break
      case "MedicationDispense":
        if !used.contains(index) { try readDispense(index) }
      case "AllergyIntolerance": try readAllergy(node)
      case "Condition": try readCondition(node)
      case "Device":
        if !used.contains(index), node.json["patient"] != nil { try readDevice(index, owner: nil) }
      case "Flag": try readFlag(node)
      case "Immunization": try readImmunization(node)
      case "Observation": try readObservation(node)
      case "RelatedPerson": try readRelatedPerson(node)
      case "Organization":
        if !used.contains(index) { try readOrganization(index) }
      case "Practitioner", "PractitionerRole":
        if !used.contains(index) {
          note("left out a \(entry.type) not named as a general practitioner or in a section")
        }
      default:
        note("left out \(entry.type): the care-circle format has no field for it yet")
      }
    }
    return finish()
  }

  mutating func readComposition(_ index: Int) throws(CareCircleError) {
    let node = entries[index].node
    let date = try node.string("date")
    if let stamp = FHIRDates.utcTimestamp(date) {
      timestamp = stamp
      sourceDate = FHIRDates.sourceTimestamp(date)
    }
    for section in try node.array("section") {
      for reference in try section.array("entry") {
        guard let target = try resolve(reference, Set(Self.readable)) else { continue }
        if ["Practitioner", "PractitionerRole", "Organization"].contains(entries[target].type),
          patientOrder.count == 1
        {
          try readCareTeam(target, owner: patientOrder[0], role: nil)
        }
      }
      for entry in try section.array("entry") where entry.json["reference"] == nil {
        throw entry.refuse(nil, "a section entry must be a reference to a Bundle entry")
      }
    }
    for author in try node.array("author") { _ = try resolve(author, Set(Self.readable)) }
  }

  static let readable = [
    "Patient", "RelatedPerson", "Practitioner", "PractitionerRole", "Organization", "Device",
    "AllergyIntolerance", "Condition", "MedicationStatement", "MedicationRequest",
    "MedicationDispense", "Medication", "DeviceUseStatement", "Flag", "Observation",
    "Immunization", "Procedure", "Consent", "DocumentReference", "DiagnosticReport",
    "ClinicalImpression", "CarePlan", "ImagingStudy", "Media", "Specimen", "Composition",
    "List",
  ]

  mutating func readPatient(_ index: Int) throws(CareCircleError) {
    let entry = entries[index]
    let node = entry.node
    var patient = JSONObject()
    var id = entry.id
    if id == nil, let url = entry.fullUrl, url.hasPrefix("urn:uuid:") {
      id = String(url.dropFirst("urn:uuid:".count))
    }
    guard let id else {
      throw node.refuse("id", "is needed: the care-circle id of the person comes from it")
    }
    patient.set("id", id)
    var official: String?
    var usual: String?
    for name in try node.array("name") {
      let use = try name.string("use")
      let text = try Self.humanName(name)
      if use == "usual" || use == "nickname" {
        if usual == nil { usual = text }
      } else if use != "old" && use != "maiden" && use != "anonymous", official == nil {
        official = text
      }
    }
    guard let fullName = official ?? usual else {
      throw node.refuse("name", "must give the person's name (text, or given and family)")
    }
    patient.set("fullName", fullName)
    if let usual, usual != fullName { patient.set("preferredName", usual) }
    guard let birth = try node.string("birthDate") else {
      throw node.refuse("birthDate", "is required: the care-circle format needs a date of birth")
    }
    guard let date = FHIRDates.fullDate(birth) else {
      throw node.refuse(
        "birthDate",
        "is not a full date (YYYY-MM-DD); the care-circle format needs the day of birth")
    }
    patient.set("dateOfBirth", date)
    if let gender = try node.string("gender") {
      guard Sex(rawValue: gender) != nil else {
        throw node.refuse("gender", "must be male, female, other or unknown")
      }
      patient.set("sex", gender)
    }
    let communications = try node.array("communication")
    let preferred =
      communications.first { (try? $0.bool("preferred")) == true } ?? communications.first
    if let preferred, let language = try preferred.object("language") {
      if let code = try language.codings().first(where: { $0.system == FHIRTerms.bcp47 })?.code {
        patient.set("language", code)
      } else {
        note("left out a language without a BCP 47 coding")
      }
    }
    for extensionNode in try node.array("extension")
    where try extensionNode.string("url") == FHIRTerms.interpreterRequired {
      patient.set("interpreterNeeded", try extensionNode.bool("valueBoolean").map(JSON.bool))
    }
    patient.set("phone", try Self.phones(node).first)
    if let address = try node.array("address").first {
      patient.set("address", try Self.address(address))
    }
    drafts[index]?.patient = patient
    for (number, contact) in try node.array("contact").enumerated() {
      guard let nameNode = try contact.object("name") else {
        note("left out a contact without a name")
        continue
      }
      let name = try Self.humanName(nameNode)
      let (relation, roles) = try Self.relationship(contact)
      drafts[index]?.contacts.append((name, relation, try Self.phones(contact), roles))
      origin(
        index, "contacts", drafts[index, default: Draft(entry: index)].contacts.count, contact.path)
      _ = number
    }
    for reference in try node.array("generalPractitioner") {
      guard
        let target = try resolve(reference, ["Practitioner", "PractitionerRole", "Organization"])
      else { continue }
      try readCareTeam(target, owner: index, role: "primary care")
    }
  }

  static func humanName(_ name: FHIRNode) throws(CareCircleError) -> String {
    if let text = try name.string("text") { return text }
    var parts: [String] = []
    for given in try name.array("given") {
      guard case .string(let text) = given.json else {
        throw given.refuse(nil, "must be a string")
      }
      parts.append(text.trimmingSpace)
    }
    if let family = try name.string("family") { parts.append(family) }
    let joined = parts.filter { !$0.isEmpty }.joined(separator: " ")
    guard !joined.isEmpty else { throw name.refuse(nil, "has no text, given or family name") }
    return joined
  }

  static func phones(_ node: FHIRNode) throws(CareCircleError) -> [String] {
    var ranked: [(rank: Int, value: String)] = []
    for telecom in try node.array("telecom") where try telecom.string("system") == "phone" {
      guard var value = try telecom.string("value") else { continue }
      if value.hasPrefix("tel:") { value = String(value.dropFirst(4)) }
      let rank = telecom.json["rank"]?.intValue ?? Int.max
      ranked.append((rank, value))
    }
    return ranked.enumerated().sorted {
      ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset)
    }
    .map(\.element.value)
  }

  static func address(_ node: FHIRNode) throws(CareCircleError) -> String? {
    if let text = try node.string("text") { return text }
    var parts: [String] = []
    for line in try node.array("line") {
      if case .string(let text) = line.json { parts.append(text.trimmingSpace) }
    }
    for key in ["city", "district", "state", "postalCode", "country"] {
      if let part = try node.string(key) { parts.append(part) }
    }
    let joined = parts.filter { !$0.isEmpty }.joined(separator: ", ")
    return joined.isEmpty ? nil : joined
  }

  /// The relation word and the roles of a contact's relationship concepts.
  static func relationship(_ node: FHIRNode) throws(CareCircleError) -> (String?, [String]) {
    var relation: String?
    var roles: [String] = []
    for concept in try node.array("relationship") {
      let codings = try concept.codings()
      for coding in codings {
        switch (coding.system, coding.code) {
        case (FHIRTerms.contactRole, "C"), (FHIRTerms.contactRole, "EP"):
          if !roles.contains("emergency") { roles.append("emergency") }
        case (FHIRTerms.roleCode, "HPOWATT"):
          if !roles.contains("health-care-proxy") { roles.append("health-care-proxy") }
        case (FHIRTerms.roleCode, "POWATT"):
          if !roles.contains("poa") { roles.append("poa") }
        default:
          break
        }
      }
      if relation != nil { continue }
      if let text = try concept.string("text") {
        relation = text
        continue
      }
      let word = codings.lazy.compactMap { coding -> String? in
        if coding.system == FHIRTerms.roleCode, let code = coding.code,
          let word = FHIRTerms.relationshipWords[code]
        {
          return word
        }
        let isRole =
          (coding.system == FHIRTerms.contactRole && ["C", "EP"].contains(coding.code ?? ""))
          || (coding.system == FHIRTerms.roleCode
            && ["HPOWATT", "POWATT"].contains(coding.code ?? ""))
        return isRole ? nil : coding.display
      }.first
      relation = word
    }
    return (relation, roles)
  }

  mutating func readRelatedPerson(_ node: FHIRNode) throws(CareCircleError) {
    let owner = try owner(node, "patient")
    guard let nameNode = try node.array("name").first else {
      note("left out a RelatedPerson without a name")
      return
    }
    let name = try Self.humanName(nameNode)
    let (relation, roles) = try Self.relationship(node)
    let phones = try Self.phones(node)
    if let existing = drafts[owner]?.contacts.firstIndex(where: { $0.name == name }) {
      var contact = drafts[owner, default: Draft(entry: owner)].contacts[existing]
      contact.relation = contact.relation ?? relation
      for role in roles where !contact.roles.contains(role) { contact.roles.append(role) }
      if contact.phones.isEmpty { contact.phones = phones }
      drafts[owner]?.contacts[existing] = contact
    } else {
      drafts[owner]?.contacts.append((name, relation, phones, roles))
      origin(
        owner, "contacts", drafts[owner, default: Draft(entry: owner)].contacts.count, node.path)
    }
  }

  mutating func readCareTeam(_ index: Int, owner: Int, role: String?) throws(CareCircleError) {
    guard !used.contains(index) else { return }
    used.insert(index)
    let node = entries[index].node
    var member = JSONObject()
    switch entries[index].type {
    case "Practitioner":
      guard let name = try node.array("name").first else { return }
      member.set("name", try Self.humanName(name))
      member.set("role", role)
      member.set("phone", try Self.phones(node).first)
    case "PractitionerRole":
      let practitioner = try resolve(try node.object("practitioner"), ["Practitioner"])
      if let practitioner {
        used.insert(practitioner)
        guard let name = try entries[practitioner].node.array("name").first else { return }
        member.set("name", try Self.humanName(name))
      } else if let display = try node.object("practitioner")?.string("display") {
        member.set("name", display)
      } else {
        return
      }
      var roleText = role
      if roleText == nil, let code = try node.array("code").first {
        roleText = try code.conceptText([FHIRTerms.snomed])
      }
      member.set("role", roleText)
      var phone = try Self.phones(node).first
      if phone == nil, let practitioner {
        phone = try Self.phones(entries[practitioner].node).first
      }
      member.set("phone", phone)
      if let organization = try node.object("organization") {
        if let target = try resolve(organization, ["Organization"]) {
          member.set("organization", try entries[target].node.string("name"))
        } else {
          member.set("organization", try organization.string("display"))
        }
      }
    default:
      if try Self.isPharmacy(node) {
        used.remove(index)
        try readOrganization(index)
        return
      }
      guard let name = try node.string("name") else { return }
      member.set("name", name)
      member.set("role", role)
      member.set("phone", try Self.phones(node).first)
    }
    drafts[owner]?.careTeam.append(member.json)
    origin(owner, "careTeam", drafts[owner, default: Draft(entry: owner)].careTeam.count, node.path)
  }

  static func isPharmacy(_ node: FHIRNode) throws(CareCircleError) -> Bool {
    for type in try node.array("type") {
      let text = try type.conceptText([])?.lowercased() ?? ""
      if text.contains("pharmacy") { return true }
    }
    return false
  }

  mutating func readOrganization(_ index: Int) throws(CareCircleError) {
    let node = entries[index].node
    guard try Self.isPharmacy(node) else {
      note("left out an Organization that is not a pharmacy or a general practitioner")
      return
    }
    guard patientOrder.count == 1, drafts[patientOrder[0]]?.pharmacy == nil else {
      note("left out a pharmacy Organization that cannot be tied to one person")
      return
    }
    used.insert(index)
    var pharmacy = JSONObject()
    guard let name = try node.string("name") else { throw node.refuse("name", "is required") }
    pharmacy.set("name", name)
    pharmacy.set("phone", try Self.phones(node).first)
    if let address = try node.array("address").first {
      pharmacy.set("address", try Self.address(address))
    }
    drafts[patientOrder[0]]?.pharmacy = pharmacy.json
    drafts[patientOrder[0]]?.origins.append(("pharmacy", node.path))
  }

  // MARK: clinical resources

  /// False (and said) for an inactive or resolved item; a refuted or entered-in-error one is
  /// refused.
  mutating func current(_ node: FHIRNode, _ kind: String, left: String) throws(CareCircleError)
    -> Bool
  {
    let verification = try node.statusCode("verificationStatus")
    if verification == "refuted" || verification == "entered-in-error" {
      throw node.refuse(
        "verificationStatus",
        "is \(verification ?? ""); a refuted or entered-in-error \(kind) is not imported — remove"
          + " the entry from the Bundle, or fix it at the source")
    }
    let clinical = try node.statusCode("clinicalStatus")
    if clinical == "inactive" || clinical == "resolved" {
      note("left out " + left)
      return false
    }
    return true
  }

  mutating func readAllergy(_ node: FHIRNode) throws(CareCircleError) {
    let owner = try owner(node, "patient")
    guard try current(node, "allergy", left: "an inactive or resolved AllergyIntolerance") else {
      return
    }
    guard let code = try node.object("code") else { throw node.refuse("code", "is required") }
    if try code.hasCode(FHIRTerms.snomed, [FHIRTerms.noKnownAllergy]) {
      drafts[owner]?.noKnownAllergies = true
      return
    }
    if try code.hasCode(FHIRTerms.snomed, FHIRTerms.partialNoKnownAllergies) {
      throw code.refuse(
        nil,
        "is a partial \"no known allergy\" (drug, food or environmental only); the care-circle"
          + " format can only say no known allergies at all, which would overstate it")
    }
    guard let substance = try code.conceptText([FHIRTerms.snomed, FHIRTerms.rxnorm]) else {
      throw code.refuse(nil, "must name the substance")
    }
    var allergy = JSONObject()
    allergy.set("substance", substance)
    allergy.set("codes", array: try code.keptCodes())
    var manifestations: [String] = []
    var severity: String?
    let order = ["mild", "moderate", "severe"]
    for reaction in try node.array("reaction") {
      for manifestation in try reaction.array("manifestation") {
        if let text = try manifestation.conceptText([FHIRTerms.snomed]) {
          manifestations.append(text)
        }
      }
      if let level = try reaction.string("severity") {
        guard let rank = order.firstIndex(of: level) else {
          throw reaction.refuse("severity", "must be mild, moderate or severe")
        }
        if rank > (severity.flatMap { order.firstIndex(of: $0) } ?? -1) { severity = level }
      }
    }
    if try node.string("criticality") == "high" { manifestations.append("criticality high") }
    allergy.set("reaction", manifestations.isEmpty ? nil : manifestations.joined(separator: "; "))
    allergy.set("severity", severity)
    if let type = try node.string("type") {
      guard type == "allergy" || type == "intolerance" else {
        throw node.refuse("type", "must be allergy or intolerance")
      }
      allergy.set("kind", type)
    }
    drafts[owner]?.allergies.append(allergy.json)
    origin(
      owner, "allergies", drafts[owner, default: Draft(entry: owner)].allergies.count, node.path)
  }

  mutating func readCondition(_ node: FHIRNode) throws(CareCircleError) {
    let owner = try owner(node, "subject")
    let verification = try node.statusCode("verificationStatus")
    let clinical = try node.statusCode("clinicalStatus")
    guard
      try current(
        node, "condition",
        left: "a past (inactive or resolved) Condition: there is no history field yet")
    else { return }
    guard let code = try node.object("code") else { throw node.refuse("code", "is required") }
    if try code.hasCode(FHIRTerms.snomed, FHIRTerms.noKnownSituations) {
      note("left out a \"no known problems\" Condition: the format has no such field yet")
      return
    }
    guard let name = try code.conceptText([FHIRTerms.snomed, FHIRTerms.icd10, FHIRTerms.icd10cm])
    else { throw code.refuse(nil, "must name the condition") }
    var condition = JSONObject()
    condition.set("name", name)
    if let onset = try node.string("onsetDateTime") {
      condition.set("since", FHIRDates.partialDate(onset))
    } else if let period = try node.object("onsetPeriod") {
      condition.set("since", FHIRDates.partialDate(try period.string("start")))
    }
    var notes: [String] = []
    if clinical == "remission" { notes.append("in remission") }
    if let verification, ["unconfirmed", "provisional", "differential"].contains(verification) {
      notes.append(verification)
    }
    for note in try node.array("note") {
      if let text = try note.string("text") { notes.append(text) }
    }
    condition.set("notes", notes.isEmpty ? nil : notes.joined(separator: "; "))
    condition.set("codes", array: try code.keptCodes())
    drafts[owner]?.conditions.append(condition.json)
    origin(
      owner, "conditions", drafts[owner, default: Draft(entry: owner)].conditions.count, node.path)
  }

  mutating func readMedication(_ index: Int, request: Bool) throws(CareCircleError) {
    let entry = entries[index]
    let node = entry.node
    let owner = try owner(node, "subject")
    guard let status = try node.string("status") else { throw node.refuse("status", "is required") }
    let mapped: String
    switch status {
    case "active": mapped = "active"
    case "on-hold": mapped = "on-hold"
    case "stopped", "completed", "cancelled": mapped = "stopped"
    default:
      throw node.refuse(
        "status",
        "is \(FHIRIdentity.isFHIRID(status) ? status : "not a status rua-paper reads"); only"
          + " active, on-hold, stopped, completed or cancelled medicines are imported (an intended,"
          + " not-taken, unknown, draft or entered-in-error one is not a medicine being taken)")
    }
    if request, let intent = try node.string("intent"),
      !["order", "original-order", "plan"].contains(intent)
    {
      note("left out a MedicationRequest that is a proposal or option, not an order")
      return
    }
    var medication = JSONObject()
    var id = entry.id
    if id == nil, let url = entry.fullUrl, url.hasPrefix("urn:uuid:") {
      id = String(url.dropFirst("urn:uuid:".count))
    }
    // Medicine text: from the Medication resource or the inline concept.
    var form: String?
    var strength: String?
    var name: String?
    var brand: String?
    var codes: [JSON] = []
    if let concept = try node.object("medicationCodeableConcept") {
      name = try concept.conceptText([FHIRTerms.rxnorm, FHIRTerms.atc, FHIRTerms.snomed])
      codes = try concept.keptCodes()
    } else if let target = try resolve(try node.object("medicationReference"), ["Medication"]) {
      used.insert(target)
      let medicine = entries[target].node
      if let code = try medicine.object("code") {
        name = try code.conceptText([FHIRTerms.rxnorm, FHIRTerms.atc, FHIRTerms.snomed])
        codes = try code.keptCodes()
      }
      for extensionNode in try medicine.array("extension")
      where try extensionNode.string("url") == FHIRTerms.medicationBrand {
        brand = try extensionNode.string("valueString")
      }
      form = try medicine.object("form")?.conceptText([FHIRTerms.snomed])
      let ingredients = try medicine.array("ingredient")
      if ingredients.count == 1, let ratio = try ingredients[0].object("strength") {
        strength = try Self.ratioText(ratio)
        if strength == nil { note("left out a medicine strength that is not a plain amount") }
      }
    } else {
      throw node.refuse("medicationCodeableConcept", "or medicationReference is required")
    }
    guard let name else { throw node.refuse("medication", "must name the medicine") }
    medication.set("id", id ?? ("med-" + FHIRIdentity.uuid(name).prefix(13)))
    medication.set("name", name)
    medication.set("brand", brand)
    medication.set("codes", array: codes)
    for extensionNode in try node.array("extension")
    where try extensionNode.string("url") == FHIRTerms.refillsRemaining {
      medication.set("refillsRemaining", extensionNode.json["valueUnsignedInt"])
    }
    medication.set("strength", strength)
    medication.set("form", form)
    let dosages = try node.array(request ? "dosageInstruction" : "dosage")
    if dosages.count == 1 {
      try Self.readDosage(dosages[0], into: &medication)
    } else if dosages.count > 1 {
      var texts: [String] = []
      for dosage in dosages { if let text = try dosage.string("text") { texts.append(text) } }
      medication.set("schedule", texts.isEmpty ? nil : texts.joined(separator: "; "))
      note("left out the dose and times of a medicine with several dosages (their text is kept)")
    }
    if let reason = try node.array("reasonCode").first {
      medication.set("purpose", try reason.conceptText([FHIRTerms.snomed]))
    }
    var start: String?
    var end: String?
    if let period = try node.object("effectivePeriod") {
      start = FHIRDates.fullDate(try period.string("start"))
      end = FHIRDates.fullDate(try period.string("end"))
    } else if let when = try node.string("effectiveDateTime") {
      start = FHIRDates.fullDate(when)
    } else if request {
      start = FHIRDates.fullDate(try node.string("authoredOn"))
    }
    medication.set("startDate", start)
    medication.set("status", mapped)
    if mapped == "stopped" { medication.set("stoppedDate", end) }
    if mapped == "on-hold" {
      var hold = JSONObject()
      for extensionNode in try node.array("extension")
      where try extensionNode.string("url") == FHIRTerms.medicationHold {
        if let period = try extensionNode.object("valuePeriod") {
          hold.set("since", FHIRDates.fullDate(try period.string("start")))
          hold.set("until", FHIRDates.fullDate(try period.string("end")))
        }
      }
      if let reason = try node.array("statusReason").first {
        hold.set("reason", (try? reason.conceptText([])) ?? nil)
      }
      if !hold.members.isEmpty { medication.set("hold", hold.json) }
    }
    var prescriber: String?
    var dispenses: [Int] = []
    if request { prescriber = try Self.requesterName(node, self) }
    for reference in try node.array("derivedFrom") {
      guard let target = try resolve(reference, Set(Self.readable)) else { continue }
      switch entries[target].type {
      case "MedicationRequest":
        used.insert(target)
        if prescriber == nil { prescriber = try Self.requesterName(entries[target].node, self) }
        dispenses += entries.indices.filter { candidate in
          entries[candidate].type == "MedicationDispense"
            && (try? entries[candidate].node.array("authorizingPrescription").contains {
              (try? resolve($0, ["MedicationRequest"])) == target
            }) == true
        }
      case "MedicationDispense":
        dispenses.append(target)
      default:
        break
      }
    }
    if request {
      dispenses += entries.indices.filter { candidate in
        entries[candidate].type == "MedicationDispense"
          && (try? entries[candidate].node.array("authorizingPrescription").contains {
            (try? resolve($0, ["MedicationRequest"])) == index
          }) == true
      }
      if try node.object("dispenseRequest")?.object("expectedSupplyDuration") != nil {
        note("left out an expected supply duration of a request: it is not a fill")
      }
    }
    medication.set("prescriber", prescriber)
    var fills: [JSON] = []
    var rxNumber: String?
    for dispense in dispenses where !used.contains(dispense) {
      used.insert(dispense)
      let (fill, number) = try readFill(entries[dispense].node)
      if let fill { fills.append(fill) }
      rxNumber = rxNumber ?? number
    }
    medication.set("rxNumber", rxNumber)
    medication.set("fills", array: fills)
    used.insert(index)
    drafts[owner]?.medications.append(medication.json)
    origin(
      owner, "medications", drafts[owner, default: Draft(entry: owner)].medications.count, node.path
    )
  }

  static func requesterName(_ node: FHIRNode, _ mapping: BundleMapping) throws(CareCircleError)
    -> String?
  {
    guard let requester = try node.object("requester") else { return nil }
    if let target = try mapping.resolve(
      requester,
      ["Practitioner", "PractitionerRole", "Organization", "Patient", "RelatedPerson", "Device"])
    {
      let person = mapping.entries[target].node
      if let name = try person.array("name").first { return try humanName(name) }
      if let name = try person.string("name") { return name }
    }
    return try requester.string("display")
  }

  /// "5 mg" or "100 units/mL" from a Ratio whose values are plain numbers; nil otherwise.
  static func ratioText(_ ratio: FHIRNode) throws(CareCircleError) -> String? {
    guard let numerator = try ratio.object("numerator"),
      case .number(let value)? = numerator.json["value"], let unit = try numerator.string("unit")
    else { return nil }
    var text = value + " " + unit
    if let denominator = try ratio.object("denominator") {
      guard case .number(let amount)? = denominator.json["value"],
        let per = try denominator.string("unit")
      else { return nil }
      text += amount == "1" ? "/" + per : "/" + amount + " " + per
    }
    return text
  }

  static func readDosage(_ dosage: FHIRNode, into medication: inout JSONObject)
    throws(CareCircleError)
  {
    if let quantity = try dosage.array("doseAndRate").first?.object("doseQuantity"),
      case .number(let value)? = quantity.json["value"], let unit = try quantity.string("unit")
    {
      medication.set("dose", value + " " + unit)
    }
    medication.set("schedule", try dosage.string("text"))
    if let repeatNode = try dosage.object("timing")?.object("repeat") {
      var times: [String] = []
      var exact = true
      for when in try repeatNode.array("when") {
        guard case .string(let code) = when.json,
          let slot = FHIRTerms.whenCodes.first(where: { $0.1 == code })?.0
        else {
          exact = false
          continue
        }
        if !times.contains(slot.rawValue) { times.append(slot.rawValue) }
      }
      if exact { medication.set("times", array: times.map(JSON.string)) }
    }
    if let asNeeded = try dosage.bool("asNeededBoolean") {
      medication.set("asNeeded", .bool(asNeeded))
    } else if let reason = try dosage.object("asNeededCodeableConcept") {
      medication.set("asNeeded", .bool(true))
      medication.set("asNeededReason", try reason.conceptText([FHIRTerms.snomed]))
    }
    if let maximum = try dosage.object("maxDosePerPeriod"),
      let per = try maximum.object("denominator"), per.json["value"]?.intValue == 1,
      try Self.isDays(per),
      let amount = try maximum.object("numerator"), case .number(let value)? = amount.json["value"],
      let unit = try amount.string("unit")
    {
      medication.set("maxPerDay", value + " " + unit)
    }
    if let route = try dosage.object("route") {
      let oral = try route.codings().contains { $0.code.map(FHIRTerms.oralRoutes.contains) == true }
      if !oral { medication.set("route", try route.conceptText([FHIRTerms.snomed])) }
    }
    medication.set("instructions", try dosage.string("patientInstruction"))
  }

  static func isDays(_ quantity: FHIRNode) throws(CareCircleError) -> Bool {
    var unit = try quantity.string("code")
    if unit == nil { unit = try quantity.string("unit") }
    return ["d", "day", "days"].contains(unit ?? "")
  }

  /// A fill only from a dispense with both a handed-over date and a day supply in days.
  mutating func readFill(_ node: FHIRNode) throws(CareCircleError) -> (JSON?, String?) {
    var number: String?
    for identifier in try node.array("identifier") {
      if try identifier.object("type")?.string("text") == "prescription number" {
        number = try identifier.string("value")
      }
    }
    guard let status = try node.string("status"), status == "completed" else {
      note("left out a MedicationDispense that is not completed")
      return (nil, number)
    }
    let date = FHIRDates.fullDate(try node.string("whenHandedOver"))
    let supply = try node.object("daysSupply")
    var unit = try supply?.string("code")
    if unit == nil { unit = try supply?.string("unit") }
    guard let date, let supply, let days = supply.json["value"]?.intValue,
      ["d", "day", "days"].contains(unit ?? "")
    else {
      note("left out a MedicationDispense without both a handed-over date and a day supply")
      return (nil, number)
    }
    var fill = JSONObject()
    fill.set("fillDate", date)
    fill.set("daySupply", .int(days))
    if let quantity = try node.object("quantity"), case .number(let value)? = quantity.json["value"]
    {
      fill.set("quantity", .number(value))
    }
    if let performer = try node.array("performer").first, let actor = try performer.object("actor")
    {
      if let target = try resolve(actor, ["Organization", "Practitioner", "PractitionerRole"]) {
        fill.set("pharmacy", try entries[target].node.string("name"))
      } else {
        fill.set("pharmacy", try actor.string("display"))
      }
    }
    return (fill.json, number)
  }

  mutating func readDispense(_ index: Int) throws(CareCircleError) {
    used.insert(index)
    note("left out a MedicationDispense not tied to an imported medicine")
  }

  mutating func readDeviceUse(_ index: Int) throws(CareCircleError) {
    let node = entries[index].node
    let owner = try owner(node, "subject")
    if let status = try node.string("status"), status != "active" {
      note("left out a DeviceUseStatement that is not active")
      return
    }
    guard let device = try resolve(try node.object("device"), ["Device"]) else {
      throw node.refuse("device", "must refer to a Device in the Bundle")
    }
    var since = FHIRDates.partialDate(try node.string("timingDateTime"))
    if since == nil, let period = try node.object("timingPeriod") {
      since = FHIRDates.partialDate(try period.string("start"))
    }
    try readDevice(device, owner: owner, since: since)
  }

  mutating func readDevice(_ index: Int, owner given: Int?, since: String? = nil)
    throws(CareCircleError)
  {
    guard !used.contains(index) else { return }
    used.insert(index)
    let node = entries[index].node
    let owner: Int
    if let given { owner = given } else { owner = try self.owner(node, "patient") }
    var name = try node.object("type")?.conceptText([FHIRTerms.snomed])
    if name == nil, let deviceName = try node.array("deviceName").first {
      name = try deviceName.string("name")
    }
    guard let name else { throw node.refuse("type", "must name the device (text or display)") }
    if try node.object("type")?.hasCode(FHIRTerms.snomed, FHIRTerms.noKnownSituations) == true {
      note("left out a \"no known device\" entry")
      return
    }
    var device = JSONObject()
    device.set("name", name)
    var notes: [String] = []
    for note in try node.array("note") {
      if let text = try note.string("text") { notes.append(text) }
    }
    device.set("details", notes.isEmpty ? nil : notes.joined(separator: "; "))
    device.set("since", since)
    drafts[owner]?.devices.append(device.json)
    origin(owner, "devices", drafts[owner, default: Draft(entry: owner)].devices.count, node.path)
  }

  mutating func readFlag(_ node: FHIRNode) throws(CareCircleError) {
    let owner = try owner(node, "subject")
    guard try node.string("status") == "active" else {
      note("left out a Flag that is not active")
      return
    }
    guard let text = try node.object("code")?.conceptText([FHIRTerms.snomed]) else {
      throw node.refuse("code", "must say what the alert is")
    }
    drafts[owner]?.alerts.append(.string(text))
    origin(owner, "alerts", drafts[owner, default: Draft(entry: owner)].alerts.count, node.path)
  }

  mutating func readObservation(_ node: FHIRNode) throws(CareCircleError) {
    guard let code = try node.object("code") else { throw node.refuse("code", "is required") }
    let isWeight = try code.hasCode(FHIRTerms.loinc, [FHIRTerms.bodyWeight])
    let isHeight = try code.hasCode(FHIRTerms.loinc, [FHIRTerms.bodyHeight])
    if try code.hasCode(FHIRTerms.loinc, [FHIRTerms.bloodGroup]) {
      try readBloodType(node)
      return
    }
    guard isWeight || isHeight else {
      note("left out an Observation other than body weight, height or blood group")
      return
    }
    let owner = try owner(node, "subject")
    guard let status = try node.string("status"),
      ["final", "amended", "corrected"].contains(status)
    else {
      note("left out a weight or height that is not final")
      return
    }
    guard let quantity = try node.object("valueQuantity"),
      case .number(let value)? = quantity.json["value"]
    else {
      note("left out a weight or height without a value")
      return
    }
    var unit = try quantity.string("code")
    if unit == nil { unit = try quantity.string("unit") }
    guard unit == (isWeight ? "kg" : "cm") else {
      note("left out a weight or height not in \(isWeight ? "kg" : "cm")")
      return
    }
    let date = FHIRDates.partialDate(try node.string("effectiveDateTime")) ?? ""
    if isWeight {
      if let current = drafts[owner]?.weight, current.date >= date { return }
      drafts[owner]?.weight = (date, .number(value))
    } else {
      if let current = drafts[owner]?.height, current.date >= date { return }
      drafts[owner]?.height = (date, .number(value))
    }
  }

  /// Observation 882-1 (ABO and Rh group), final: its value's text as the source wrote it.
  mutating func readBloodType(_ node: FHIRNode) throws(CareCircleError) {
    let owner = try owner(node, "subject")
    guard let status = try node.string("status"),
      ["final", "amended", "corrected"].contains(status)
    else {
      note("left out a blood group that is not final")
      return
    }
    guard let value = try node.object("valueCodeableConcept")?.conceptText([FHIRTerms.snomed])
    else {
      note("left out a blood group without a value")
      return
    }
    drafts[owner]?.patient.set("bloodType", value)
  }

  /// An Immunization that was given (`completed`): the vaccine's text and its date.
  mutating func readImmunization(_ node: FHIRNode) throws(CareCircleError) {
    let owner = try owner(node, "patient")
    guard try node.string("status") == "completed" else {
      note("left out an Immunization that was not given (not completed)")
      return
    }
    guard let vaccine = try node.object("vaccineCode")?.conceptText([FHIRTerms.snomed]) else {
      throw node.refuse("vaccineCode", "must name the vaccine")
    }
    var immunization = JSONObject()
    immunization.set("vaccine", vaccine)
    immunization.set("date", FHIRDates.partialDate(try node.string("occurrenceDateTime")))
    drafts[owner]?.immunizations.append(immunization.json)
    origin(
      owner, "immunizations", drafts[owner, default: Draft(entry: owner)].immunizations.count,
      node.path)
  }

  // MARK: the care-circle file

  func finish() -> FHIRImport {
    var patients: [JSON] = []
    var origins: [FHIROrigin] = []
    for (number, index) in patientOrder.enumerated() {
      guard let draft = drafts[index] else { continue }
      var patient = draft.patient
      if let weight = draft.weight {
        patient.set("weightKg", weight.value)
        // Only a full date: the format's weightMeasuredOn is a calendar day.
        patient.set("weightMeasuredOn", FHIRDates.fullDate(weight.date))
      }
      if let height = draft.height { patient.set("heightCm", height.value) }
      patient.set("devices", array: draft.devices)
      patient.set("alerts", array: draft.alerts)
      patient.set("immunizations", array: draft.immunizations)
      patient.set("conditions", array: draft.conditions)
      patient.set("allergies", array: draft.allergies)
      if draft.noKnownAllergies && draft.allergies.isEmpty {
        patient.set("noKnownAllergies", .bool(true))
      }
      patient.set("medications", array: draft.medications)
      patient.set(
        "contacts",
        array: draft.contacts.map { contact in
          var object = JSONObject()
          object.set("name", contact.name)
          object.set("relation", contact.relation)
          object.set("phone", contact.phones.first)
          object.set("altPhone", contact.phones.dropFirst().first)
          object.set("roles", array: contact.roles.map(JSON.string))
          return object.json
        })
      patient.set("careTeam", array: draft.careTeam)
      patient.set("pharmacy", draft.pharmacy)
      patient.set("sourceDate", sourceDate)
      patients.append(patient.json)
      let base = "patients[\(number)]"
      origins.append(FHIROrigin(carePath: base, bundlePath: entries[index].node.path))
      for (care, bundle) in draft.origins {
        origins.append(FHIROrigin(carePath: base + "." + care, bundlePath: bundle))
      }
    }
    var file = JSONObject()
    file.set("format", CareCircle.format)
    file.set("version", .int(CareCircle.version))
    file.set("exportedAt", timestamp)
    file.set("patients", .array(patients))
    let notes = noteOrder.map { text in
      let count = self.notes[text] ?? 1
      return count == 1 ? text : text + " (\(count) times)"
    }
    return FHIRImport(careCircle: file.json, notes: notes, origins: origins)
  }
}

extension FHIRImport {
  /// The decoder's problems with their paths named in the Bundle.
  public func renamed(_ problems: CareCircleProblems) -> CareCircleProblems {
    CareCircleProblems(
      problems: problems.problems.map(renamed), stoppedAtLimit: problems.stoppedAtLimit)
  }

  public func renamed(_ problem: CareCircleError) -> CareCircleError {
    CareCircleError(path: bundlePath(for: problem.path), reason: problem.reason)
  }
}
