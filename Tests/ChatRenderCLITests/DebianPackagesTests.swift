import Foundation
import Testing

/// `packaging/debian-packages.txt` is the one list of Debian packages: the Makefile and
/// `.ci/run` read it, and the docs that tell people what to install name every package of it.
@Suite("Debian packages")
struct DebianPackagesTests {
  static let root = TestPaths.packageRoot

  /// The packages of `purpose` (`build` or `test`), in the list's order.
  static func packages(_ purpose: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent("packaging/debian-packages.txt"), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      return fields.count == 2 && fields[0] == purpose ? String(fields[1]) : nil
    }
  }

  @Test(
    "the docs name every package the build needs",
    arguments: ["README.md", "Sources/ChatRender/ChatRender.docc/GettingStarted.md"])
  func docsNameEveryPackage(document: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
    let named = Set(text.split(whereSeparator: { $0.isWhitespace || "`(),".contains($0) }).map(String.init))
    let build = try Self.packages("build")
    #expect(build.count > 10)
    for package in build { #expect(named.contains(package), "\(document) does not name \(package)") }
  }

  @Test("every C library of Package.swift has its package in the list")
  func everyProviderIsListed() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let providers = manifest.matches(of: /\.apt\(\["([^"]+)"\]\)/).map { String($0.1) }
    #expect(providers.count > 10)
    let build = Set(try Self.packages("build"))
    for provider in providers { #expect(build.contains(provider), "\(provider) is not in debian-packages.txt") }
  }

  @Test("the Makefile and .ci/run read the list rather than spelling it")
  func makefileAndCIReadTheList() throws {
    for file in ["Makefile", ".ci/run"] {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      #expect(text.contains("packaging/debian-packages.txt"), "\(file) does not read the list")
      #expect(!text.contains("libcairo2-dev"), "\(file) spells a package of the list")
    }
  }
}
