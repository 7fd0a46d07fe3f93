// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

private typealias R = Refusal
private let long = CareCircleFixture.long
private let med = "patients[0].medications[0]"

/// Every rule of the medication and fill tables.
private let medicationRefusals: [Refusal] = [
  R("patients.0.medications.0.id", nil, "\(med).id", "is required"),
  R("patients.0.medications.0.id", .string("m#1"), "\(med).id", "may hold only"),
  R("patients.0.medications.0.id", long(65), "\(med).id", "at most 64"),
  R("patients.0.medications.0.name", nil, "\(med).name", "is required"),
  R("patients.0.medications.0.name", .string(" \n "), "\(med).name", "must not be empty"),
  R("patients.0.medications.0.name", long(121), "\(med).name", "at most 120"),
  R("patients.0.medications.0.brand", long(121), "\(med).brand", "at most 120"),
  R("patients.0.medications.0.strength", long(61), "\(med).strength", "at most 60"),
  R("patients.0.medications.0.form", long(61), "\(med).form", "at most 60"),
  R("patients.0.medications.0.route", long(61), "\(med).route", "at most 60"),
  R("patients.0.medications.0.dose", long(61), "\(med).dose", "at most 60"),
  R("patients.0.medications.0.schedule", long(201), "\(med).schedule", "at most 200"),
  R(
    "patients.0.medications.0.times.1", .string("night"), "\(med).times[1]",
    "one of: morning, noon, evening, bedtime"),
  R("patients.0.medications.0.times.1", .string("morning"), "\(med).times[1]", "repeats"),
  R("patients.0.medications.0.times.1", .string(""), "\(med).times[1]", "one of"),
  R("patients.0.medications.0.times", .string("morning"), "\(med).times", "be an array"),
  R("patients.0.medications.0.asNeeded", .string("no"), "\(med).asNeeded", "true or false"),
  R("patients.0.medications.0.asNeededReason", long(121), "\(med).asNeededReason", "120"),
  R("patients.0.medications.0.maxPerDay", long(61), "\(med).maxPerDay", "at most 60"),
  R("patients.0.medications.0.purpose", long(121), "\(med).purpose", "at most 120"),
  R("patients.0.medications.0.prescriber", long(121), "\(med).prescriber", "at most 120"),
  R("patients.0.medications.0.instructions", long(301), "\(med).instructions", "at most 300"),
  R("patients.0.medications.0.startDate", .string("2026-02-29"), "\(med).startDate", "YYYY"),
  R(
    "patients.0.medications.0.status", .string("paused"), "\(med).status",
    "one of: active, on-hold, stopped"),
  R("patients.0.medications.0.stoppedDate", .string("2026-10-01"), "\(med).stoppedDate", "only"),
  R("patients.0.medications.0.highAlert", .int(1), "\(med).highAlert", "true or false"),
  R("patients.0.medications.0.refillsRemaining", .int(100), "\(med).refillsRemaining", "0 to 99"),
  R("patients.0.medications.0.refillsRemaining", .int(-1), "\(med).refillsRemaining", "0 to 99"),
  R("patients.0.medications.0.refillsRemaining", .number("2.5"), "\(med).refillsRemaining", "99"),
  R("patients.0.medications.0.refillsRemaining", .string("3"), "\(med).refillsRemaining", "not a"),
  R("patients.0.medications.0.rxNumber", long(41), "\(med).rxNumber", "at most 40"),
  R("patients.0.medications.0.fills", .object([]), "\(med).fills", "must be an array"),
  R("patients.0.medications.0.dosage", .string("x"), "\(med).dosage", "not a field"),
  R("patients.0.medications.0.fills.0.fillDate", nil, "\(med).fills[0].fillDate", "is required"),
  R(
    "patients.0.medications.0.fills.0.fillDate", .string("2026-11-02"), "\(med).fills[0].fillDate",
    "must not be after today (2026-11-01)"),
  R(
    "patients.0.medications.0.fills.0.fillDate", .string("2026-09-31"), "\(med).fills[0].fillDate",
    "calendar date"),
  R("patients.0.medications.0.fills.0.daySupply", nil, "\(med).fills[0].daySupply", "is required"),
  R(
    "patients.0.medications.0.fills.0.daySupply", .int(0), "\(med).fills[0].daySupply",
    "must be a whole number from 1 to 365"),
  R("patients.0.medications.0.fills.0.daySupply", .int(366), "\(med).fills[0].daySupply", "365"),
  R(
    "patients.0.medications.0.fills.0.daySupply", .number("30.0"), "\(med).fills[0].daySupply",
    "whole number"),
  R("patients.0.medications.0.fills.0.daySupply", .number("3e1"), "\(med).fills[0].daySupply", "1"),
  R(
    "patients.0.medications.0.fills.0.daySupply", .string("30"), "\(med).fills[0].daySupply",
    "not a string"),
  R("patients.0.medications.0.fills.0.quantity", .int(0), "\(med).fills[0].quantity", "than 0"),
  R("patients.0.medications.0.fills.0.quantity", .number("-2"), "\(med).fills[0].quantity", "0"),
  R("patients.0.medications.0.fills.0.quantity", .string("30"), "\(med).fills[0].quantity", "not"),
  R("patients.0.medications.0.fills.0.pharmacy", long(121), "\(med).fills[0].pharmacy", "120"),
  R("patients.0.medications.0.fills.0.refill", .bool(true), "\(med).fills[0].refill", "not a"),
  R("patients.0.medications.0.fills.0", .int(3), "\(med).fills[0]", "must be an object"),
]

@Suite struct CareCircleMedicationRefusalTests {
  @Test(arguments: medicationRefusals)
  func oneBrokenRuleRefusesTheFile(_ refusal: Refusal) throws {
    try refusal.check()
  }
}
