// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import Testing

/// What a right-to-left page lays out as left-to-right isolates: a line with no Arabic letter
/// whole, and in a mixed line each Latin or numeric stretch, its end punctuation left to the
/// sentence around it.
/// `text` without its left-to-right isolates: what was stored.
func withoutIsolates(_ text: String) -> String {
  String(
    String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{2066}" && $0 != "\u{2069}" }))
}

@Suite struct DirectionIsolationTests {
  static let lri = "\u{2066}"
  static let pdi = "\u{2069}"

  static let cases: [(String, String)] = [
    ("atorvastatin", "\(lri)atorvastatin\(pdi)"),
    ("Check blood sugar first.", "\(lri)Check blood sugar first.\(pdi)"),
    ("2.5 mg، تحت الجلد", "\(lri)2.5 mg\(pdi)، تحت الجلد"),
    ("1-0-2 بعد الأكل", "\(lri)1-0-2\(pdi) بعد الأكل"),
    ("باقٍ 21 يومًا", "باقٍ \(lri)21\(pdi) يومًا"),
    ("وارفارين (5 - 10 mg)", "وارفارين \(lri)(5 - 10 mg)\(pdi)"),
    (
      "ليلى (Layla Haddad) أو (503) 555-0193",
      "ليلى \(lri)(Layla Haddad)\(pdi) أو \(lri)(503) 555-0193\(pdi)"
    ),
    ("يُنادى “Mei-Ling”.", "يُنادى “\(lri)Mei-Ling\(pdi)”."),
    ("لا حساسية معروفة", "لا حساسية معروفة"),
    ("٥٠ ملغ", "٥٠ ملغ"),
    ("(ملاحظة", "(ملاحظة"),
    ("", ""),
    ("1 tablet\nقرص واحد", "\(lri)1 tablet\(pdi)\nقرص واحد"),
    ("Nguyễn Văn An قال", "\(lri)Nguyễn Văn An\(pdi) قال"),
    ("صفحة 1 من 3 · Page 1 of 3", "صفحة \(lri)1\(pdi) من \(lri)3\(pdi) · \(lri)Page 1 of 3\(pdi)"),
    ("Dr. Wen Zhao · (503) 555-0195", "\(lri)Dr. Wen Zhao · (503) 555-0195\(pdi)"),
    // A bracket that opens in a Latin stretch and closes after Arabic words opens in the
    // page's direction: "aspirin" and "81 mg" are each a unit, the "(" the sentence's.
    (
      "aspirin (81 mg; موقوف مؤقتًا حتى 5 نوفمبر 2026)",
      "\(lri)aspirin\(pdi) (\(lri)81 mg\(pdi); موقوف مؤقتًا حتى \(lri)5\(pdi) نوفمبر \(lri)2026\(pdi))"
    ),
    ("وارفارين (on hold)", "وارفارين \(lri)(on hold)\(pdi)"),
  ]

  /// Each case isolated as expected, and nothing but isolates added.
  @Test(arguments: cases)
  func leftToRightStretchesAreIsolated(_ input: String, _ expected: String) {
    let isolated = DirectionIsolation.isolated(input)
    #expect(isolated == expected)
    #expect(withoutIsolates(isolated) == input)
  }

  /// Runs of one text are isolated together, each isolate kept with the run beside it, so a
  /// name and its strength in two styles are one stretch and no style moves.
  @Test func runsAreIsolatedTogether() {
    #expect(
      DirectionIsolation.isolated(["insulin glargine", " (Lantus)", "\nحقنة"])
        == ["\(Self.lri)insulin glargine", " (Lantus)\(Self.pdi)", "\nحقنة"])
    #expect(
      DirectionIsolation.isolated(["مع ", "insulin glargine", " (Lantus)"])
        == ["مع ", "\(Self.lri)insulin glargine", " (Lantus)\(Self.pdi)"])
    // Fields joined by " · " are stretches of their own, in the page's order.
    #expect(
      DirectionIsolation.isolated(["مع ", "Dr. Wen Zhao", " · ", "(503) 555-0195"])
        == [
          "مع ", "\(Self.lri)Dr. Wen Zhao\(Self.pdi)", " · ",
          "\(Self.lri)(503) 555-0195\(Self.pdi)",
        ])
  }

  @Test func theDirectionFollowsTheLanguage() {
    #expect(TextDirection(language: "ar") == .rightToLeft)
    #expect(TextDirection(language: "ar-EG") == .rightToLeft)
    #expect(TextDirection(language: "ar+en") == .rightToLeft)
    #expect(TextDirection(language: "en+ar") == .leftToRight)
    #expect(TextDirection(language: "zh-Hans") == .leftToRight)
    #expect(TextDirection(language: "en") == .leftToRight)
  }

  /// Issue 30: the English half of a bilingual label is one left-to-right isolate on each of
  /// its lines, an Arabic name inside it a right-to-left isolate, so the line reads "Who to call
  /// if محمد falls" and not "falls محمد Who to call if".
  @Test func anEnglishLineIsOneIsolateWithTheNameIsolatedInside() {
    let rli = "\u{2067}"
    #expect(
      DirectionIsolation.isolated(
        ["بمن تتصل إذا سقط محمد", "\nWho to call if محمد falls"], leftToRight: [false, true])
        == [
          "بمن تتصل إذا سقط محمد",
          "\n\(Self.lri)Who to call if \(rli)محمد\(Self.pdi) falls\(Self.pdi)",
        ])
    // On a line shared with the first language, the stretches are found as before: "/" and
    // the label's "Weight" with its value "58.5 kg".
    #expect(
      DirectionIsolation.isolated(["أنثى", " / Female"], leftToRight: [false, true])
        == ["أنثى", " / \(Self.lri)Female\(Self.pdi)"])
  }

  /// Issue 30: an English half on a line shared with Arabic is one left-to-right unit from
  /// the character after its separator, so the "…" and "+" that open it stay before its words
  /// and its fields keep the English order; a quote opened in a stretch closes in it.
  @Test func anEnglishHalfIsOneUnitFromItsFirstCharacter() {
    #expect(
      DirectionIsolation.isolated(
        ["lips", " … انظر ورقة الطوارئ", " / … see the ER sheet"],
        leftToRight: [false, false, true])
        == [
          "\(Self.lri)lips", " …\(Self.pdi) انظر ورقة الطوارئ",
          " / \(Self.lri)… see the ER sheet\(Self.pdi)",
        ])
    #expect(
      DirectionIsolation.isolated(
        [
          "+ 3 جهات اتصال أخرى · + الصيدلية: انظر ورقة الطوارئ",
          " / + 3 more contacts · + pharmacy: see the ER sheet",
        ],
        leftToRight: [false, true])
        == [
          "+ \(Self.lri)3\(Self.pdi) جهات اتصال أخرى · + الصيدلية: انظر ورقة الطوارئ",
          " / \(Self.lri)+ 3 more contacts · + pharmacy: see the ER sheet\(Self.pdi)",
        ])
    #expect(
      DirectionIsolation.isolated(
        ["اسم المناداة", " / Goes by", " “Mei-Ling”"], leftToRight: [false, true, false])
        == ["اسم المناداة", " / \(Self.lri)Goes by", " “Mei-Ling”\(Self.pdi)"])
    // A stretch of the first language ends where the English half begins.
    #expect(
      DirectionIsolation.isolated(
        ["3 أدوية أخرى: انظر الصفحة 2", " / 3 more medicines: see page 2"],
        leftToRight: [false, true])
        == [
          "\(Self.lri)3\(Self.pdi) أدوية أخرى: انظر الصفحة \(Self.lri)2\(Self.pdi)",
          " / \(Self.lri)3 more medicines: see page 2\(Self.pdi)",
        ])
    // A cut's ellipsis ends the text it cuts, in that text's direction.
    #expect(
      DirectionIsolation.isolated("hives and\u{A0}…, شديدة")
        == "\(Self.lri)hives and\u{A0}…\(Self.pdi), شديدة")
    // An English label before a value in the first language's run is one stretch with it.
    #expect(
      DirectionIsolation.isolated(
        ["الوزن", " / Weight", " 58.5 kg"], leftToRight: [false, true, false])
        == ["الوزن", " / \(Self.lri)Weight", " 58.5 kg\(Self.pdi)"])
  }

  @Test func aRightToLeftNameIsIsolatedOnALeftToRightLine() {
    let rli = "\u{2067}"
    #expect(
      DirectionIsolation.isolatingRightToLeft(["Who to call if ", "محمد (Mo)", " falls"])
        == ["Who to call if ", "\(rli)محمد\(Self.pdi) (Mo)", " falls"])
    // Brackets and digits around the name stay outside its isolate.
    #expect(
      DirectionIsolation.isolatingRightToLeft(["(ليلى حداد) 2"])
        == ["(\(rli)ليلى حداد\(Self.pdi)) 2"])
    #expect(DirectionIsolation.isolatingRightToLeft(["plain"]) == ["plain"])
  }
}
