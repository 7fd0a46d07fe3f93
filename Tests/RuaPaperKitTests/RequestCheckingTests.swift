// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaTestSupport
import RuaVisual
import Testing

/// What the library checks of a batch and a snapshot before anything runs (the command line
/// only maps its options onto `BatchRequest.Asked` and `SnapshotRequest`): typed requests out,
/// `.invalidRequest` naming the option at fault, and nothing else read when refused.
@Suite struct RequestCheckingTests {
  let host = HostEnvironment(
    environment: [:], now: Instant(secondsSinceEpoch: 0),
    today: Instant(secondsSinceEpoch: 0).utcDate, workingDirectory: "/work/here")

  func batch(_ asked: BatchRequest.Asked, settingsRead: (() -> Void)? = nil) throws(PaperError)
    -> BatchRequest
  {
    let host = self.host
    return try BatchRequest(checking: asked, workers: 3, host: host, anchorsFooter: true) {
      () throws(PaperError) in
      settingsRead?()
      return (
        PrintSettings(),
        DocumentSettings(
          paper: .a4, explicitLanguage: nil, now: host.now, today: host.today,
          templates: try TemplatesLocation.resolve(PackageRoot.templates, host))
      )
    }
  }

  func refusal(_ body: () throws(PaperError) -> Void) -> PaperError? {
    do throws(PaperError) {
      try body()
      return nil
    } catch { return error }
  }

  @Test func aBatchIsCheckedIntoATypedRequest() throws {
    var asked = BatchRequest.Asked()
    asked.all = true
    asked.docs = "meds,fhir-ips,card"
    asked.folder = "out//"
    asked.shard = "2/4"
    let request = try batch(asked)
    #expect(request.kinds == [.meds, .card])
    #expect(request.summaries)
    #expect(request.folder == "/work/here/out")
    #expect(request.binder == nil && request.printer == nil)
    #expect(request.shard?.index == 2 && request.shard?.count == 4)
    #expect(request.workers == 3 && request.anchorsFooter)
    #expect(request.settings.paper == .a4)

    asked.docs = nil
    asked.binder = "b.pdf"
    #expect(try batch(asked).kinds == DocumentKind.standard)
    #expect(try batch(asked).binder == "/work/here/b.pdf")
  }

  @Test(arguments: [
    ("both", "name patients or pass --all, not both"),
    ("neither", "batch needs PATIENT… (ids or name starts) or --all"),
    ("nowhere", "say where the documents go: --out DIR, --binder FILE.pdf or --print [PRINTER]"),
    ("ips to printer", "so drop --print or fhir-ips"),
    ("ips without out", "--docs fhir-ips needs --out DIR"),
    ("resume and force", "--resume keeps matching files and --force replaces them: choose one"),
    ("bad shard", "--shard takes K/N with 1 ≤ K ≤ N, such as --shard 2/4, not '5/4'"),
    (
      "bad docs",
      "--docs takes er, meds, falls, card, mar and fhir-ips separated by commas, not 'x'"
    ),
  ])
  func aBatchThatDoesNotHoldTogetherIsRefusedBeforeItsSettingsAreRead(
    case name: String, message: String
  ) {
    var asked = BatchRequest.Asked()
    asked.all = true
    asked.folder = "out"
    switch name {
    case "both": asked.queries = ["p-ana"]
    case "neither": asked.all = false
    case "nowhere": asked.folder = nil
    case "ips to printer": (asked.docs, asked.printer) = ("fhir-ips", .some(nil))
    case "ips without out": (asked.docs, asked.folder) = ("er,fhir-ips", nil)
    case "resume and force": (asked.resume, asked.force) = (true, true)
    case "bad shard": asked.shard = "5/4"
    default: asked.docs = "er,x"
    }
    var read = false
    let error = refusal { () throws(PaperError) in _ = try batch(asked) { read = true } }
    #expect(error?.kind == .invalidRequest, "\(name)")
    #expect(error?.message.contains(message) == true, "\(name): \(error?.message ?? "accepted")")
    #expect(!read, "\(name): the settings were read for a refused batch")
  }

  func snapshot(_ edit: (inout SnapshotRequest) -> Void) throws(PaperError) -> SnapshotPlan {
    var request = SnapshotRequest(verb: "check")
    request.golden = "golden"
    request.sample = true
    request.templates = PackageRoot.templates
    request.artifacts = "artifacts"
    edit(&request)
    return try SnapshotPlan(checking: request, host: host)
  }

  @Test func aSnapshotIsCheckedIntoAPlan() throws {
    let plan = try snapshot {
      $0.docs = "card"
      $0.languages = "en,ar+en"
      $0.papers = "letter,card"
      $0.today = "2026-12-01"
      $0.comparison.maxShift = "1.5pt"
      $0.comparison.thresholdRatio = "0.001"
      $0.dpi = (72, "72")
    }
    #expect(plan.mode == .never)
    #expect(plan.golden == "/work/here/golden" && plan.goldenShown == "golden")
    #expect(plan.artifacts == "/work/here/artifacts")
    #expect(plan.kinds == [.card] && plan.languages == ["en", "ar+en"])
    #expect(plan.papers == [.letter, .card])
    #expect(plan.now == Instant(rfc3339: SnapshotPlan.defaultNow))
    #expect(plan.today.iso == "2026-12-01")
    #expect(plan.diff.dpi == 72 && plan.diff.maxShift == 1.5 && plan.diff.thresholdRatio == 0.001)
    #expect(plan.diff.compareStructure && plan.diff.maskVolatile)
    guard case .sample(let path) = plan.source else {
      Issue.record("not the sample: \(plan.source)")
      return
    }
    #expect(path.hasSuffix("/../samples/care-circle.json"))
    #expect(try snapshot { $0.verb = "record" }.mode == .all)
    #expect(try snapshot { $0.record = "failed" }.mode == .failed)
  }

  /// `snapshot --help` names these defaults from the plan's own constants: a plan asked for
  /// nothing covers exactly them.
  @Test func aSnapshotAskedForNothingCoversTheDefaultsItsHelpNames() throws {
    let plan = try snapshot { _ in }
    #expect(plan.kinds == [.er, .meds, .falls] && SnapshotPlan.defaultDocs == "er,meds,falls")
    #expect(plan.languages == ["en"] && SnapshotPlan.defaultLanguages == "en")
    #expect(plan.papers == [.letter] && SnapshotPlan.defaultPapers == "letter")
    #expect(plan.diff.dpi == SnapshotPlan.defaultDPI)
  }

  @Test(arguments: [
    ("no golden", "snapshot check needs --golden DIR"),
    (
      "two sources",
      "give one source: --sample, --sample-file FILE or --store, not --sample and --store"
    ),
    ("store named", "--db and --key-file are read only with --store"),
    ("card paper", "--paper card is for the wallet card alone (--docs card)"),
    ("language twice", "--lang lists 'es' twice"),
    ("bad now", "--now must be an RFC 3339 time such as 2026-11-01T09:00:00Z, not 'noon'"),
    ("bad record", "--record takes all, missing, failed, never, not 'some'"),
    ("bad shift", "--max-shift must be a distance in points from 0 to 72 such as 1pt, not '80pt'"),
  ])
  func aSnapshotThatCannotRunIsRefusedNamingItsOption(case name: String, message: String) {
    let error = refusal { () throws(PaperError) in
      _ = try snapshot {
        switch name {
        case "no golden": $0.golden = nil
        case "two sources": $0.store = true
        case "store named": $0.namesStore = true
        case "card paper": $0.papers = "card"
        case "language twice": $0.languages = "es,en,es"
        case "bad now": $0.now = "noon"
        case "bad record": $0.record = "some"
        default: $0.comparison.maxShift = "80pt"
        }
      }
    }
    #expect(error?.kind == .invalidRequest, "\(name)")
    #expect(error?.message.contains(message) == true, "\(name): \(error?.message ?? "accepted")")
  }

  @Test func anExportIsTheCircleOrOnePersonsSummary() throws {
    guard case .circle = try ExportFormat.What(format: nil, patients: []) else {
      Issue.record("not the circle")
      return
    }
    guard
      case .patientSummary(let who) = try ExportFormat.What(
        format: "fhir-ips", patients: ["Agnes"])
    else {
      Issue.record("not a summary")
      return
    }
    #expect(who == "Agnes")
    let refusals: [(String?, [String], String)] = [
      ("csv", [], "--format takes care-circle or fhir-ips, not 'csv'"),
      (nil, ["Agnes"], "export takes no arguments; use -o FILE"),
      ("fhir-ips", [], "export --format fhir-ips needs exactly one PATIENT"),
    ]
    for (format, patients, message) in refusals {
      let error = refusal { () throws(PaperError) in
        _ = try ExportFormat.What(format: format, patients: patients)
      }
      #expect(error?.kind == .invalidRequest && error?.message.contains(message) == true)
    }
  }

  @Test func aDocumentGoesToAFileOrToStandardOutputButNotToATerminal() throws {
    guard
      case .file(let path, true) = try Destination.document(
        "er.pdf", replace: true, terminal: true, host: host)
    else {
      Issue.record("not the file")
      return
    }
    #expect(path == "/work/here/er.pdf")
    guard
      case .standardOutput = try Destination.document(
        "-", replace: false, terminal: false, host: host)
    else {
      Issue.record("not standard output")
      return
    }
    for (output, terminal, message) in [
      ("-", true, "refusing to write a PDF to the terminal"),
      ("out/", false, "-o needs a file name"),
    ] {
      let error = refusal { () throws(PaperError) in
        _ = try Destination.document(output, replace: false, terminal: terminal, host: host)
      }
      #expect(error?.message.contains(message) == true, "\(output)")
    }
  }

  @Test func aDiffNamesTwoFilesAtMostOneFromStandardInput() throws {
    let piped = try DiffRequest(files: ["-", "b.pdf"], images: "out", sideBySide: true)
    #expect(piped.fileA == "-" && piped.fileB == "b.pdf" && piped.images == "out")
    #expect(piped.names.a == "standard input" && piped.names.b == "b.pdf")
    let refusals: [([String], Bool, String)] = [
      (["a.pdf"], false, "diff takes two PDF files, got 1"),
      (["a.pdf", "b.pdf", "c.pdf"], false, "diff takes two PDF files, got 3"),
      (["-", "-"], false, "only one of the two PDFs can come from standard input (-)"),
      (["a.pdf", "b.pdf"], true, "--side-by-side writes into the --out folder; give --out DIR"),
    ]
    for (files, sideBySide, message) in refusals {
      let error = refusal { () throws(PaperError) in
        _ = try DiffRequest(files: files, images: nil, sideBySide: sideBySide)
      }
      #expect(error?.kind == .invalidRequest, "\(files)")
      #expect(error?.message.contains(message) == true, "\(error?.message ?? "accepted")")
    }
  }
}
