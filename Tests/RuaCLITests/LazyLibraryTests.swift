// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

#if arch(x86_64)  // elsewhere both libraries are linked as usual (Package.swift)
  /// poppler-glib and libcups are loaded on first use (CLazyLibraries, issue 32 item 3): a
  /// document command never maps them; the commands that read PDFs or print load them.
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

      // `rasterize` reads the sheet with poppler, which it loads then (and only it).
      let raster = try Self.loaded(["rasterize", box.file("er.pdf"), "-o", box.file("pages")])
      #expect(raster.status == 0)
      #expect(Self.mapsPoppler(raster.libraries) && !Self.mapsCUPS(raster.libraries))
    }

    @Test(.enabled(if: ProcessRunTests.executable != nil, "the rua-paper binary is not built"))
    func versionLoadsPopplerForItsVersion() throws {
      let run = try Self.loaded(["version"])
      #expect(run.status == 0)
      #expect(run.stdout.contains("poppler    22."), "\(run.stdout)")
      #expect(Self.mapsPoppler(run.libraries) && !Self.mapsCUPS(run.libraries))
    }
  }

  extension LazyLibraryTests {
    /// Root with util-linux's `unshare`: a private mount namespace can hide a library from one
    /// child without touching the machine.
    static var canHideALibrary: Bool {
      ProcessRunTests.executable != nil && getuid() == 0
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
    }

    /// poppler-glib replaced by an empty file for one child (a bind mount in its own mount
    /// namespace): `rasterize` says which library is missing and exits 69; `er` still works.
    @Test(.enabled(if: canHideALibrary, "needs root and /usr/bin/unshare"))
    func aMissingPopplerIsAnErrorNamingIt() throws {
      let box = CLISandbox()
      box.write("circle.json", SampleCircles.small)
      #expect(box.run(["init"] + box.storeFlags).code == .success)
      #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
      let hide =
        "mount --bind /dev/null \"$(readlink -f /usr/lib/x86_64-linux-gnu/libpoppler-glib.so.8)\""
        + " && exec \"$0\" \"$@\""
      let executable = try #require(ProcessRunTests.executable)
      func hidden(_ arguments: [String]) throws -> (Int32, String, String) {
        try ProcessRunTests.run(
          "/usr/bin/unshare", ["--mount", "sh", "-c", hide, executable] + arguments)
      }
      let er = try hidden(
        ["er", "p-robert", "-o", box.file("er.pdf"), "--templates", PackageRoot.templates]
          + box.storeFlags)
      #expect(er.0 == 0, "\(er.2)")
      let raster = try hidden(["rasterize", box.file("er.pdf"), "-o", box.file("pages")])
      #expect(raster.0 == 69)
      #expect(raster.2.contains("libpoppler-glib.so.8 cannot be loaded"), "\(raster.2)")
      #expect(raster.2.contains("install libpoppler-glib8"), "\(raster.2)")
    }
  }
#endif
