// SPDX-License-Identifier: Apache-2.0
/// The keys of each object of the care-circle format, in the order of the format page's tables.
///
/// The decoder refuses any other key; the encoder writes keys in this order, so an export is
/// canonical and diffs well.
public enum CareCircleFields {
  public static let top = ["format", "version", "exportedAt", "patients", "extensions"]
  public static let patient = [
    "id", "fullName", "preferredName", "dateOfBirth", "sex", "language", "interpreterNeeded",
    "weightKg", "weightMeasuredOn", "heightCm", "bloodType", "address", "phone", "insurance",
    "codeStatus", "advanceDirective", "baseline", "devices", "alerts", "immunizations",
    "conditions", "allergies", "noKnownAllergies", "medications",
    "contacts", "careTeam", "pharmacy", "preferredHospital", "dependents", "notes",
    "sourceDate",
  ]
  public static let advanceDirective = ["summary", "location"]
  public static let baseline = [
    "cognition", "mobility", "hearing", "vision", "communication", "other",
  ]
  public static let device = ["name", "details", "since"]
  public static let immunization = ["vaccine", "date"]
  public static let condition = ["name", "since", "notes", "codes"]
  public static let allergy = ["substance", "reaction", "severity", "kind", "codes"]
  public static let code = ["system", "code", "display"]
  public static let careTeamMember = ["name", "role", "phone", "organization"]
  public static let pharmacy = ["name", "phone", "address"]
  public static let medication = [
    "id", "name", "brand", "strength", "form", "route", "dose", "schedule", "times", "asNeeded",
    "asNeededReason", "maxPerDay", "minIntervalMinutes", "purpose", "prescriber", "instructions",
    "startDate", "status", "stoppedDate", "hold", "highAlert", "refillsRemaining", "rxNumber",
    "fills", "codes",
  ]
  public static let hold = ["since", "until", "reason"]
  public static let fill = ["fillDate", "daySupply", "quantity", "pharmacy"]
  public static let contact = ["name", "relation", "phone", "altPhone", "roles"]
}

/// Length limits in characters (user-perceived characters, Swift `Character`s: "é" written as
/// e + combining accent counts as one). Counting what a reader sees keeps the limit independent
/// of how the text happens to be normalized; `TextLimits` adds code-point and byte limits
/// derived from these. Also the most entries each list may hold.
public enum CareCircleLimits {
  public static let id = 64
  public static let fullName = 200
  public static let preferredName = 100
  public static let language = 35
  public static let address = 300
  public static let phone = 40
  public static let insurance = 200
  public static let codeStatus = 200
  public static let directive = 300
  public static let baseline = 300
  public static let deviceName = 120
  public static let deviceDetails = 300
  public static let alert = 200
  public static let conditionName = 200
  public static let conditionNotes = 300
  public static let substance = 120
  public static let reaction = 200
  public static let personName = 120
  public static let careTeamRole = 120
  public static let organization = 200
  public static let pharmacyName = 120
  public static let preferredHospital = 200
  public static let dependents = 300
  public static let patientNotes = 2000
  public static let medicationName = 120
  public static let brand = 120
  public static let shortText = 60
  public static let schedule = 200
  public static let asNeededReason = 120
  public static let purpose = 120
  public static let prescriber = 120
  public static let instructions = 300
  public static let rxNumber = 40
  public static let fillPharmacy = 120
  public static let relation = 60
  public static let weightKg = 500.0
  public static let heightCm = 300.0
  public static let refillsRemaining = 0...99
  public static let daySupply = 1...365
  /// A hold's reason ("dental extraction on Friday"), as a status change's `--reason`.
  public static let holdReason = 200
  /// The longest planned hold, `since` to `until`: a pause of more than a year is a stop, or
  /// a typing mistake in the year.
  public static let holdDays = 366
  /// The least time between two as-needed doses, in minutes: from 5 (nitroglycerin under the
  /// tongue) to three days.
  public static let minIntervalMinutes = 5...4320
  /// A fill's quantity (tablets, mL, units): a year's supply of the largest liquid or insulin
  /// dose stays well under it; 1e308 is a typing accident, not a fill.
  public static let quantity = 100_000.0

  // How many entries a list may hold: with every text at its limit, each document still lays
  // out in well under a second (docs/performance.md, "Worst accepted input").
  public static let devicesCount = 20
  public static let alertsCount = 20
  public static let conditionsCount = 50
  public static let allergiesCount = 50
  public static let medicationsCount = 100
  public static let fillsCount = 60
  public static let contactsCount = 20
  public static let careTeamCount = 20
  public static let immunizationsCount = 100
  public static let vaccine = 120
  public static let bloodType = 40
  /// A concept's codings (`codes`): a few systems each, as a Bundle carries them.
  public static let codesCount = 10
  public static let codeSystem = 200
  public static let code = 100
  public static let codeDisplay = 300
  /// All the text of one patient together, in UTF-8 bytes after trimming: room for a long
  /// medication history in any script, while the slowest document stays well under a second.
  public static let patientTextBytes = 32_000
}
