// SPDX-License-Identifier: Apache-2.0
public import RuaCore
import RuaDocuments
import RuaFiles

/// The one clock of a document command: the printed moment (`--now`, `SOURCE_DATE_EPOCH`,
/// else the command's start) and the date runways and ages count from (`--today`, else the
/// local date of a fixed `--now`, else the local date).
public struct DocumentClock: Sendable {
  public let now: Instant
  public let today: CivilDate

  /// True when `now` (`--now`) or `SOURCE_DATE_EPOCH` fixes the printed time: the document
  /// must then come out byte for byte the same each time, so its footer carries no log anchor.
  public static func isFixed(now: String?, _ environment: [String: String]) -> Bool {
    now != nil || environment["SOURCE_DATE_EPOCH"]?.isEmpty == false
  }

  /// `now` (RFC 3339) and `today` (YYYY-MM-DD) as given, nil when absent.
  public init(now: String?, today: String?, host: HostEnvironment) throws(PaperError) {
    var fixedNow: Instant?
    if let text = now {
      guard let instant = Instant(rfc3339: text) else {
        throw .invalidRequest(
          "--now must be an RFC 3339 time such as 2026-11-29T12:00:00Z, not '\(text)'")
      }
      fixedNow = instant
    } else if let epoch = host.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
      guard let seconds = Int64(epoch), seconds >= 0 else {
        throw .invalidRequest("SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'")
      }
      fixedNow = Instant(secondsSinceEpoch: seconds)
    }
    // A fixed --now counts from its local date: the zone of the printed time (DocumentZone).
    var day = fixedNow.map { DocumentZone.local.date(of: $0) } ?? host.today
    if let text = today {
      guard let date = CivilDate(iso: text) else {
        throw .invalidRequest("--today must be a calendar date YYYY-MM-DD, such as 2026-11-29")
      }
      day = date
    }
    self.now = fixedNow ?? host.now
    self.today = day
  }
}

extension DocumentSettings {
  /// The options every document command shares, as given (nil when absent), before
  /// `DocumentSettings(checking:host:)` reads them.
  public struct Asked: Sendable {
    /// `--paper`; else `$PAPERSIZE`, /etc/papersize, the locale (`PaperChoice`).
    public var paper: String?
    public var language: String?
    public var now: String?
    public var today: String?
    public var templates: String?
    public var large = false
    /// `mar --week-of DATE` and `--weeks N`, for the commands that take them.
    public var period: (weekOf: String?, weeks: Int)?

    public init() {}
  }

  public init(checking asked: Asked, host: HostEnvironment) throws(PaperError) {
    let systemPaper = (try? Files.read(PaperChoice.systemFile, limit: 4096)).map {
      String(decoding: $0, as: UTF8.self)
    }
    let paper = try PaperChoice.resolve(
      explicit: asked.paper, environment: host.environment, systemPaper: systemPaper)
    if let language = asked.language, DocumentLanguage.parse(language) == nil {
      throw .invalidRequest(Self.languageRefusal(language))
    }
    let clock = try DocumentClock(now: asked.now, today: asked.today, host: host)
    self.init(
      paper: paper, explicitLanguage: asked.language, now: clock.now, today: clock.today,
      templates: try TemplatesLocation.resolve(asked.templates, host), large: asked.large)
    if let period = asked.period {
      self.period = MARPeriod(
        start: try Self.weekOf(period.weekOf, today: clock.today), weeks: period.weeks)
    }
  }

  /// `mar --week-of DATE`: the first of the seven days, within a year of today either way (a
  /// typo such as 2062 would print a grid for days the record knows nothing of).
  private static func weekOf(_ text: String?, today: CivilDate) throws(PaperError) -> CivilDate? {
    guard let text else { return nil }
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
