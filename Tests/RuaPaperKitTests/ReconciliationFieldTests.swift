// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaPaperKit

/// The reconciliation's changed fields read as a caregiver reads them (issue 28).
@Suite struct ReconciliationFieldTests {
  @Test func yesNoColumnsAreWordsAndTheRestAsStored() {
    let changes = Reconciliation.fieldChanges(
      ["high_alert": "1", "as_needed": "0", "dose": "1 tablet", "refills_remaining": "1"],
      ["as_needed": "1", "dose": "2 tablets", "refills_remaining": "1"])
    let shown = Dictionary(uniqueKeysWithValues: changes.map { ($0.field, ($0.old, $0.new)) })
    #expect(shown["high alert"]?.0 == "yes" && shown["high alert"]?.1 == nil)
    #expect(shown["as needed"]?.0 == "no" && shown["as needed"]?.1 == "yes")
    #expect(shown["dose"]?.0 == "1 tablet" && shown["dose"]?.1 == "2 tablets")
    #expect(shown["refills remaining"] == nil, "an unchanged count is no change")
    #expect(changes.first?.field == "dose", "the dose comes first")
  }
}
