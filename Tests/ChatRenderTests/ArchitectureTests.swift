import Foundation
import Testing

/// Guards the layering (docs/ARCHITECTURE.md, "Stages"): each C library is used by the folders
/// its row names, the library reads nothing of its host, and drawing and writing read no file.
@Suite struct ArchitectureTests {
  /// The folders (of Sources/ChatRender) that may import each C library: a new library gets a
  /// row here and in docs/ARCHITECTURE.md's dependency table.
  static let cLibraryFolders: [String: [String]] = [
    "CCairo": ["Layout/Text/", "Render/", "Output/"],
    "CPango": ["Layout/Text/", "Render/"],
    "CCmark": ["Import/Formatting/"],
    "CZlib": ["Import/Archive/", "Output/"],
    "CPictureShims": ["Media/"], "CJPEG": ["Media/"], "CPNG": ["Media/"], "CGIF": ["Media/"],
    "CWebP": ["Media/"], "CHEIF": ["Media/"], "COpus": ["Media/"], "CSQLite": ["Import/IMessage/"],
  ]

  /// The library's Swift files, relative to Sources/ChatRender, with their text.
  static func librarySources() throws -> [(path: String, text: String)] {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ChatRender")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    var files: [(String, String)] = []
    for case let relative as String in enumerator where relative.hasSuffix(".swift") {
      files.append((relative, try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)))
    }
    return files
  }

  @Test func eachCLibraryIsImportedOnlyWhereItsRowAllows() throws {
    let files = try Self.librarySources()
    #expect(files.count > 20)
    for (path, text) in files {
      for match in text.matches(of: /(?m)^(?:@_implementationOnly |internal )?import (C[A-Za-z]+)$/) {
        let module = String(match.output.1)
        let folders = Self.cLibraryFolders[module]
        #expect(folders != nil, "\(path) imports \(module), which has no row")
        #expect(folders?.contains(where: path.hasPrefix) != false, "\(path) may not import \(module)")
      }
    }
  }

  /// The command line reads the environment and /proc and hands the library values.
  @Test func theLibraryReadsNoEnvironment() throws {
    for (path, text) in try Self.librarySources() {
      for reading in ["ProcessInfo.processInfo.environment", "getenv(", "\"/proc/"] {
        #expect(!text.contains(reading), "\(path) reads \(reading)")
      }
    }
  }

  /// Render and Output take resolved values: pictures come read and decoded from Media's
  /// catalog, limits from their callers, so no file there reads one or asks for the limits.
  @Test func drawingAndWritingReadNoFile() throws {
    let readers = [
      "PictureLoader", "PictureDecoder", "Codec.", "RegularFile", "FileHandle", "FileManager", "fopen(",
      "_create_from_png", "contentsOf: URL", "O_RDONLY", ".fromEnvironment",
    ]
    let files = try Self.librarySources().filter { $0.path.hasPrefix("Render/") || $0.path.hasPrefix("Output/") }
    #expect(files.count > 10)
    for (path, text) in files {
      for reader in readers {
        #expect(!text.contains(reader), "\(path) reads through \(reader)")
      }
    }
  }
}
