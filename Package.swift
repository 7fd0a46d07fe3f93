// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

/// What each lazily loaded library links where CLazyLibraries has no stubs.
struct LinkedWhereNoStubs {
  var poppler: [LinkerSetting]
  var cups: [LinkerSetting]
  var qpdf: [LinkerSetting]
}
// CLazyLibraries' stubs are x86-64 code; on any other machine poppler-glib, libcups and
// libqpdf are linked as usual (mapped at every start, as before issue 32 item 3).
#if arch(x86_64)
  let linkedWhereNoStubs = LinkedWhereNoStubs(poppler: [], cups: [], qpdf: [])
#else
  let linkedWhereNoStubs = LinkedWhereNoStubs(
    poppler: [
      .linkedLibrary("poppler-glib"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
    ],
    cups: [.linkedLibrary("cups")], qpdf: [.linkedLibrary("qpdf")])
#endif

let package = Package(
  name: "rua-paper",
  products: [
    .executable(name: "rua-paper", targets: ["rua-paper"]),
    .executable(name: "rua-paper-bench", targets: ["rua-paper-bench"]),
    .library(name: "RuaPaperKit", targets: ["RuaPaperKit"]),
    .library(name: "RuaCLI", targets: ["RuaCLI"]),
  ],
  targets: [
    // C libraries, each reached through a module map and a shim header.
    .systemLibrary(
      name: "CSQLCipher", pkgConfig: "sqlcipher", providers: [.apt(["libsqlcipher-dev"])]),
    .systemLibrary(
      name: "CPangoCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
    // poppler-glib and CUPS are declared here for their headers only: the executable defines the
    // functions it calls as stubs that load the library on first use (CLazyLibraries), so a
    // command that never reads a PDF or prints does not map them (issue 32).
    .systemLibrary(name: "CPopplerGLib", providers: [.apt(["libpoppler-glib-dev"])]),
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CCups", providers: [.apt(["libcups2-dev"])]),
    // libqpdf likewise (declarations only): the finisher's fallback, `diff`'s readers and the
    // tests call it; a sheet whose cairo output the finisher reads itself never does.
    .systemLibrary(name: "CQPDF", providers: [.apt(["libqpdf-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CLinux"),
    .target(name: "CLazyLibraries"),
    // cairo's numbers written without glibc's printf, to the same bytes (number_text.c). Its
    // debug information as DWARF 4: valgrind 3.19 (Debian 12), which docs/performance.md
    // counts with, gives up on the whole executable at this file's DWARF 5.
    .target(name: "CNumberText", cSettings: [.unsafeFlags(["-gdwarf-4"])]),

    // Pure: imports nothing.
    .target(name: "RuaCore"),
    .target(name: "RuaDocuments", dependencies: ["RuaCore"]),

    // One POSIX file layer: every read, write, exclusive create and atomic replace.
    .target(name: "RuaFiles", dependencies: ["CLinux"]),

    // Adapters: the only places that talk to C.
    .target(
      name: "RuaStore", dependencies: ["RuaCore", "RuaFiles", "CSQLCipher", "CCrypto", "CLinux"]),
    // The low-level PDF layer shared by the writer and the reader: the qpdf wrapper, the byte
    // sink, rua-paper's private volatile-mark format.
    .target(
      name: "RuaPDF", dependencies: ["CPangoCairo", "CQPDF", "CLazyLibraries", "CZlib", "CCrypto"],
      linkerSettings: linkedWhereNoStubs.qpdf),
    .target(
      name: "RuaRender", dependencies: ["RuaDocuments", "RuaPDF", "CPangoCairo", "CNumberText"],
      // KeptFontFaces opens its faces on a FreeType library of its own.
      linkerSettings: [.linkedLibrary("freetype")]),
    .target(
      name: "RuaVisual",
      dependencies: [
        "RuaFiles", "RuaPDF", "CPopplerGLib", "CLazyLibraries", "CPangoCairo", "CZlib",
      ], linkerSettings: linkedWhereNoStubs.poppler
    ),
    .target(
      name: "RuaPrint", dependencies: ["RuaFiles", "CCups", "CLazyLibraries"],
      linkerSettings: linkedWhereNoStubs.cups),

    // The application: a Session over one open store (documents, delivery, edits, batch,
    // snapshots). Typed results and `PaperError`; no argv, no exit codes, no terminal.
    .target(
      name: "RuaPaperKit",
      dependencies: [
        "RuaCore", "RuaDocuments", "RuaFiles", "RuaStore", "RuaRender", "RuaVisual", "RuaPrint",
      ]),

    // The shell: argv, help, text/JSON output, signals, the PaperError → exit code table.
    .target(
      name: "RuaCLI",
      dependencies: [
        "RuaPaperKit", "RuaCore", "RuaDocuments", "RuaFiles", "RuaStore", "RuaRender", "RuaVisual",
        "RuaPrint", "CLinux",
      ]),
    // Bound at load time (full RELRO, as Debian's hardening asks): the GOT is read-only before
    // the first line runs, and a missing library fails at start, not mid-print. poppler-glib
    // and libcups are the exception (CLazyLibraries): loaded by the commands that use them,
    // before they read a PDF or connect to CUPS, and a missing one is an error naming it.
    .executableTarget(
      name: "rua-paper", dependencies: ["RuaCLI"],
      linkerSettings: [.unsafeFlags(["-Xlinker", "-z", "-Xlinker", "now"])]),
    // The benchmark, kept out of the shipped tool.
    .executableTarget(
      name: "rua-paper-bench",
      dependencies: [
        "RuaCLI", "RuaPaperKit", "RuaCore", "RuaDocuments", "RuaFiles", "RuaStore", "RuaRender",
      ]),

    // Test support, for the test targets only (no product and no shipped target depends on it):
    // temporary folders, the hand-written PDF, the package root, the shared sample circles.
    // It depends on nothing, so a test of the pure core does not wait for the application.
    .target(name: "RuaTestSupport", path: "Tests/RuaTestSupport"),
    // The in-process CLI sandbox, apart because it needs the whole application (RuaCLI).
    .target(
      name: "RuaCLITestSupport", dependencies: ["RuaCLI", "RuaCore", "RuaStore", "RuaTestSupport"],
      path: "Tests/RuaCLITestSupport"),

    .testTarget(name: "RuaCoreTests", dependencies: ["RuaCore", "RuaTestSupport"]),
    .testTarget(name: "RuaFilesTests", dependencies: ["RuaFiles", "RuaTestSupport"]),
    .testTarget(name: "RuaDocumentsTests", dependencies: ["RuaDocuments", "RuaTestSupport"]),
    .testTarget(name: "RuaStoreTests", dependencies: ["RuaStore", "RuaCore", "RuaTestSupport"]),
    .testTarget(
      name: "RuaRenderTests",
      dependencies: [
        "RuaRender", "RuaDocuments", "RuaVisual", "RuaPDF", "CPangoCairo", "CNumberText",
        "RuaTestSupport",
      ]),
    .testTarget(
      name: "RuaVisualTests",
      dependencies: ["RuaVisual", "RuaPDF", "CPangoCairo", "CPopplerGLib", "RuaTestSupport"]),
    .testTarget(
      name: "RuaPaperKitTests",
      dependencies: [
        "RuaPaperKit", "RuaCore", "RuaDocuments", "RuaFiles", "RuaStore", "RuaRender",
        "RuaVisual", "RuaTestSupport",
      ]),
    .testTarget(
      name: "RuaCLITests",
      dependencies: [
        "RuaCLI", "RuaPaperKit", "RuaCore", "RuaStore", "RuaTestSupport", "RuaCLITestSupport",
      ]),
    .testTarget(name: "RuaPrintTests", dependencies: ["RuaPrint", "RuaTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("MemberImportVisibility"),
      // `import X` is internal: what a module's API exposes of another says `public import`.
      .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
