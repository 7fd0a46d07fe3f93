import Glibc
import RuaCore
import RuaDocuments
import RuaStore

/// The options every document command shares, read once.
struct DocumentSettings {
  let paper: Paper
  let language: String
  /// The printed time and the PDF dates.
  let now: Instant
  /// The calendar date runways and ages are counted from.
  let today: CivilDate
  let templates: TemplatesLocation

  static let specs: [OptionSpec] = [
    OptionSpec("paper", .value, value: "letter|a4", help: "paper size (default letter)"),
    OptionSpec("lang", .value, value: "en|es", help: "language of the labels (default en)"),
    OptionSpec(
      "now", .value, value: "RFC3339",
      help: "printed time and PDF date (default $SOURCE_DATE_EPOCH, then the clock)"),
    OptionSpec(
      "today", .value, value: "YYYY-MM-DD",
      help: "count runways and ages from this date (default: the date of --now, else today)"),
    OptionSpec(
      "templates", .value, value: "DIR",
      help: "the templates folder (default $RUA_TEMPLATES, then beside the executable)"),
  ]

  static func read(_ arguments: ParsedArguments, _ context: Context) throws(CLIError)
    -> DocumentSettings
  {
    let paperText = arguments.value("paper") ?? "letter"
    guard let paper = Paper(rawValue: paperText) else {
      throw .usage("--paper takes letter or a4, not '\(paperText)'")
    }
    let language = arguments.value("lang") ?? "en"
    guard DocumentResources.languages.contains(language) else {
      throw .usage("--lang takes en or es, not '\(language)'")
    }
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
    let today: CivilDate
    if let text = arguments.value("today") {
      guard let date = CivilDate(iso: text) else {
        throw .usage("--today must be a calendar date YYYY-MM-DD, such as 2026-11-29")
      }
      today = date
    } else if let fixedNow {
      today = fixedNow.utcDate
    } else {
      guard let date = CivilDate(iso: context.localToday) else {
        throw CLIError("cannot read today's date from the clock", code: .software)
      }
      today = date
    }
    return DocumentSettings(
      paper: paper, language: language,
      now: fixedNow ?? Instant(secondsSinceEpoch: context.now), today: today,
      templates: try TemplatesLocation.resolve(arguments.value("templates"), context))
  }

  func resources(for kinds: [DocumentKind]) throws(CLIError) -> DocumentResources {
    try DocumentResources.load(templates, kinds: kinds, language: language, paper: paper)
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
        now: context.now, toolVersion: ToolVersion.full,
        isRunning: { pid in kill(pid, 0) == 0 || errno == EPERM })
    }
    return store
  }

  static func patient(_ query: String, in store: Store) throws(CLIError) -> Patient {
    try PatientPicker.patient(query, in: store)
  }

  static func informationAsOf(_ patient: Patient, in store: Store) throws(CLIError) -> Instant? {
    try StoreAccess.perform { () throws(StoreError) in
      try store.latestChange(forPatient: patient.id).map { Instant(secondsSinceEpoch: $0) }
    }
  }
}
