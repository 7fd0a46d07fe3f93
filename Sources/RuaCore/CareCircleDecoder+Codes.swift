// SPDX-License-Identifier: Apache-2.0
extension CareCircleDecoder {
  /// `codes` of a condition, allergy or medicine: at most `codesCount` codings, each a system
  /// and a code (both required) and an optional display.
  static func codes(_ fields: CareCircleFieldReader) throws(CareCircleError) -> [Code] {
    typealias L = CareCircleLimits
    var codes: [Code] = []
    for (index, element) in try fields.array("codes", max: L.codesCount).enumerated() {
      let item = try CareCircleFieldReader(
        element, path: CareCirclePath.element(fields.child("codes"), index))
      try item.refuseUnknownKeys(CareCircleFields.code)
      codes.append(
        Code(
          system: try item.requiredString("system", max: L.codeSystem),
          code: try item.requiredString("code", max: L.code),
          display: try item.string("display", max: L.codeDisplay)))
    }
    return codes
  }

  /// A `YYYY`, `YYYY-MM` or `YYYY-MM-DD` field (a condition's or device's `since`, a vaccine's
  /// `date`).
  static func partialDate(_ fields: CareCircleFieldReader, _ key: String)
    throws(CareCircleError) -> String?
  {
    let text = try fields.string(key, max: Int.max)
    if let text, !PartialDate.isValid(text) {
      throw CareCircleError(
        path: fields.child(key),
        reason: "must be a year (2019), a month (2019-04) or a date (2019-04-17)")
    }
    return text
  }

  public static func decodeImmunization(_ json: JSON, path: String) throws(CareCircleError)
    -> Immunization
  {
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.immunization)
    return Immunization(
      vaccine: try fields.requiredString("vaccine", max: CareCircleLimits.vaccine),
      date: try partialDate(fields, "date"))
  }
}
