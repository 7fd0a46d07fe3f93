// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaVisual

/// `rua-paper snapshot record|check|prune|accept`: golden snapshots of the documents, for test
/// suites.
struct SnapshotCommand: Command {
  let name = "snapshot"
  let summary = "record or check golden PDFs and page images of the documents (visual tests)"
  let usage =
    "snapshot record|check|prune|accept --golden DIR (--sample | --sample-file FILE | --store [--db PATH]) "
    + "[--docs er,meds,falls] [--lang en,es] [--paper letter,a4] "
    + "[--record all|missing|failed|never] [--artifacts DIR] [--dpi N] [--tolerance T] "
    + "[--max-diff-pixels P] [--threshold-ratio R] [--max-shift Npt] [--mask PAGE:x,y,w,h]... "
    + "[--mask-text REGEX]... [--compare-volatile] [--no-structure] [--format text|json] [--junit FILE] "
    + "[--report DIR] [--now TIME] "
    + "[--templates DIR]"
  let details = """
    Renders each chosen document for every patient, in every --lang and on every --paper, at a
    fixed --now (default 2026-11-01T09:00:00Z; --today defaults to its date), so goldens never
    depend on the clock. Patients come from --sample, the bundled fictional
    samples/care-circle.json (decoded in memory, no store needed), from --sample-file FILE, or,
    only when --store is given, from the encrypted store (--db/--key-file or their defaults).
    Golden files: DIR/<lang>-<paper>/<patient-id>-<document>.pdf and -p<N>.png per page at
    --dpi (default 50, or the dpi in DIR/snapshot.json), plus DIR/snapshot.json.
    Record modes: all rewrites every golden (default of 'record'); missing writes only absent
    goldens and checks the rest; failed rewrites the goldens that fail; never only checks and
    counts a missing golden as a failure (default of 'check'). --record, else
    $RUA_SNAPSHOT_RECORD, sets the mode.
    A check passes on identical PDF bytes; otherwise the golden PDF and the new one are both
    rendered with poppler in this process and compared page by page with the options of
    'diff' (regions, --max-shift, --threshold-ratio, masks; the printed time and log anchor are
    masked by their marks unless --compare-volatile), and their structure (tags, /Lang,
    metadata, fonts, boxes, outlines, links) unless --no-structure; the golden PNGs are for
    people to review. A check also fails on orphan goldens (files in the checked folders no
    document produces) and on goldens recorded with another fonts.conf, naming them.
    'prune' removes the orphans; 'accept' makes the documents that failed the last check (as
    listed in ARTIFACTS/last-check.json) the new goldens, copied from the artifacts folder
    without re-rendering. --format json prints every document with its verdict and regions;
    --report DIR writes an HTML page per failing document and summary.md; --junit FILE
    writes JUnit XML with one test case per document (and one failing case per orphan or a
    fonts.conf mismatch), for a CI system's test view. For a
    failing document the new PDF, its page images, -pN-diff.png and -pN-side-by-side.png
    (golden | new | diff) go to --artifacts DIR (default .build/snapshot-artifacts in a checkout,
    else $XDG_CACHE_HOME or ~/.cache, then rua-paper/snapshot-artifacts, made 0700), with their
    SHA-256 in last-check.json: 'accept' copies only those bytes. The golden and artifacts
    folders must be real folders of yours that others cannot write; no link in them is
    followed. Goldens made from the store hold patient data in plain files; each such PDF
    is recorded in the access log. See docs/visual-regression.md.
    Exit codes: 0 all pass, 1 differences or missing goldens, 2 error (bad arguments included).
    """
  let options = SnapshotPlan.specs
  let usageErrorCode = ExitCode.diffError
  let errorExitCode: ExitCode? = .diffError

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let verbs = ["record", "check", "prune", "accept"]
    guard arguments.positionals.count == 1, let verb = arguments.positionals.first,
      verbs.contains(verb)
    else {
      throw PaperError(
        "snapshot takes record, check, prune or accept, such as: rua-paper snapshot check "
          + "--sample --golden tests/golden", kind: .invalidRequest)
    }
    let plan = try SnapshotPlan.read(verb: verb, arguments, context)
    let output = { (text: String) in context.write(text) }
    if verb == "accept" {
      return try SnapshotAccept.accept(plan, output: output) ? .success : .diffError
    }
    VisualSupport.keepLargeBuffers()
    let patients = try SnapshotPatients.load(plan) { () throws(PaperError) in
      try StoreOptions.session(arguments, context, closingAbandoned: true)
    }
    if verb == "prune" {
      return try SnapshotAccept.prune(plan, patients: patients, output: output)
        ? .success : .diffError
    }
    var verdicts: [SnapshotVerdict] = []
    let passed = try SnapshotRunner(
      plan: plan, patients: patients, output: output, verdicts: { verdicts = $0 }
    ).run()
    if let junit = arguments.value(.snapshotJUnit) {
      // One test case per document (and per orphan), as `diff --junit` has one per page.
      let cases = verdicts.map {
        JUnitReport.Case(
          className: "rua-paper snapshot \(verb) \(plan.goldenShown)", name: $0.document,
          failure: $0.failure)
      }
      try VisualFiles.writeText(
        JUnitReport.xml(suite: "rua-paper snapshot", cases: cases), to: context.absolute(junit))
    }
    return passed ? .success : .failure
  }
}
