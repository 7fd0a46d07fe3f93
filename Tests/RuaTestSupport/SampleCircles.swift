// SPDX-License-Identifier: Apache-2.0
/// The fictional care circles more than one test reads.
package enum SampleCircles {
  /// The shipped sample, `samples/care-circle.json` (three fictional people).
  package static var shippedPath: String { PackageRoot.file("samples/care-circle.json") }

  /// The shipped sample's bytes.
  package static func shipped() throws(TestSupportError) -> [UInt8] {
    try TestFile.read(shippedPath)
  }

  /// A small care-circle file: Robert (one allergy, warfarin, a note with a marker string) and
  /// María (no known allergies).
  package static let small = """
    {
      "format": "rua-care-circle",
      "version": 1,
      "exportedAt": "2026-11-01T10:00:00Z",
      "patients": [
        {
          "id": "p-robert",
          "fullName": "Robert Alvarez",
          "dateOfBirth": "1941-03-09",
          "allergies": [{ "substance": "penicillin", "reaction": "hives", "severity": "severe" }],
          "medications": [
            {
              "id": "m-warfarin", "name": "warfarin", "strength": "5 mg", "times": ["evening"],
              "fills": [{ "fillDate": "2026-10-20", "daySupply": 30 }]
            }
          ],
          "contacts": [{ "name": "Ana Alvarez", "relation": "daughter", "roles": ["emergency"] }],
          "pharmacy": { "name": "Corner Pharmacy" },
          "notes": "MARKERCLINOTES"
        },
        { "id": "p-maria", "fullName": "María Núñez", "dateOfBirth": "1938-12-24",
          "noKnownAllergies": true }
      ]
    }
    """
}
