// SPDX-License-Identifier: Apache-2.0
/// A new medicine's id, made from its name: `m-` and the name's ASCII letters and digits in
/// lower case, words joined by `-` ("Metoprolol succinate ER" → `m-metoprolol-succinate-er`),
/// at most 64 characters, with `-2`, `-3`, … when the patient already has the id.
public enum MedicationID {
  public static func make(_ name: String, taken: [String]) -> String {
    make(name, prefix: "m-", fallback: "medicine", taken: taken)
  }

  /// `prefix` and the name's slug (`fallback` when it has no ASCII letter or digit).
  static func make(_ name: String, prefix: String, fallback: String, taken: [String]) -> String {
    var slug = ""
    for scalar in name.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        slug.unicodeScalars.append(scalar)
      } else if !slug.isEmpty, slug.last != "-" {
        slug += "-"
      }
    }
    while slug.last == "-" { slug.removeLast() }
    let base = prefix + String((slug.isEmpty ? fallback : slug).prefix(56))
    var id = base
    var number = 2
    while taken.contains(id) {
      id = base + "-" + String(number)
      number += 1
    }
    return id
  }
}

/// A new patient's id, made from the full name as a medicine's is: `p-` and the name's ASCII
/// letters and digits ("José Herrera-Müller" → `p-jos-herrera-m-ller`), unique in the store.
public enum PatientID {
  public static func make(_ name: String, taken: [String]) -> String {
    MedicationID.make(name, prefix: "p-", fallback: "patient", taken: taken)
  }
}
