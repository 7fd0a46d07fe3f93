// SPDX-License-Identifier: Apache-2.0
/// Reads a care-circle file, version 1, enforcing every rule of `docs/care-circle-format.md`.
/// One bad field refuses the whole file: the result is either a fully valid `CareCircle` or a
/// `CareCircleError` naming the JSON path and the rule.
///
/// `today` is the import day (handed in, never read here): birth and fill dates after it are
/// refused.
public enum CareCircleDecoder {
  public static func decode(_ bytes: [UInt8], today: CivilDate) throws(CareCircleError)
    -> CareCircle
  {
    let json: JSON
    do throws(JSONSyntaxError) {
      json = try JSONParser.parse(bytes)
    } catch {
      throw CareCircleError(path: CareCircleError.filePath, reason: error.description)
    }
    return try decode(json: json, today: today)
  }

  public static func decode(json: JSON, today: CivilDate) throws(CareCircleError) -> CareCircle {
    let fields = try CareCircleFieldReader(json, path: "")
    // Format and version first: a file from elsewhere or from a newer rua-paper should be
    // named as such, not reported as a list of unknown keys.
    try checkFormat(fields)
    try checkVersion(fields)
    try fields.refuseUnknownKeys(CareCircleFields.top)

    let exportedAt = try fields.string("exportedAt", max: Int.max)
    if let exportedAt, !Timestamp.isRFC3339UTC(exportedAt) {
      throw CareCircleError(
        path: "exportedAt",
        reason: "must be an RFC 3339 timestamp in UTC, e.g. 2026-11-01T09:00:00Z")
    }

    guard fields["patients"] != nil else { throw fields.required("patients") }
    var patients: [Patient] = []
    var firstIndexOfID: [String: Int] = [:]
    for (index, element) in try fields.array("patients").enumerated() {
      let path = CareCirclePath.element("patients", index)
      let patient = try decodePatient(element, path: path, today: today)
      if let first = firstIndexOfID[patient.id] {
        throw CareCircleError(
          path: CareCirclePath.member(path, "id"),
          reason: "repeats the id of patients[\(first)]; patient ids must be unique in the file")
      }
      firstIndexOfID[patient.id] = index
      patients.append(patient)
    }

    var extensions: JSON?
    if let value = fields["extensions"] {
      guard case .object = value else {
        throw CareCircleError(
          path: "extensions",
          reason: "must be an object, not \(CareCircleFieldReader.article(value))")
      }
      try checkExtensionText(value, path: "extensions")
      extensions = value
    }
    return CareCircle(exportedAt: exportedAt, patients: patients, extensions: extensions)
  }

  private static func checkFormat(_ fields: CareCircleFieldReader) throws(CareCircleError) {
    guard fields["format"] != nil else {
      throw CareCircleError(
        path: "format",
        reason: "is required and must be \"\(CareCircle.format)\"; is this a care-circle file?")
    }
    let format = try fields.string("format", max: Int.max)
    guard format == CareCircle.format else {
      throw CareCircleError(
        path: "format",
        reason: "must be exactly \"\(CareCircle.format)\"; is this a care-circle file?")
    }
  }

  private static func checkVersion(_ fields: CareCircleFieldReader) throws(CareCircleError) {
    guard let value = fields["version"] else { throw fields.required("version") }
    if let version = value.intValue, version > CareCircle.version {
      throw CareCircleError(
        path: "version",
        reason: "is \(version): this file was written by a newer rua-paper;"
          + " update rua-paper to read it")
    }
    guard value.intValue == CareCircle.version else {
      throw CareCircleError(path: "version", reason: "must be the whole number 1")
    }
  }

  /// Extensions are kept as written and never printed, but they still go into the store and back
  /// out on export, so the text rule applies to their keys and strings (tab and newline allowed).
  private static func checkExtensionText(_ value: JSON, path: String) throws(CareCircleError) {
    switch value {
    case .string(let text):
      if let scalar = TextRules.firstForbiddenScalar(in: text, allowTabAndNewline: true) {
        throw CareCircleError(
          path: path, reason: TextRules.refusal(for: scalar, allowTabAndNewline: true))
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        try checkExtensionText(element, path: CareCirclePath.element(path, index))
      }
    case .object(let members):
      for member in members {
        let memberPath = CareCirclePath.member(path, member.key)
        if let scalar = TextRules.firstForbiddenScalar(in: member.key, allowTabAndNewline: false) {
          throw CareCircleError(
            path: memberPath,
            reason: "the key " + TextRules.refusal(for: scalar, allowTabAndNewline: false))
        }
        try checkExtensionText(member.value, path: memberPath)
      }
    case .null, .bool, .number:
      break
    }
  }
}
