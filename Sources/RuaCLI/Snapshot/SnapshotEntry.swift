import RuaCore
import RuaVisual

/// One document of a snapshot run and its verdict.
struct SnapshotEntry {
  let name: SnapshotName
  /// "ok", "recorded", "FAILED" or "missing".
  let status: String
  let detail: String?
  /// The comparison, for a document that differed.
  let report: DiffReport?
}

/// `snapshot check --format json`: every document with its verdict and regions.
enum SnapshotJSON {
  static func json(
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
                  VisualSupport.json(report, nameA: "golden", nameB: "new", images: [:])
                ))
            }
            return .object(members)
          })
      ),
    ])
  }
}
