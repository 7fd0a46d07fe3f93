// SPDX-License-Identifier: Apache-2.0
public import RuaCore
public import RuaDocuments
import RuaFiles

/// Everything a document is built from besides the patient: templates, labels, the drug-class
/// table and the fall-guide content, read once from the templates folder and checked.
public struct DocumentResources: Sendable {
  public let location: TemplatesLocation
  public private(set) var language: String
  public let paper: Paper
  public private(set) var labels: Labels
  public let drugClasses: DrugClassTable
  public let templates: [DocumentKind: Template]
  private(set) var fallContent: ContentFile?
  /// The second language's fall-guide content when bilingual.
  var secondFallContent: ContentFile? = nil
  /// Absolute path of the pinned fontconfig file.
  public let fontsConf: String

  /// The checked inputs of `DocumentRecipe`.
  public var inputs: DocumentInputs {
    DocumentInputs(
      labels: labels, drugClasses: drugClasses, templates: templates, fallContent: fallContent,
      secondFallContent: secondFallContent)
  }
  /// The documents `--large` applies to.
  public static let largePrintKinds: Set<DocumentKind> = [.meds, .falls, .mar]

  public static func load(
    _ location: TemplatesLocation, kinds: [DocumentKind], language: String, paper: Paper,
    large: Bool = false
  ) throws(PaperError) -> DocumentResources {
    let (labels, first, second) = try labels(language, location)
    var templates: [DocumentKind: Template] = [:]
    for kind in kinds {
      let template = try parse(kind.templateFile, location) {
        (text, file) throws(TemplateError) in
        try Template.parse(text, file: file)
      }.with(paper: paper)
      templates[kind] = large && largePrintKinds.contains(kind) ? template.largePrint() : template
    }
    let table = try drugTable(location)
    let (content, secondContent) =
      kinds.contains(.falls) ? try fallContents(first, second, location) : (nil, nil)
    guard Files.isRegularFile(location.root + "/fonts.conf") else {
      throw PaperError(
        "\(location.shown)/fonts.conf is missing; it pins the fonts documents are set in",
        kind: .notFound)
    }
    var resources = DocumentResources(
      location: location, language: language, paper: paper, labels: labels, drugClasses: table,
      templates: templates, fallContent: content, fontsConf: location.root + "/fonts.conf")
    resources.secondFallContent = secondContent
    return resources
  }

  /// The same resources in another language (`zh-Hans+en`, …): only the labels and the
  /// fall-guide content are read again; the templates and the drug table already were.
  public func speaking(_ other: String) throws(PaperError) -> DocumentResources {
    if other == language { return self }
    let (labels, first, second) = try Self.labels(other, location)
    var resources = self
    resources.language = other
    resources.labels = labels
    if fallContent != nil {
      (resources.fallContent, resources.secondFallContent) = try Self.fallContents(
        first, second, location)
    }
    return resources
  }

  /// The labels of `language` (one locale, or two for `X+en`) and its parts.
  private static func labels(_ language: String, _ location: TemplatesLocation)
    throws(PaperError) -> (Labels, first: String, second: String?)
  {
    guard let (first, second) = DocumentLanguage.parse(language) else {
      throw .invalidRequest(DocumentSettings.languageRefusal(language))
    }
    func locale(_ language: String) throws(PaperError) -> Labels {
      try parse("locales/\(language).json", location) {
        (text, file) throws(TemplateError) in
        try Labels.parse(text, file: file)
      }
    }
    var labels = try locale(first)
    if let second { labels = labels.bilingual(try locale(second)) }
    return (labels, first, second)
  }

  private static func fallContents(
    _ first: String, _ second: String?, _ location: TemplatesLocation
  ) throws(PaperError) -> (ContentFile?, ContentFile?) {
    (
      try fallContent(first, location),
      try second.map { (language) throws(PaperError) in
        try fallContent(language, location)
      }
    )
  }

  /// Reads and checks `content/falls.<language>.json`.
  public static func fallContent(_ language: String, _ location: TemplatesLocation)
    throws(PaperError)
    -> ContentFile
  {
    let relative = "content/falls.\(language).json"
    let bytes = try required(relative, location)
    do { return try ContentFile.parse(path: relative, bytes: bytes) } catch {
      let first = error.problems.first.map { "\($0)" } ?? "invalid"
      throw PaperError("\(location.shown)/\(relative): \(first)", kind: .invalidData)
    }
  }

  /// Reads and checks `drug-classes.json`.
  public static func drugTable(_ location: TemplatesLocation) throws(PaperError) -> DrugClassTable {
    let file = "drug-classes.json"
    let bytes = try required(file, location)
    let json: JSON
    do { json = try JSONParser.parse(bytes) } catch {
      throw PaperError("\(location.shown)/\(file): \(error.description)", kind: .invalidData)
    }
    do { return try DrugClassTable.parse(json) } catch {
      throw PaperError("\(location.shown)/\(file): \(error.description)", kind: .invalidData)
    }
  }

  private static func required(_ relative: String, _ location: TemplatesLocation) throws(PaperError)
    -> [UInt8]
  {
    guard let bytes = try location.read(relative) else {
      throw PaperError(
        "\(location.shown)/\(relative) is missing; pass --templates DIR or set RUA_TEMPLATES "
          + "to a complete templates folder", kind: .notFound)
    }
    return bytes
  }

  private static func parse<T>(
    _ relative: String, _ location: TemplatesLocation,
    _ body: (String, String) throws(TemplateError) -> T
  ) throws(PaperError) -> T {
    let bytes = try required(relative, location)
    do {
      return try body(String(decoding: bytes, as: UTF8.self), location.shown + "/" + relative)
    } catch {
      throw PaperError("\(error)", kind: .invalidData)
    }
  }
}
