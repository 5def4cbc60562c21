// swift-tools-version:6.0
// The library as a program outside its package sees it: `package` and `@_spi(Pages)`
// declarations are out of reach here, so every public entry point these tests use is a
// contract (docs/ARCHITECTURE.md, "Public surface"). `make test` runs them.
import PackageDescription

let package = Package(
  name: "chatrender-public-api",
  dependencies: [.package(name: "chat-render", path: "../..")],
  targets: [
    .testTarget(
      name: "PublicAPITests", dependencies: [.product(name: "ChatRender", package: "chat-render")])
  ]
)
