import CLinux
import Glibc
import RuaCore
import RuaVisual

/// Helpers shared by `rasterize`, `diff` (and later `snapshot`): option values, output files and
/// the JSON form of a diff report.
enum VisualSupport {
  /// Keeps freed page-sized buffers in the heap instead of returning them to the kernel.
  ///
  /// A page at 300 dpi is a 35 MB image, above glibc's automatic mmap threshold (at most
  /// 32 MB), so every render and poppler's transparency group was a fresh mmap and its page
  /// faults took most of a 50-page diff (2.5 s → 0.5 s at 300 dpi with this, measured).
  /// Process-wide, so only the visual commands call it. Returns whether glibc accepted it.
  @discardableResult
  static func keepLargeBuffers() -> Bool {
    let mmap = mallopt(M_MMAP_THRESHOLD, 256 << 20)
    let trim = mallopt(M_TRIM_THRESHOLD, 512 << 20)
    return mmap == 1 && trim == 1
  }

  /// Parses `--dpi`: a number from 1 to 1200.
  static func dpi(_ text: String?, code: ExitCode) throws(CLIError) -> Double {
    guard let text else { return DiffOptions.defaultDPI }
    guard let value = Double(text), value.isFinite, value >= 1, value <= 1200 else {
      throw CLIError("--dpi must be a number from 1 to 1200, not '\(text)'", code: code)
    }
    return value
  }

  /// Parses a whole-number option within `range`.
  static func integer(_ text: String?, option: String, range: ClosedRange<Int>, code: ExitCode)
    throws(CLIError) -> Int?
  {
    guard let text else { return nil }
    guard let value = Int(text), range.contains(value) else {
      let upper = range.upperBound == Int.max ? "or more" : "to \(range.upperBound)"
      throw CLIError(
        "--\(option) must be a whole number from \(range.lowerBound) \(upper), not '\(text)'",
        code: code)
    }
    return value
  }

  /// Refuses a page too large for an image at `dpi`.
  static func checkPixelSize(_ size: PageSize, dpi: Double, file: String, page: Int, code: ExitCode)
    throws(CLIError)
  {
    let pixels = PixelGrid(dpi: dpi).pixelSize(of: size)
    guard pixels.width <= 32767, pixels.height <= 32767 else {
      throw CLIError(
        "page \(page) of \(file) would be \(pixels.width) × \(pixels.height) pixels at "
          + "\(dpi == dpi.rounded() ? String(Int(dpi)) : String(dpi)) dpi, more than the 32767 cairo allows per side; use a lower --dpi",
        code: code)
    }
  }

  /// Creates `path` (one level) unless it is already a folder.
  static func makeDirectory(_ path: String, code: ExitCode) throws(CLIError) {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw CLIError(
          "\(path) exists and is not a folder; give a folder for the images", code: code)
      }
      return
    }
    guard mkdir(path, 0o755) == 0 else {
      throw CLIError(
        "cannot create the folder \(path): \(String(cString: strerror(errno))); "
          + "check that its parent exists and is writable", code: code)
    }
  }

  /// `--tolerance`, `--max-diff-pixels` and `--mask` as diff options at `dpi`; a bad value is
  /// refused with `code`.
  static func diffOptions(_ arguments: ParsedArguments, dpi: Double, code: ExitCode)
    throws(CLIError) -> DiffOptions
  {
    var options = DiffOptions(dpi: dpi)
    options.tolerance =
      try integer(arguments.value("tolerance"), option: "tolerance", range: 0...255, code: code)
      ?? 0
    options.maxDiffPixels =
      try integer(
        arguments.value("max-diff-pixels"), option: "max-diff-pixels", range: 0...Int.max,
        code: code) ?? 0
    for text in arguments.all("mask") {
      do { options.masks.append(try Mask(parsing: text)) } catch {
        throw CLIError(error.message, code: code)
      }
    }
    if let text = arguments.value("threshold-ratio") {
      guard let ratio = Double(text), ratio.isFinite, (0...1).contains(ratio) else {
        throw CLIError(
          "--threshold-ratio must be a share of the page from 0 to 1 (0.001 is 0.1 %), not '\(text)'",
          code: code)
      }
      options.thresholdRatio = ratio
    }
    if let text = arguments.value("max-shift") {
      let number = text.hasSuffix("pt") ? String(text.dropLast(2)) : text
      guard let points = Double(number), points.isFinite, (0...72).contains(points) else {
        throw CLIError(
          "--max-shift must be a distance in points from 0 to 72 such as 1pt, not '\(text)'",
          code: code)
      }
      options.maxShift = points
    }
    options.maskText = arguments.all("mask-text")
    options.maskVolatile = !arguments.flag("compare-volatile")
    return options
  }

  /// The options every comparing command shares (`diff`, `snapshot`).
  static let comparisonSpecs: [OptionSpec] = [
    OptionSpec(
      "tolerance", .value, value: "T", help: "per-channel difference ignored, 0-255 (default 0)"),
    OptionSpec(
      "max-diff-pixels", .value, value: "P", help: "differing pixels allowed per page (default 0)"),
    OptionSpec(
      "threshold-ratio", .value, value: "R",
      help: "differing pixels allowed as a share of the page, 0-1 (the larger allowance wins)"),
    OptionSpec(
      "max-shift", .value, value: "Npt",
      help: "content moved by at most N points passes (reported as moved)"),
    OptionSpec(
      "mask", .repeated, value: "PAGE:x,y,w,h", help: "ignore a rectangle (points; page or *)"),
    OptionSpec(
      "mask-text", .repeated, value: "REGEX", help: "ignore the words matching REGEX (any page)"),
    OptionSpec(
      "compare-volatile",
      help: "also compare the per-print values the PDFs mark (printed time, log anchor)"),
  ]

  /// Writes `bytes` to `path` whole or not at all (AtomicFile), mode 0600: a rendered page may
  /// show health data. Returns the problem, or nil when written.
  static func writeFile(_ bytes: [UInt8], to path: String) -> String? {
    do throws(CLIError) {
      try OutputFile.write(bytes, to: path, replace: true)
      return nil
    } catch {
      return error.message
    }
  }

  /// `page-007.png`-style names, at least three digits.
  static func pageName(_ page: Int, suffix: String) -> String {
    let digits = String(page)
    return "page-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + suffix
  }

  /// The JSON report (shape documented in docs/visual-regression.md).
  static func json(
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
