// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaFiles
public import RuaPaperKit

/// `--paper`, `--lang`, `--now`, `--today`, `--templates` and `--large`, read once into the
/// application's `DocumentSettings`.
extension DocumentSettings {
  public static let specs: [OptionSpec] = [.paper, .lang, .now, .today, .templates, .large]

  public static func read(_ arguments: ParsedArguments, _ context: Context) throws(PaperError)
    -> DocumentSettings
  {
    let systemPaper = (try? Files.read(PaperChoice.systemFile, limit: 4096)).map {
      String(decoding: $0, as: UTF8.self)
    }
    let paper = try PaperChoice.resolve(
      explicit: arguments.value(.paper), environment: context.environment,
      systemPaper: systemPaper)
    let language = arguments.value(.lang)
    if let language, DocumentLanguage.parse(language) == nil {
      throw .invalidRequest(languageRefusal(language))
    }
    let clock = try DocumentClock.read(arguments, context)
    var settings = DocumentSettings(
      paper: paper, explicitLanguage: language,
      now: clock.now, today: clock.today,
      templates: try TemplatesLocation.resolve(arguments.value(.templates), context.host),
      large: arguments.flag(.large))
    if arguments.declares(weekOfOption) {
      settings.period = MARPeriod(
        start: try weekOf(arguments, today: clock.today), weeks: try weeks(arguments))
    }
    return settings
  }

  /// `mar --week-of DATE`: the first of the seven days, within a year of today either way (a
  /// typo such as 2062 would print a grid for days the record knows nothing of).
  static let weekOfOption = OptionSpec(
    "week-of", .value, value: "YYYY-MM-DD",
    help: "the first of the seven days the MAR covers (default: --today, else today)")

  static let weeksOption = OptionSpec(
    "weeks", .value, value: "N",
    help: "how many weeks from --week-of, one grid each (1 to \(MARPeriod.maximumWeeks), default 1)"
  )

  static func weeks(_ arguments: ParsedArguments) throws(PaperError) -> Int {
    try arguments.integer(weeksOption, in: 1...MARPeriod.maximumWeeks) ?? 1
  }

  static func weekOf(_ arguments: ParsedArguments, today: CivilDate) throws(PaperError)
    -> CivilDate?
  {
    guard let text = arguments.value(weekOfOption) else { return nil }
    guard let date = CivilDate(iso: text) else {
      throw .invalidRequest("--week-of must be a calendar date YYYY-MM-DD, such as 2026-12-07")
    }
    guard abs(today.days(until: date)) <= 366 else {
      throw .invalidRequest(
        "--week-of \(text) is more than a year from today (\(today.iso)); a MAR covers a week "
          + "near now: check the year")
    }
    return date
  }

}

extension OptionSpec {
  public static let paper = OptionSpec(
    "paper", .value, value: "letter|a4",
    help: "paper size (default $PAPERSIZE, /etc/papersize, then LC_PAPER's country)")
  public static let lang = OptionSpec(
    "lang", .value, value: DocumentKind.languages.joined(separator: "|") + "[+en]",
    help:
      "language of the labels; X+en prints each label and heading in X, then English "
      + "(default: meds and falls in the person's language+en when there is a locale for "
      + "it, else en; the ER sheet en)")
  public static let now = OptionSpec(
    "now", .value, value: "RFC3339",
    help: "printed time and PDF date (default $SOURCE_DATE_EPOCH, then the clock)")
  public static let today = OptionSpec(
    "today", .value, value: "YYYY-MM-DD",
    help: "count runways and ages from this date (default: the local date of --now, else today)")
  public static let templates = OptionSpec(
    "templates", .value, value: "DIR",
    help: "the templates folder (default $RUA_TEMPLATES, then beside the executable)")
  public static let large = OptionSpec(
    "large", .flag,
    help:
      "large print (body 14 pt) of the medication list and fall guide, for the person's own copy")
}

/// The one clock of a document command: the printed moment (`--now`, `SOURCE_DATE_EPOCH`,
/// else the command's start) and the date runways and ages count from (`--today`, else the
/// local date of a fixed `--now`, else the local date).
struct DocumentClock {
  let now: Instant
  let today: CivilDate

  /// True when `--now` or `SOURCE_DATE_EPOCH` fixes the printed time: the document must then
  /// come out byte for byte the same each time, so its footer carries no log anchor.
  static func isFixed(_ arguments: ParsedArguments, _ context: Context) -> Bool {
    arguments.value(.now) != nil || context.environment["SOURCE_DATE_EPOCH"]?.isEmpty == false
  }

  public static func read(_ arguments: ParsedArguments, _ context: Context) throws(PaperError)
    -> DocumentClock
  {
    var fixedNow: Instant?
    if let text = arguments.value(.now) {
      guard let instant = Instant(rfc3339: text) else {
        throw .invalidRequest(
          "--now must be an RFC 3339 time such as 2026-11-29T12:00:00Z, not '\(text)'")
      }
      fixedNow = instant
    } else if let epoch = context.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
      guard let seconds = Int64(epoch), seconds >= 0 else {
        throw .invalidRequest("SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'")
      }
      fixedNow = Instant(secondsSinceEpoch: seconds)
    }
    // A fixed --now counts from its local date: the zone of the printed time (DocumentZone).
    var today = fixedNow.map { DocumentZone.local.date(of: $0) } ?? context.today
    if let text = arguments.value(.today) {
      guard let date = CivilDate(iso: text) else {
        throw .invalidRequest("--today must be a calendar date YYYY-MM-DD, such as 2026-11-29")
      }
      today = date
    }
    return DocumentClock(now: fixedNow ?? context.now, today: today)
  }
}
