// SPDX-License-Identifier: Apache-2.0
/// How a record command reads one value typed on the command line.
public enum RecordValueForm: Sendable {
  /// Kept as typed; the import rule of the field decides.
  case text
  case date
  case sex
  case language
  case yesNo
  case weight
  case height
  case severity
  case allergyKind
  case roles
  case times
  /// A time between doses: "4 h", "4 hours", "30 min", "1 h 30 min", or hours alone ("4");
  /// carried as whole minutes.
  case interval
}

/// Command-line values read leniently where no meaning is lost (`Female`, `Severe`, `POA`,
/// `61 kg`, `134 lb`, `Spanish` → `es`, `yes`) and strictly where it would be (`sixty`): the
/// result is the care-circle JSON the import decoder then checks as it checks a file. A choice
/// that is none of its values goes on as typed, so import's own rule refuses it.
public enum RecordValue {
  /// The value as the format carries it, nil for "" (the field is removed), or the reason it
  /// cannot be read: the accepted forms (never the value itself, as `CareCircleError` reasons).
  public static func read(_ text: String, as form: RecordValueForm) -> Result<JSON?, Refusal> {
    let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if trimmed.isEmpty { return .success(nil) }
    let word = folded(trimmed)
    switch form {
    case .text, .date:
      return .success(.string(text))
    case .sex:
      let short = ["f": "female", "m": "male", "woman": "female", "man": "male"]
      return choice(short[word] ?? word, text, Sex.allCases.map(\.rawValue))
    case .severity:
      return choice(word, text, AllergySeverity.allCases.map(\.rawValue))
    case .allergyKind:
      return choice(word, text, AllergyKind.allCases.map(\.rawValue))
    case .yesNo:
      if ["yes", "y", "true"].contains(word) { return .success(.bool(true)) }
      if ["no", "n", "false"].contains(word) { return .success(.bool(false)) }
      return .failure(Refusal("is not yes or no; accepted: yes, no (or true, false)"))
    case .language:
      if let tag = languageTags[word] { return .success(.string(tag)) }
      // A tag's first part has 2 or 3 letters; a longer word is a name this table lacks.
      let first = trimmed.prefix { $0 != "-" }
      if first.count > 3 || trimmed.contains(" ") {
        return .failure(
          Refusal(
            "is not a language name rua-paper knows; accepted: an English name (Spanish,"
              + " Haitian Creole) or a BCP 47 tag (es, ht, zh-Hant)"))
      }
      return .success(.string(trimmed))
    case .weight:
      return measure(
        word, units: ["": 1, "kg": 1, "kgs": 1, "lb": 0.45359237, "lbs": 0.45359237],
        what: "a weight", accepted: "61, 61 kg, 61.5 kg or 134 lb")
    case .height:
      return measure(
        word, units: ["": 1, "cm": 1, "m": 100, "in": 2.54],
        what: "a height", accepted: "160, 160 cm, 1.6 m or 63 in")
    case .roles:
      return list(text, roleWords, ContactRole.allCases.map(\.rawValue))
    case .times:
      return list(text, [:], DoseTime.allCases.map(\.rawValue))
    case .interval:
      return interval(word)
    }
  }

  public struct Refusal: Error, Equatable, Sendable {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// Lower case, Latin accents removed, white space single: how names are compared.
  public static func folded(_ text: String) -> String {
    var out = ""
    for character in text.lowercased() {
      if let plain = accents[character] { out.append(plain) } else { out.append(character) }
    }
    return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A choice in any case; anything else goes to the decoder as typed, which refuses it with
  /// import's message (the path and the accepted values).
  private static func choice(_ word: String, _ typed: String, _ accepted: [String])
    -> Result<JSON?, Refusal>
  {
    .success(.string(accepted.contains(word) ? word : typed))
  }

  /// A list separated by commas, each item read as `choice` reads one.
  private static func list(
    _ typed: String, _ aliases: [String: String], _ accepted: [String]
  ) -> Result<JSON?, Refusal> {
    var values: [JSON] = []
    for part in typed.split(separator: ",", omittingEmptySubsequences: false) {
      let item = folded(String(part))
      let name = aliases[item] ?? item.replacingSpaces()
      let value = JSON.string(accepted.contains(name) ? name : String(part))
      if !values.contains(value) { values.append(value) }
    }
    return .success(.array(values))
  }

  /// "4 h", "4h", "4 hours", "30 min", "1 h 30 min", "4" (hours) → minutes; anything else is
  /// refused with the accepted forms. Fractions of a minute are refused as not whole.
  private static func interval(_ word: String) -> Result<JSON?, Refusal> {
    let refusal = Refusal("is not a time between doses; accepted: 4 h, 4 hours, 30 min, 1 h 30 min")
    let units: [String: Double] = [
      "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60, "m": 1, "min": 1, "mins": 1,
      "minute": 1, "minutes": 1,
    ]
    var minutes = 0.0
    var rest = Substring(word)
    var parts = 0
    while !rest.isEmpty {
      rest = rest.drop { $0 == " " }
      let digits = rest.prefix { $0.isNumber || $0 == "." }
      rest = rest.dropFirst(digits.count).drop { $0 == " " }
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      guard let number = Double(digits), number.isFinite, number < 100_000 else {
        return .failure(refusal)
      }
      guard let factor = unit.isEmpty && parts == 0 && rest.isEmpty ? 60 : units[String(unit)]
      else { return .failure(refusal) }
      minutes += number * factor
      parts += 1
    }
    guard minutes == minutes.rounded() else { return .failure(refusal) }
    return .success(.int(Int(minutes)))
  }

  private static func measure(
    _ word: String, units: [String: Double], what: String, accepted: String
  ) -> Result<JSON?, Refusal> {
    let digits = word.prefix { $0.isNumber || $0 == "." }
    let unit = word.dropFirst(digits.count).split(whereSeparator: \.isWhitespace)
      .joined(separator: "")
    guard let number = Double(digits), number.isFinite, let factor = units[unit] else {
      return .failure(Refusal("is not \(what); accepted: \(accepted)"))
    }
    if factor == 1, case .number? = try? JSONParser.parse(String(digits)) {
      return .success(.number(String(digits)))
    }
    return .success(.number("\((number * factor * 10).rounded() / 10)"))
  }

  private static let roleWords = [
    "power of attorney": "poa", "proxy": "health-care-proxy", "hcp": "health-care-proxy",
    "health care proxy": "health-care-proxy", "healthcare proxy": "health-care-proxy",
    "emergency contact": "emergency", "carer": "caregiver", "care giver": "caregiver",
  ]

  /// Language names as a family writes them, in English and in the language itself.
  static let languageTags: [String: String] = [
    "english": "en", "spanish": "es", "espanol": "es", "chinese": "zh", "mandarin": "zh",
    "cantonese": "yue", "simplified chinese": "zh-Hans", "traditional chinese": "zh-Hant",
    "arabic": "ar", "korean": "ko", "russian": "ru", "vietnamese": "vi", "tagalog": "tl",
    "filipino": "fil", "haitian creole": "ht", "kreyol": "ht", "creole": "ht", "french": "fr",
    "francais": "fr", "portuguese": "pt", "portugues": "pt", "italian": "it", "german": "de",
    "polish": "pl", "japanese": "ja", "hindi": "hi", "bengali": "bn", "urdu": "ur",
    "persian": "fa", "farsi": "fa", "somali": "so", "amharic": "am", "greek": "el",
    "hebrew": "he", "armenian": "hy", "ukrainian": "uk", "punjabi": "pa", "gujarati": "gu",
    "khmer": "km", "hmong": "hmn", "lao": "lo", "thai": "th", "nepali": "ne",
    "swahili": "sw", "turkish": "tr", "yiddish": "yi",
  ]

  private static let accents: [Character: Character] = {
    let groups: [(String, Character)] = [
      ("àáâãäåāăą", "a"), ("çćč", "c"), ("ďđ", "d"), ("èéêëēėęě", "e"), ("ìíîïīį", "i"),
      ("ñńň", "n"), ("òóôõöøō", "o"), ("ŕř", "r"), ("śšş", "s"), ("ťţ", "t"),
      ("ùúûüūůű", "u"), ("ýÿ", "y"), ("źżž", "z"), ("ł", "l"), ("ğ", "g"),
    ]
    var table: [Character: Character] = [:]
    for (letters, plain) in groups { for letter in letters { table[letter] = plain } }
    return table
  }()
}

extension String {
  fileprivate func replacingSpaces() -> String {
    String(map { $0 == " " || $0 == "_" ? "-" : $0 })
  }
}
