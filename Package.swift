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
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(
      name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(
      name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
    .systemLibrary(
      name: "COpus", pkgConfig: "opusfile", providers: [.apt(["libopusfile-dev"])]),
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
    // `chatrender serve`'s HTTP server (the CLI only; docs/SERVE.md).
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz-subset", providers: [.apt(["libharfbuzz-dev"])]),
    // The sRGB profile of a PDF/A's output intent (our own PDF writer).
    .systemLibrary(name: "CLittleCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    // libjpeg and libpng report errors by longjmp, which Swift cannot survive: C catches them.
    .target(name: "CPictureShims", dependencies: ["CJPEG", "CPNG"]),
    .target(
      name: "ChatRender",
      dependencies: [
        "CCairo", "CPango", "CZlib", "CPictureShims", "CWebP", "CGIF", "CCmark", "CSQLite", "CHEIF", "COpus",
        "CLibXML2", "CNettle", "CHarfBuzz", "CLittleCMS",
      ],
      // The renderer's words, one JSON per language, and the built-in themes, compiled in
      // (docs/ARCHITECTURE.md, "Translations" and "Built-in themes").
      resources: [.embedInCode("Translations"), .embedInCode("Themes")]),
    .executableTarget(name: "chatrender", dependencies: ["ChatRender", "CMicroHTTPD"]),
    .executableTarget(
      name: "RenderChatExample", dependencies: ["ChatRender"], path: "Examples/RenderChat"),
    .testTarget(
      name: "ChatRenderTests", dependencies: ["ChatRender", "CCairo", "CPango", "CZlib", "CSQLite"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "ChatRenderCLITests", dependencies: ["ChatRender", "chatrender", "CZlib"],
      exclude: ["Fixtures"]),
  ]
)
