import Glibc
import RuaCore
import RuaDocuments
import RuaFiles
import RuaStore

/// The options every document command shares, read once.
struct DocumentSettings {
  let paper: Paper
  /// `--lang`, when given; otherwise each document chooses (`DocumentLanguage`).
  let explicitLanguage: String?
  /// The language of documents made for many people at once (batch, bench): `--lang` or en.
  var language: String { explicitLanguage ?? "en" }
  /// The printed time and the PDF dates.
  let now: Instant
  /// The calendar date runways and ages are counted from.
  let today: CivilDate
  let templates: TemplatesLocation
  /// Large print for the medication list and the fall guide (the ER sheet is for clinicians).
  var large = false

  static let specs: [OptionSpec] = [
    OptionSpec(
      "paper", .value, value: "letter|a4",
      help: "paper size (default $PAPERSIZE, /etc/papersize, then LC_PAPER's country)"),
    OptionSpec(
      "lang", .value, value: DocumentKind.languages.joined(separator: "|") + "[+en]",
      help:
        "language of the labels; X+en prints each label and heading in X, then English "
        + "(default: meds and falls in the person's language+en when there is a locale for "
        + "it, else en; the ER sheet en)"),
    OptionSpec(
      "now", .value, value: "RFC3339",
      help: "printed time and PDF date (default $SOURCE_DATE_EPOCH, then the clock)"),
    OptionSpec(
      "today", .value, value: "YYYY-MM-DD",
      help: "count runways and ages from this date (default: the local date of --now, else today)"),
    OptionSpec(
      "templates", .value, value: "DIR",
      help: "the templates folder (default $RUA_TEMPLATES, then beside the executable)"),
    OptionSpec(
      "large", .flag,
      help:
        "large print (body 14 pt) of the medication list and fall guide, for the person's own copy"),
  ]

  static func read(_ arguments: ParsedArguments, _ context: Context) throws(CLIError)
    -> DocumentSettings
  {
    let systemPaper = (try? Files.read(PaperChoice.systemFile, limit: 4096)).map {
      String(decoding: $0, as: UTF8.self)
    }
    let paper = try PaperChoice.resolve(
      explicit: arguments.value("paper"), environment: context.environment,
      systemPaper: systemPaper)
    let language = arguments.value("lang")
    if let language, DocumentLanguage.parse(language) == nil {
      throw .usage(languageRefusal(language))
    }
    let clock = try DocumentClock.read(arguments, context)
    var settings = DocumentSettings(
      paper: paper, explicitLanguage: language,
      now: clock.now, today: clock.today,
      templates: try TemplatesLocation.resolve(arguments.value("templates"), context))
    settings.large = arguments.flag("large")
    return settings
  }

  static func languageRefusal(_ language: String) -> String {
    "--lang takes one of " + DocumentLanguage.accepted + ", not '\(language)'"
  }

  /// The resources for `kinds`. `--large` with only the ER sheet asked for is refused: the
  /// sheet is for clinicians and stays as it is; in a batch it applies to the other two.
  func resources(for kinds: [DocumentKind]) throws(CLIError) -> DocumentResources {
    if large, !kinds.contains(where: { DocumentResources.largePrintKinds.contains($0) }) {
      throw .usage("--large is for the medication list (meds) and the fall guide (falls)")
    }
    return try DocumentResources.load(
      templates, kinds: kinds, language: language, paper: paper, large: large)
  }
}

/// The one clock of a document command: the printed moment (`--now`, `SOURCE_DATE_EPOCH`,
/// else the command's start) and the date runways and ages count from (`--today`, else the
/// local date of a fixed `--now`, else the local date).
struct DocumentClock {
  let now: Instant
  let today: CivilDate

  static func read(_ arguments: ParsedArguments, _ context: Context) throws(CLIError)
    -> DocumentClock
  {
    var fixedNow: Instant?
    if let text = arguments.value("now") {
      guard let instant = Instant(rfc3339: text) else {
        throw .usage("--now must be an RFC 3339 time such as 2026-11-29T12:00:00Z, not '\(text)'")
      }
      fixedNow = instant
    } else if let epoch = context.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
      guard let seconds = Int64(epoch), seconds >= 0 else {
        throw .usage("SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'")
      }
      fixedNow = Instant(secondsSinceEpoch: seconds)
    }
    // A fixed --now counts from its local date: the zone of the printed time (DocumentZone).
    var today = fixedNow.map { DocumentZone.local.date(of: $0) } ?? context.today
    if let text = arguments.value("today") {
      guard let date = CivilDate(iso: text) else {
        throw .usage("--today must be a calendar date YYYY-MM-DD, such as 2026-11-29")
      }
      today = date
    }
    return DocumentClock(now: fixedNow ?? context.now, today: today)
  }
}

/// Opening the store for a document command: one read of the circle, and a sweep that closes
/// intents left open by a process that died.
enum DocumentStore {
  static func open(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> Store {
    let store = try StoreAccess.open(arguments, context)
    _ = try StoreAccess.perform { () throws(StoreError) in
      guard try store.hasOpenIntents() else { return 0 }
      Leftovers.sweepAbandoned(try store.openIntents(), store: store, context: context)
      return try store.closeAbandonedIntents(
        toolVersion: ToolVersion.full,
        isRunning: { pid in kill(pid, 0) == 0 || errno == EPERM })
    }
    return store
  }

  static func patient(_ query: String, in store: Store) throws(CLIError) -> Patient {
    try PatientPicker.patient(query, in: store)
  }

  /// Refuses (exit 64) a print date that would make the document say something impossible.
  static func checkPrintDate(
    _ patient: Patient, informationAsOf: Instant?, _ settings: DocumentSettings
  ) throws(CLIError) {
    if let problem = PrintDate.problem(
      today: settings.today, now: settings.now, dateOfBirth: patient.dateOfBirth,
      informationAsOf: informationAsOf)
    {
      throw .usage(
        "cannot print for patient \(patient.id): \(problem); check --now, --today, "
          + "SOURCE_DATE_EPOCH and the system clock")
    }
  }

  static func informationAsOf(_ patient: Patient, in store: Store) throws(CLIError) -> Instant? {
    try StoreAccess.perform { () throws(StoreError) in
      try store.latestChange(forPatient: patient.id).map { Instant(secondsSinceEpoch: $0) }
    }
  }
}
