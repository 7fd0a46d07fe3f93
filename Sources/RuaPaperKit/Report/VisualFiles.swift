// SPDX-License-Identifier: Apache-2.0
import Glibc
public import RuaCore
import RuaFiles
public import RuaVisual

/// Files of the visual commands and snapshots: image folders, PNG pages and the JSON form of a
/// diff report, shared by `diff`, `rasterize` and `SnapshotRunner`.
public enum VisualFiles {
  /// Creates `path` (one level) unless it is already a folder.
  public static func makeDirectory(_ path: String, kind: PaperError.Kind) throws(PaperError) {
    do { try Files.makeFolder(path, mode: 0o755) } catch {
      switch error.code {
      case ENOTDIR, ELOOP:
        throw PaperError(
          "\(path) exists and is not a folder; give a folder for the images", kind: kind)
      case EPERM:
        throw PaperError(
          "\(path) is another user's folder; give a folder of your own for the images",
          kind: kind)
      default:
        throw PaperError(
          "cannot create the folder \(path): \(error.reason); "
            + "check that its parent exists and is writable", kind: kind)
      }
    }
  }

  /// Writes `bytes` to `path` whole or not at all (AtomicFile), mode 0600: a rendered page may
  /// show health data. Returns the problem, or nil when written.
  public static func writeFile(_ bytes: [UInt8], to path: String) -> String? {
    do throws(PaperError) {
      try OutputFile.write(bytes, to: path, replace: true)
      return nil
    } catch {
      return error.message
    }
  }

  /// Writes a report file (a JUnit file, summary.md) whole, or says why it cannot.
  public static func writeText(_ text: String, to path: String) throws(PaperError) {
    if let problem = writeFile(Array(text.utf8), to: path) {
      throw PaperError(problem, kind: .invalidData)
    }
  }

  /// `page-007.png`-style names, at least three digits.
  public static func pageName(_ page: Int, suffix: String) -> String {
    let digits = String(page)
    return "page-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + suffix
  }

  /// The JSON report (shape documented in docs/visual-regression.md).
  public static func json(
    _ report: DiffReport, nameA: String, nameB: String, images: [Int: [String: String]]
  ) -> JSON {
    let options = report.options
    var members: [(key: String, value: JSON)] = [
      ("result", .string(report.isSame ? "same" : "different")),
      ("identicalBytes", .bool(report.identicalBytes)),
      ("volatileFields", .int(report.volatileFields)),
      ("a", .object([("file", .string(nameA)), ("pages", .int(report.pageCountA))])),
      ("b", .object([("file", .string(nameB)), ("pages", .int(report.pageCountB))])),
      (
        "options",
        .object([
          ("dpi", .double(options.dpi)), ("tolerance", .int(options.tolerance)),
          ("maxDiffPixels", .int(options.maxDiffPixels)),
          ("thresholdRatio", .double(options.thresholdRatio)),
          ("maxShift", .double(options.maxShift)),
          ("masks", .array(options.masks.map { .string($0.description) })),
          ("maskText", .array(options.maskText.map { .string($0) })),
          ("maskVolatile", .bool(options.maskVolatile)),
          ("text", .bool(options.compareText)),
          ("structure", .bool(options.compareStructure)),
        ])
      ),
    ]
    if options.compareStructure {
      members.append(
        (
          "structure",
          .array(
            report.structureChanges.map {
              .object([("what", .string($0.what)), ("detail", .string($0.detail))])
            })
        ))
    }
    members.append(("pages", .array(report.pages.map { page(report, $0, images[$0.page]) })))
    return .object(members)
  }

  private static func page(_ report: DiffReport, _ page: PageDiff, _ images: [String: String]?)
    -> JSON
  {
    var members: [(key: String, value: JSON)] = [
      ("page", .int(page.page)),
      ("pageA", page.pageA.map { .int($0) } ?? .null),
      ("pageB", page.pageB.map { .int($0) } ?? .null),
      ("status", .string(page.isDifferent ? "different" : "same")),
      ("reasons", .array(page.reasons.map { .string($0.rawValue) })),
      ("sizeA", size(page.sizeA)), ("sizeB", size(page.sizeB)),
      ("differingPixels", .int(page.differingPixels)), ("maskedPixels", .int(page.maskedPixels)),
      ("allowedPixels", .int(page.allowedPixels)),
    ]
    if let points = page.changedPoints, let pixels = page.changedPixels {
      members.append(
        (
          "changedRegion",
          .object([
            ("points", rect(points.x, points.y, points.width, points.height)),
            (
              "pixels",
              rect(
                Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
            ),
          ])
        ))
    } else {
      members.append(("changedRegion", .null))
    }
    if report.options.compareText {
      members.append(
        (
          "text",
          .array(
            page.textChanges.map {
              .object([("change", .string($0.kind.rawValue)), ("line", .string($0.line))])
            })
        ))
    }
    members.append(("regions", .array(page.regions.map { region(page, $0) })))
    for key in ["diffImage", "sideBySide"] {
      if let path = images?[key] { members.append((key, .string(path))) }
    }
    return .object(members)
  }

  /// A region with a ready-to-paste `--mask PAGE:x,y,w,h`.
  private static func region(_ page: PageDiff, _ region: ChangeRegion) -> JSON {
    let p = region.pixels
    var members: [(key: String, value: JSON)] = [
      ("kind", .string(region.kind.rawValue)),
      ("counts", .bool(region.counts)),
      ("points", rect(region.points.x, region.points.y, region.points.width, region.points.height)),
      ("pixels", rect(Double(p.x), Double(p.y), Double(p.width), Double(p.height))),
      ("pixelCount", .int(region.pixelCount)),
      ("mask", .string("--mask \(region.mask(page: page.page))")),
    ]
    if region.kind == .moved {
      members.append(
        ("shift", .object([("x", .double(region.shiftX)), ("y", .double(region.shiftY))])))
      if region.wholePage { members.append(("wholePage", .bool(true))) }
    }
    if let colourA = region.colourA, let colourB = region.colourB {
      members.append(("colourA", .string(colourA)))
      members.append(("colourB", .string(colourB)))
    }
    if let textA = region.textA, let textB = region.textB {
      members.append(("textA", .string(textA)))
      members.append(("textB", .string(textB)))
    }
    if let summary = region.textSummary { members.append(("summary", .string(summary))) }
    return .object(members)
  }

  private static func size(_ size: PageSize?) -> JSON {
    guard let size else { return .null }
    return .object([("width", .double(size.width)), ("height", .double(size.height))])
  }

  private static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> JSON {
    .object([
      ("x", .double(x)), ("y", .double(y)), ("width", .double(width)), ("height", .double(height)),
    ])
  }
}
