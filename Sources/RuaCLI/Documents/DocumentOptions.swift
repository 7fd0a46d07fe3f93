// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
public import RuaPaperKit

/// `--paper`, `--lang`, `--now`, `--today`, `--templates` and `--large`, read once into the
/// application's `DocumentSettings`.
extension DocumentSettings {
  public static let specs: [OptionSpec] = [.paper, .lang, .now, .today, .templates, .large]

  /// The options as `DocumentSettings.Asked`, read by RuaPaperKit.
  public static func read(_ arguments: ParsedArguments, _ context: Context) throws(PaperError)
    -> DocumentSettings
  {
    var asked = Asked()
    arguments.copy(
      into: &asked,
      [
        (.paper, \.paper), (.lang, \.language), (.now, \.now), (.today, \.today),
        (.templates, \.templates),
      ])
    asked.large = arguments.flag(.large)
    if arguments.declares(weekOfOption) {
      asked.period = (
        arguments.value(weekOfOption),
        try arguments.integer(weeksOption, in: 1...MARPeriod.maximumWeeks) ?? 1
      )
    }
    return try DocumentSettings(checking: asked, host: context.host)
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

extension DocumentClock {
  /// Whether `--now` or `SOURCE_DATE_EPOCH` fixes the printed time (no log anchor then).
  static func isFixed(_ arguments: ParsedArguments, _ context: Context) -> Bool {
    isFixed(now: arguments.value(.now), context.environment)
  }

  static func read(_ arguments: ParsedArguments, _ context: Context) throws(PaperError)
    -> DocumentClock
  {
    try DocumentClock(
      now: arguments.value(.now), today: arguments.value(.today), host: context.host)
  }
}
