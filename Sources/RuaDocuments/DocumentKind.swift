// SPDX-License-Identifier: Apache-2.0
/// The documents, by the names the command line uses: the ER sheet, the medication list,
/// the fall guide, the wallet card and the weekly medication administration record.
public enum DocumentKind: String, CaseIterable, Sendable {
  case er, meds, falls, card, mar

  /// The three documents a batch, a binder, the demo and the benchmarks make when not told
  /// otherwise; the card and the record are asked for by name (`--docs card,mar`).
  public static let standard: [DocumentKind] = [.er, .meds, .falls]

  /// Read by emergency responders, so printed in English unless `--lang` says otherwise.
  public var isForResponders: Bool { self == .er || self == .card }

  /// The name stored in access_log rows and used in file names.
  public var documentName: String {
    switch self {
    case .er: return ERSheet.kind
    case .meds: return MedicationList.kind
    case .falls: return FallGuide.kind
    case .card: return WalletCard.kind
    case .mar: return AdministrationRecord.kind
    }
  }

  /// The template file in the templates folder.
  public var templateFile: String { documentName + ".json" }

  /// The languages every document ships complete in (a `locales/` file and the guide content):
  /// English, then the languages US households with limited English speak most.
  public static let languages = ["en", "es", "zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht"]
}
