// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// Whether a clinician has approved a block. Only `approved` blocks may ship in a release.
public enum ContentReview: Equatable, Sendable {
  case pending
  case approved(reviewer: String, date: CivilDate)

  public var isApproved: Bool {
    if case .approved = self { return true }
    return false
  }
}

/// What a block is on the page; the document picks the style.
public enum ContentBlockKind: String, CaseIterable, Sendable {
  case title, heading, subheading, paragraph, step, bullet, warning
  case checklistItem = "checklist-item"
  case reference
}

/// When the document shows a block; a block without a condition is always shown.
/// An antiplatelet alone is named apart from an anticoagulant (it is not the BLOOD THINNER
/// banner, but families and pharmacy labels call it a blood thinner, so "if they ever start one"
/// would mislead).
public enum ContentCondition: String, CaseIterable, Sendable {
  case onBloodThinner, notOnBloodThinner, hasFallRiskMedicines, noFallRiskMedicines
  case onAntiplateletOnly, notOnAnyBloodThinner, onBloodSugarLowering
}

/// The grammatical gender a text about the person takes, from the recorded sex; `nil` (sex not
/// recorded, other or unknown) takes the block's neutral `text`.
public enum ContentGender: String, CaseIterable, Sendable {
  case female, male

  public init?(_ sex: Sex?) {
    switch sex {
    case .female: self = .female
    case .male: self = .male
    default: return nil
    }
  }
}

/// One reviewed unit of guide text.
public struct ContentBlock: Equatable, Sendable {
  public let id: String
  public let kind: ContentBlockKind
  /// Plain text with `{placeholders}` (see `ContentPlaceholders`); never markup.
  public let text: String
  public let sources: [String]
  public let review: ContentReview
  public let showWhen: ContentCondition?
  /// Forms that agree with the person's gender, where the language marks it on verbs and
  /// pronouns (Arabic); `text` stays the neutral phrasing, printed when sex is not recorded.
  public var gendered: [ContentGender: String] = [:]

  /// The text for a person of this grammatical gender (`nil`: the neutral text).
  public func text(for gender: ContentGender?) -> String {
    gender.flatMap { gendered[$0] } ?? text
  }

  /// The section a block belongs to: its id up to the last dot (`home.kitchen.stool` is in
  /// `home.kitchen`).
  public var section: String {
    guard let dot = id.lastIndex(of: ".") else { return "" }
    return String(id[..<dot])
  }
}

/// One guide file, `templates/content/<document>.<language>.json`.
public struct ContentFile: Sendable {
  /// Relative to the templates folder, e.g. `content/falls.en.json`.
  public let path: String
  public let document: String
  public let language: String
  public let contentVersion: ContentVersion
  public let blocks: [ContentBlock]

  public func block(_ id: String) -> ContentBlock? { blocks.first { $0.id == id } }

  /// The blocks of one section (`home.kitchen`) or of a section and its subsections
  /// (`home`), in file order.
  public func blocks(in section: String) -> [ContentBlock] {
    blocks.filter { $0.section == section || $0.section.hasPrefix(section + ".") }
  }

  /// True when no block waits for review; documents print a "Pending clinician review" stamp
  /// otherwise.
  public var isFullyApproved: Bool { blocks.allSatisfy(\.review.isApproved) }

  static let topKeys = ["document", "language", "contentVersion", "blocks"]
  static let blockKeys = ["id", "kind", "text"]
  /// Checked by their own readers so a missing one gets a message saying what to write.
  static let blockKeysReadSeparately = ["sources", "review", "showWhen", "gendered"]

  /// Reads a guide file, reporting every schema problem with the file and key path.
  public static func parse(path: String, bytes: [UInt8]) throws(ContentFileError) -> ContentFile {
    var reader = ContentReader(file: path)
    guard let json = reader.parse(bytes),
      let members = reader.object(json, at: "", required: topKeys)
    else { throw ContentFileError(reader.problems) }
    let document = member(members, "document").flatMap { reader.string($0, at: "document") }
    let language = member(members, "language").flatMap { reader.string($0, at: "language") }
    let version = member(members, "contentVersion").flatMap {
      reader.version($0, at: "contentVersion")
    }
    if let document, !isIdentifier(document) {
      reader.fail("document", "must be lower-case letters, digits and dashes, not '\(document)'")
    }
    if let language, !isLanguage(language) {
      reader.fail("language", "must be a language code such as en or es, not '\(language)'")
    }
    if let document, let language, fileName(of: path) != "\(document).\(language).json" {
      reader.fail(
        nil, "the file must be named \(document).\(language).json after its document and language")
    }
    var blocks: [ContentBlock] = []
    if let value = member(members, "blocks") {
      if let array = value.arrayValue, !array.isEmpty {
        for (index, element) in array.enumerated() {
          if let block = readBlock(element, at: "blocks[\(index)]", &reader) {
            blocks.append(block)
          }
        }
      } else {
        reader.fail("blocks", "must be a non-empty array of blocks")
      }
    }
    var seen = Set<String>()
    for block in blocks where !seen.insert(block.id).inserted {
      reader.fail(nil, "the block id appears more than once in the file", block: block.id)
    }
    guard reader.problems.isEmpty, let document, let language, let version else {
      throw ContentFileError(reader.problems)
    }
    return ContentFile(
      path: path, document: document, language: language, contentVersion: version, blocks: blocks)
  }

  private static func readBlock(_ value: JSON, at keyPath: String, _ reader: inout ContentReader)
    -> ContentBlock?
  {
    let id = value["id"]?.stringValue
    guard
      let members = reader.object(
        value, at: keyPath, required: blockKeys, optional: blockKeysReadSeparately, block: id)
    else { return nil }
    let idOK = member(members, "id").flatMap { reader.string($0, at: keyPath + ".id") }
    if let id = idOK, !isBlockID(id) {
      reader.fail(
        keyPath + ".id", "must be dotted lower-case words such as falls.call.head, not '\(id)'")
    }
    var kind: ContentBlockKind?
    if let text = member(members, "kind").flatMap({
      reader.string($0, at: keyPath + ".kind", block: id)
    }) {
      kind = ContentBlockKind(rawValue: text)
      if kind == nil {
        let kinds = ContentBlockKind.allCases.map(\.rawValue).joined(separator: ", ")
        reader.fail(
          keyPath + ".kind", "'\(text)' is not a block kind; use one of \(kinds)", block: id)
      }
    }
    let text = member(members, "text").flatMap {
      reader.string($0, at: keyPath + ".text", block: id)
    }
    if let text { checkText(text, at: keyPath + ".text", block: id, &reader) }
    let sources = reader.sources(member(members, "sources"), at: keyPath + ".sources", block: id)
    let review = reader.review(member(members, "review"), at: keyPath + ".review", block: id)
    var condition: ContentCondition?
    if let raw = member(members, "showWhen") {
      if let name = reader.string(raw, at: keyPath + ".showWhen", block: id) {
        condition = ContentCondition(rawValue: name)
        if condition == nil {
          let names = ContentCondition.allCases.map(\.rawValue).joined(separator: ", ")
          reader.fail(
            keyPath + ".showWhen", "'\(name)' is not a condition; use one of \(names)", block: id)
        }
      }
    }
    let gendered = readGendered(
      member(members, "gendered"), neutral: text, at: keyPath + ".gendered", block: id, &reader)
    guard let idOK, let kind, let text, let sources, let review else { return nil }
    return ContentBlock(
      id: idOK, kind: kind, text: text, sources: sources, review: review, showWhen: condition,
      gendered: gendered)
  }

  /// `"gendered": {"female": "…", "male": "…"}`: both forms, plain, with the neutral text's
  /// placeholders (a form may not drop or add a value the other languages print).
  private static func readGendered(
    _ value: JSON?, neutral: String?, at keyPath: String, block: String?,
    _ reader: inout ContentReader
  ) -> [ContentGender: String] {
    guard let value else { return [:] }
    let keys = ContentGender.allCases.map(\.rawValue)
    guard let members = reader.object(value, at: keyPath, required: keys, block: block) else {
      return [:]
    }
    var forms: [ContentGender: String] = [:]
    for gender in ContentGender.allCases {
      let path = keyPath + "." + gender.rawValue
      guard
        let text = member(members, gender.rawValue).flatMap({
          reader.string($0, at: path, block: block)
        })
      else { continue }
      checkText(text, at: path, block: block, &reader)
      if let neutral,
        Set(ContentPlaceholders.names(in: text)) != Set(ContentPlaceholders.names(in: neutral))
      {
        reader.fail(path, "must use the same placeholders as the block's text", block: block)
      }
      forms[gender] = text
    }
    return forms
  }

  /// Texts are plain: no markup, and only known placeholders.
  private static func checkText(
    _ text: String, at keyPath: String, block: String?, _ reader: inout ContentReader
  ) {
    if text.contains("<") || text.contains(">") {
      reader.fail(keyPath, "must be plain text; '<' and '>' are not allowed", block: block)
    }
    for name in ContentPlaceholders.names(in: text) where !ContentPlaceholders.known.contains(name)
    {
      let known = ContentPlaceholders.known.sorted().map { "{\($0)}" }.joined(separator: ", ")
      reader.fail(keyPath, "unknown placeholder {\(name)}; use \(known)", block: block)
    }
  }

  static func member(_ members: [(key: String, value: JSON)], _ key: String) -> JSON? {
    members.last(where: { $0.key == key })?.value
  }

  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  static func isIdentifier(_ text: String) -> Bool {
    !text.isEmpty
      && text.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  /// A BCP 47 language with an optional script (`zh-Hans`) or region (`pt-BR`).
  static func isLanguage(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ ("a"..."z").contains($0) })
    else { return false }
    guard parts.count == 2 else { return parts.count == 1 }
    let second = parts[1]
    let isRegion = second.count == 2 && second.allSatisfy { ("A"..."Z").contains($0) }
    let isScript =
      second.count == 4 && second.prefix(1).allSatisfy { ("A"..."Z").contains($0) }
      && second.dropFirst().allSatisfy { ("a"..."z").contains($0) }
    return isRegion || isScript
  }

  static func isBlockID(_ text: String) -> Bool {
    let words = text.split(separator: ".", omittingEmptySubsequences: false)
    return words.allSatisfy { isIdentifier(String($0)) && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
  }
}

/// What a guide's conditions are decided on, taken from the person's record by the document.
public struct ContentFacts: Equatable, Sendable {
  /// On an anticoagulant.
  public var onBloodThinner: Bool
  public var hasFallRiskMedicines: Bool
  public var onAntiplatelet: Bool
  /// On a medicine the drug-class table marks as able to cause low blood sugar (insulin, a
  /// sulfonylurea).
  public var onBloodSugarLowering: Bool

  public init(
    onBloodThinner: Bool, hasFallRiskMedicines: Bool, onAntiplatelet: Bool = false,
    onBloodSugarLowering: Bool = false
  ) {
    self.onBloodThinner = onBloodThinner
    self.hasFallRiskMedicines = hasFallRiskMedicines
    self.onAntiplatelet = onAntiplatelet
    self.onBloodSugarLowering = onBloodSugarLowering
  }
}

extension ContentCondition {
  public func holds(for facts: ContentFacts) -> Bool {
    switch self {
    case .onBloodThinner: return facts.onBloodThinner
    case .notOnBloodThinner: return !facts.onBloodThinner
    case .hasFallRiskMedicines: return facts.hasFallRiskMedicines
    case .noFallRiskMedicines: return !facts.hasFallRiskMedicines
    case .onAntiplateletOnly: return facts.onAntiplatelet && !facts.onBloodThinner
    case .notOnAnyBloodThinner: return !facts.onAntiplatelet && !facts.onBloodThinner
    case .onBloodSugarLowering: return facts.onBloodSugarLowering
    }
  }
}

extension ContentFile {
  /// The blocks of `section` the document prints for a person with these facts.
  public func blocks(in section: String, for facts: ContentFacts) -> [ContentBlock] {
    blocks(in: section).filter { $0.showWhen?.holds(for: facts) ?? true }
  }
}
