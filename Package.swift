// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chat-render",
  products: [
    .library(name: "ChatRender", targets: ["ChatRender"]),
    .executable(name: "chatrender", targets: ["chatrender"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
      name: "CCmark", pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "ChatRender",
      dependencies: ["CCairo", "CPango", "CZlib", "CCmark"]),
    .executableTarget(name: "chatrender", dependencies: ["ChatRender"]),
    .testTarget(
      name: "ChatRenderTests", dependencies: ["ChatRender", "CCairo", "CPango", "CZlib"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "ChatRenderCLITests", dependencies: ["ChatRender"],
      exclude: ["Fixtures"]),
  ]
)
