// SPDX-License-Identifier: Apache-2.0
package import RuaCore
package import RuaVisual

/// One document of a snapshot run and its verdict.
package struct SnapshotEntry {
  package let name: SnapshotName
  /// "ok", "recorded", "FAILED" or "missing".
  package let status: String
  package let detail: String?
  /// The comparison, for a document that differed.
  package let report: DiffReport?
}

/// One document's verdict for a CI report: nil `failure` when it passed or was recorded.
public struct SnapshotVerdict: Equatable, Sendable {
  public let document: String
  public let failure: String?
}

/// `snapshot check --format json`: every document with its verdict and regions.
package enum SnapshotJSON {
  package static func json(
    _ entries: [SnapshotEntry], golden: String, orphans: [String], fontsProblem: String?,
    passed: Bool
  ) -> JSON {
    .object([
      ("result", .string(passed ? "pass" : "fail")),
      ("golden", .string(golden)),
      ("fontsConf", fontsProblem.map { .string($0) } ?? .null),
      ("orphans", .array(orphans.map { .string($0) })),
      (
        "documents",
        .array(
          entries.map { entry in
            var members: [(key: String, value: JSON)] = [
              ("document", .string(entry.name.shown)),
              ("verdict", .string(entry.status.lowercased())),
              ("detail", entry.detail.map { .string($0) } ?? .null),
            ]
            if let report = entry.report {
              members.append(
                (
                  "comparison",
                  VisualFiles.json(report, nameA: "golden", nameB: "new", images: [:])
                ))
            }
            return .object(members)
          })
      ),
    ])
  }
}
