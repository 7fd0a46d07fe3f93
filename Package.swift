// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "rua-paper",
  products: [
    .executable(name: "rua-paper", targets: ["rua-paper"]),
    .library(name: "RuaCLI", targets: ["RuaCLI"]),
  ],
  targets: [
    // C libraries, each reached through a module map and a shim header.
    .systemLibrary(
      name: "CSQLCipher", pkgConfig: "sqlcipher", providers: [.apt(["libsqlcipher-dev"])]),
    .systemLibrary(
      name: "CPangoCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
    .systemLibrary(
      name: "CPopplerGLib", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CCups", providers: [.apt(["libcups2-dev"])]),
    .systemLibrary(name: "CLinux"),

    // Pure: imports nothing.
    .target(name: "RuaCore"),
    .target(name: "RuaDocuments", dependencies: ["RuaCore"]),

    // One POSIX file layer: every read, write, exclusive create and atomic replace.
    .target(name: "RuaFiles", dependencies: ["CLinux"]),

    // Adapters: the only places that talk to C.
    .target(
      name: "RuaStore", dependencies: ["RuaCore", "RuaFiles", "CSQLCipher", "CCrypto", "CLinux"]),
    .target(name: "RuaRender", dependencies: ["RuaDocuments", "CPangoCairo"]),
    .target(name: "RuaVisual", dependencies: ["RuaFiles", "CPopplerGLib", "CPangoCairo"]),
    .target(name: "RuaPrint", dependencies: ["RuaFiles", "CCups"]),

    // The shell: argv, environment, clock, terminal.
    .target(
      name: "RuaCLI",
      dependencies: [
        "RuaCore", "RuaDocuments", "RuaFiles", "RuaStore", "RuaRender", "RuaVisual", "RuaPrint",
        "CLinux",
      ]),
    .executableTarget(name: "rua-paper", dependencies: ["RuaCLI"]),

    .testTarget(name: "RuaCoreTests", dependencies: ["RuaCore"]),
    .testTarget(name: "RuaFilesTests", dependencies: ["RuaFiles"]),
    .testTarget(name: "RuaDocumentsTests", dependencies: ["RuaDocuments"]),
    .testTarget(name: "RuaStoreTests", dependencies: ["RuaStore", "RuaCore"]),
    .testTarget(name: "RuaRenderTests", dependencies: ["RuaRender", "RuaDocuments", "RuaVisual"]),
    .testTarget(name: "RuaVisualTests", dependencies: ["RuaVisual", "CPangoCairo"]),
    .testTarget(name: "RuaCLITests", dependencies: ["RuaCLI", "RuaCore", "RuaStore"]),
    .testTarget(name: "RuaPrintTests", dependencies: ["RuaPrint"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("MemberImportVisibility")
    ]
}
