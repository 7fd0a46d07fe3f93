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
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CLinux"),

    // Pure: imports nothing.
    .target(name: "RuaCore"),
    .target(name: "RuaDocuments", dependencies: ["RuaCore"]),

    // Adapters: the only places that talk to C.
    .target(name: "RuaStore", dependencies: ["RuaCore", "CSQLCipher", "CCrypto", "CLinux"]),
    .target(name: "RuaRender", dependencies: ["RuaDocuments", "CPangoCairo"]),
    .target(name: "RuaVisual", dependencies: ["CPopplerGLib", "CPangoCairo", "CZlib"]),
    .target(name: "RuaPrint", dependencies: ["CCups"]),

    // The shell: argv, environment, clock, terminal.
    .target(
      name: "RuaCLI",
      dependencies: [
        "RuaCore", "RuaDocuments", "RuaStore", "RuaRender", "RuaVisual", "RuaPrint", "CLinux",
      ]),
    .executableTarget(name: "rua-paper", dependencies: ["RuaCLI"]),

    .testTarget(name: "RuaCoreTests", dependencies: ["RuaCore"]),
    .testTarget(name: "RuaDocumentsTests", dependencies: ["RuaDocuments"]),
    .testTarget(name: "RuaStoreTests", dependencies: ["RuaStore", "RuaCore"]),
    .testTarget(name: "RuaRenderTests", dependencies: ["RuaRender", "RuaDocuments", "RuaVisual"]),
    .testTarget(
      name: "RuaVisualTests", dependencies: ["RuaVisual", "CPangoCairo", "CPopplerGLib"]),
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
