// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import RuaStore

/// The access log's head on printed pages: "log 1234 · 3f9a1c" after the printed time in the
/// footer, so the paper itself anchors the chain (docs/store.md). It is the head when the
/// document was made, before its own rows; a batch carries the head at the start of the run.
/// Left out when the request fixes the time (`--now`, `SOURCE_DATE_EPOCH`): such a document must come out
/// byte for byte the same each time, and the log's head moves with every document.
enum FooterAnchor {
  /// The text for `store`'s current head; nil while the log is empty (nothing to anchor).
  static func text(_ store: Store) throws(PaperError) -> String? {
    let head = try StoreAccess.perform { () throws(StoreError) in try store.accessHead() }
    return head.sequence == 0 ? nil : head.footer
  }

  static func apply(_ anchor: String?, to document: Document) -> Document {
    guard let anchor else { return document }
    var document = document
    document.footerLeft = StyledText(
      document.footerLeft.runs + [
        TextRun(" · ", style: "footer"), TextRun(anchor, style: "footer", volatile: .logAnchor),
      ])
    return document
  }
}
