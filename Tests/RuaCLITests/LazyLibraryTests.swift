// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

#if arch(x86_64)  // elsewhere the libraries are linked as usual (Package.swift)
  /// poppler-glib, libcups and libqpdf are loaded on first use (CLazyLibraries, issue 32 item
  /// 3): a document command never maps them; the commands that read PDFs or print load them.
  @Suite struct LazyLibraryTests {
    /// The libraries the dynamic loader opened for `arguments` (`LD_DEBUG=files`), and the run.
    static func loaded(_ arguments: [String]) throws -> (
      status: Int32, stdout: String, libraries: Set<String>
    ) {
      var environment = ProcessInfo.processInfo.environment
      environment["LD_DEBUG"] = "files"
      let (status, stdout, stderr) = try ProcessRunTests.run(
        try #require(ProcessRunTests.executable), arguments, environment: environment)
      // "     12345:\tfile=libcups.so.2 [0];  needed by …" or "… dynamically loaded by …"
      let names = stderr.split(separator: "\n").compactMap { line -> String? in
        guard let start = line.range(of: "file=") else { return nil }
        return String(line[start.upperBound...].prefix { $0 != " " && $0 != "\t" })
      }
      return (status, stdout, Set(names))
    }

    static func mapsPoppler(_ libraries: Set<String>) -> Bool {
      libraries.contains { $0.hasPrefix("libpoppler") }
    }

    static func mapsCUPS(_ libraries: Set<String>) -> Bool {
      libraries.contains { $0.hasPrefix("libcups") }
    }

    static func mapsQPDF(_ libraries: Set<String>) -> Bool {
      libraries.contains { $0.hasPrefix("libqpdf") }
    }

    @Test(.enabled(if: ProcessRunTests.executable != nil, "the rua-paper binary is not built"))
    func anERSheetMapsNeitherPopplerNorCUPS() throws {
      let box = CLISandbox()
      box.write("circle.json", SampleCircles.small)
      #expect(box.run(["init"] + box.storeFlags).code == .success)
      #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
      let run = try Self.loaded(
        ["er", "p-robert", "-o", box.file("er.pdf"), "--templates", PackageRoot.templates]
          + box.storeFlags)
      #expect(run.status == 0)
      #expect(FileManager.default.fileExists(atPath: box.file("er.pdf")))
      // The loader's list is real: the libraries the sheet is drawn with are in it.
      #expect(run.libraries.contains { $0.hasPrefix("libpango") }, "\(run.libraries.sorted())")
      #expect(!Self.mapsPoppler(run.libraries), "\(run.libraries.sorted())")
      #expect(!Self.mapsCUPS(run.libraries), "\(run.libraries.sorted())")
      // The finisher reads cairo's output itself: libqpdf (and the GnuTLS it brings) stays out.
      #expect(!Self.mapsQPDF(run.libraries), "\(run.libraries.sorted())")
      #expect(!run.libraries.contains { $0.hasPrefix("libgnutls") }, "\(run.libraries.sorted())")

      // `rasterize` reads the sheet with poppler, which it loads then (and only it).
      let raster = try Self.loaded(["rasterize", box.file("er.pdf"), "-o", box.file("pages")])
      #expect(raster.status == 0)
      #expect(Self.mapsPoppler(raster.libraries) && !Self.mapsCUPS(raster.libraries))
    }

    @Test(.enabled(if: ProcessRunTests.executable != nil, "the rua-paper binary is not built"))
    func versionLoadsPopplerAndQPDFForTheirVersions() throws {
      let run = try Self.loaded(["version"])
      #expect(run.status == 0)
      #expect(run.stdout.contains("poppler    22."), "\(run.stdout)")
      #expect(run.stdout.contains("qpdf       11."), "\(run.stdout)")
      #expect(Self.mapsPoppler(run.libraries) && !Self.mapsCUPS(run.libraries))
      #expect(Self.mapsQPDF(run.libraries), "\(run.libraries.sorted())")
    }
  }

  extension LazyLibraryTests {
    /// Root with util-linux's `unshare`: a private mount namespace can hide a library from one
    /// child without touching the machine.
    static var canHideALibrary: Bool {
      ProcessRunTests.executable != nil && getuid() == 0
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
    }

    /// A sandbox holding the small sample, and a run of rua-paper in it with the library file
    /// `library` replaced by an empty file (a bind mount in the child's own mount namespace).
    static func hiding(_ library: String) throws -> (
      box: CLISandbox, run: ([String]) throws -> (Int32, String, String)
    ) {
      let box = CLISandbox()
      box.write("circle.json", SampleCircles.small)
      #expect(box.run(["init"] + box.storeFlags).code == .success)
      #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
      let hide =
        "mount --bind /dev/null \"$(readlink -f /usr/lib/x86_64-linux-gnu/\(library))\""
        + " && exec \"$0\" \"$@\""
      let executable = try #require(ProcessRunTests.executable)
      return (
        box,
        { arguments in
          try ProcessRunTests.run(
            "/usr/bin/unshare", ["--mount", "sh", "-c", hide, executable] + arguments)
        }
      )
    }

    static func er(_ box: CLISandbox) -> [String] {
      ["er", "p-robert", "-o", box.file("er.pdf"), "--templates", PackageRoot.templates]
        + box.storeFlags
    }

    /// poppler-glib hidden: `rasterize` says which library is missing and exits 69; `er` still
    /// works.
    @Test(.enabled(if: canHideALibrary, "needs root and /usr/bin/unshare"))
    func aMissingPopplerIsAnErrorNamingIt() throws {
      let (box, hidden) = try Self.hiding("libpoppler-glib.so.8")
      let er = try hidden(Self.er(box))
      #expect(er.0 == 0, "\(er.2)")
      let raster = try hidden(["rasterize", box.file("er.pdf"), "-o", box.file("pages")])
      #expect(raster.0 == 69)
      #expect(raster.2.contains("libpoppler-glib.so.8 cannot be loaded"), "\(raster.2)")
      #expect(raster.2.contains("install libpoppler-glib8"), "\(raster.2)")
    }

    /// libqpdf hidden: `er` finishes its sheet without it, and `version` says it cannot be
    /// loaded instead of failing to start.
    @Test(.enabled(if: canHideALibrary, "needs root and /usr/bin/unshare"))
    func aSheetNeedsNoQPDF() throws {
      let (box, hidden) = try Self.hiding("libqpdf.so.29")
      let er = try hidden(Self.er(box))
      #expect(er.0 == 0, "\(er.2)")
      let bytes = try #require(FileManager.default.contents(atPath: box.file("er.pdf")))
      #expect(bytes.starts(with: Array("%PDF-1.".utf8)))
      let version = try hidden(["version"])
      #expect(version.0 == 0, "\(version.2)")
      #expect(version.1.contains("libqpdf.so.29 cannot be loaded"), "\(version.1)")
    }
  }
#endif
