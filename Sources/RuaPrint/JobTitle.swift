// SPDX-License-Identifier: Apache-2.0
/// The job titles rua-paper sends to CUPS. CUPS writes the title to `page_log`, to the job's
/// control file and to `lpstat` for every user, so it is always one of these generic titles and
/// never a name: any other title given to `CUPSPrinting.print` is replaced by `document`.
public enum JobTitle: String, CaseIterable, Sendable {
  /// The default title.
  case document = "rua-paper document"
  /// An ER sheet.
  case erSheet = "rua-paper er sheet"
  /// A medication list.
  case medicationList = "rua-paper medication list"
  /// A fall guide.
  case fallGuide = "rua-paper fall guide"
  /// A combined binder.
  case binder = "rua-paper binder"

  /// The title to send for a requested one: itself when it is one of the generic titles,
  /// otherwise the default.
  public static func generic(_ requested: String) -> JobTitle {
    JobTitle(rawValue: requested) ?? .document
  }
}
