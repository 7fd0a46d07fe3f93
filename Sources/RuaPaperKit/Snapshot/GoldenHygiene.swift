// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaDocuments
import RuaFiles
import RuaVisual

/// Golden files no document produces any more (a removed patient or document, a page a
/// shorter version no longer has), and the fonts.conf the goldens were made with.
enum GoldenHygiene {
  /// Paths (relative to `root`) in the plan's `<lang>-<paper>` folders that belong to no
  /// produced document. `produced` maps `SnapshotName.shown` to its page count. Files of
  /// documents left out with --docs are not orphans.
  static func orphans(root: String, plan: SnapshotPlan, produced: [String: Int]) -> [String] {
    var found: [String] = []
    let otherKinds = DocumentKind.allCases.filter { !plan.kinds.contains($0) }.map(\.documentName)
    for language in plan.languages {
      for paper in plan.papers {
        let folder = "\(language)-\(paper.rawValue)"
        for file in list(root + "/" + folder) {
          guard let (base, page) = parse(file) else {
            found.append(folder + "/" + file)
            continue
          }
          if otherKinds.contains(where: { base.hasSuffix("-" + $0) }) { continue }
          guard let pages = produced[folder + "/" + base] else {
            found.append(folder + "/" + file)
            continue
          }
          if let page, page > pages { found.append(folder + "/" + file) }
        }
      }
    }
    return found.sorted()
  }

  /// `base.pdf` → (base, nil); `base-p3.png` → (base, 3); anything else nil.
  static func parse(_ file: String) -> (String, Int?)? {
    if file.hasSuffix(".pdf") { return (String(file.dropLast(4)), nil) }
    guard file.hasSuffix(".png"), let dash = file.lastIndex(of: "-") else { return nil }
    let stem = file.dropLast(4)
    let marker = stem[dash...]
    guard marker.hasPrefix("-p"), let page = Int(marker.dropFirst(2)), page >= 1 else {
      return nil
    }
    return (String(stem[..<dash]), page)
  }

  /// The names in `path` that are not folders, sorted (none when it cannot be read, or when
  /// `path` is a link: its files are not the goldens').
  static func list(_ path: String) -> [String] {
    guard (try? Files.status(path))?.kind == .directory else { return [] }
    return ((try? Files.listFolder(path)) ?? []).filter { $0.kind != .directory }.map(\.name)
  }
}
