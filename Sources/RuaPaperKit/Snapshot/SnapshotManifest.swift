// SPDX-License-Identifier: Apache-2.0
package import RuaCore
import RuaVisual

/// `DIR/snapshot.json`: how the goldens were made, so a check renders them the same way.
///
/// Written by every run that records something; holds no clock time, so recording twice gives
/// the same file.
package enum SnapshotManifest {
  package static let file = "snapshot.json"
  package static let rounding = "ceil(points × dpi / 72 - 1e-6) pixels per page edge"

  package static func json(_ plan: SnapshotPlan, fontsConfSHA256: String) -> JSON {
    .object([
      ("format", .string("rua-paper-snapshots")),
      ("version", .int(1)),
      ("tool", .string(ToolVersion.full)),
      ("now", .string(plan.now.rfc3339)),
      ("today", .string(plan.today.iso)),
      ("dpi", .double(plan.diff.dpi)),
      ("pixelRounding", .string(rounding)),
      ("renderer", .string("poppler-glib render_for_printing on white, ARGB32 PNG")),
      ("fontsConfSHA256", .string(fontsConfSHA256)),
      ("layout", .string("<lang>-<paper>/<patient-id>-<document>.pdf and -p<N>.png per page")),
    ])
  }

  /// The dpi recorded in `golden`/snapshot.json, or nil when there is none to read.
  package static func recordedDPI(in golden: String) -> Double? {
    recorded("dpi", in: golden)?.doubleValue
  }

  /// The SHA-256 of the fonts.conf the goldens were made with, or nil when none is recorded.
  package static func recordedFontsHash(in golden: String) -> String? {
    recorded("fontsConfSHA256", in: golden)?.stringValue
  }

  private static func recorded(_ key: String, in golden: String) -> JSON? {
    guard let bytes = try? SnapshotFolders.read(golden + "/" + file),
      let json = try? JSONParser.parse(bytes), case .object(let members) = json
    else { return nil }
    return members.first(where: { $0.key == key })?.value
  }

  /// `50` rather than `50.0`.
  package static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
