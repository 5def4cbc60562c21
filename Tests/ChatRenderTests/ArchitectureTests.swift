import Foundation
import Testing

/// Guards the layering (docs/ARCHITECTURE.md, "Stages"): each C library is used by the folders
/// its row names, the library reads nothing of its host, and drawing and writing read no file.
@Suite struct ArchitectureTests {
  /// The folders (of Sources/ChatRender) that may import each C library: a new library gets a
  /// row here and in docs/ARCHITECTURE.md's dependency table.
  static let cLibraryFolders: [String: [String]] = [
    "CCairo": ["Layout/Text/", "Render/", "Output/"],
    "CPango": ["Layout/Text/", "Render/", "Output/PDF/"],
    "CCmark": ["Import/Formatting/"],
    "CZlib": ["Import/Archive/", "Output/"],
    "CPictureShims": ["Media/"], "CJPEG": ["Media/"], "CPNG": ["Media/"], "CGIF": ["Media/"],
    "CHEIF": ["Media/"], "COpus": ["Media/"], "CSQLite": ["Import/Formats/IMessage/"],
    "CWebP": ["Media/", "Output/WebPWriter.swift"],
    "CLibXML2": ["Import/HTML/"], "CNettle": ["Shared/Support/SHA256.swift"],
    // The CLI's HTTP server (Sources/chatrender/Serve/) only: no library folder.
    "CMicroHTTPD": [],
    "CHarfBuzz": ["Output/PDF/"],
    "CLittleCMS": ["Output/PDF/PDFOutputIntent.swift"],
  ]

  /// The folders (of Sources/ChatRender) whose types each folder's files may name, as
  /// docs/ARCHITECTURE.md's "Dependency order" draws them; the files at the top (the façade)
  /// may name any.
  static let folderDependencies: [String: Set<String>] = [
    "Shared": [], "Geometry": [],
    "Transcript": ["Shared"],
    "Import": ["Shared", "Transcript"],
    "Theme": ["Shared", "Geometry", "Transcript"],
    "Media": ["Shared", "Geometry", "Transcript", "Import"],
    "Layout": ["Shared", "Geometry", "Transcript", "Theme", "Media"],
    "Render": ["Shared", "Geometry", "Theme", "Layout", "Media"],
    "Output": ["Shared", "Geometry", "Transcript", "Layout", "Render", "Theme", "Media"],
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

  /// The command line reads the environment and /proc and hands the library values. (Naming
  /// one's own descriptor through `/proc/self/fd`, as `OutputSink` links its unnamed file, reads
  /// nothing of the machine.)
  @Test func theLibraryReadsNoEnvironment() throws {
    for (path, whole) in try Self.librarySources() {
      let text = whole.replacingOccurrences(of: "\"/proc/self/fd", with: "")
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

  /// Cairo 1.16 makes and frees its fonts without a lock of its own: whatever finishes or
  /// frees a document surface (PDF, SVG, a recorded page), which writes or drops its copies of
  /// the fonts, does so inside `FontLoading` (docs/ARCHITECTURE.md, "Threads").
  @Test func documentSurfacesAreFinishedAndFreedInsideFontLoading() throws {
    let writers = try Self.librarySources().filter { $0.path.hasPrefix("Output/") }
    var calls = 0
    for (path, text) in writers {
      for line in Self.withoutComments(text).split(separator: "\n")
      where line.contains("cairo_surface_finish(") || line.contains("cairo_surface_destroy(") {
        calls += 1
        #expect(line.contains("FontLoading.run {"), "\(path): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(calls >= 6)
  }

  /// Each file names only types of its own folder and of the folders its row allows, so the
  /// stages keep their order (a nested type of the file's own is not a name of another's).
  @Test func eachFolderNamesOnlyTheFoldersItsRowAllows() throws {
    let files = try Self.librarySources().map {
      (folder: Self.folder(of: $0.path), $0.path, code: Self.withoutComments($0.text))
    }
    var owners: [String: String] = [:]
    for file in files where Self.folderDependencies[file.folder] != nil {
      for match in file.code.matches(of: Self.topLevelDeclaration) { owners[String(match.output.1)] = file.folder }
    }
    #expect(owners.count > 200)
    for (folder, path, code) in files {
      guard let allowed = Self.folderDependencies[folder] else { continue }
      let own = Set(
        code.matches(of: /(?:struct|class|enum|protocol|actor|typealias) ([A-Z]\w*)/).map { String($0.output.1) })
      let named = Set(code.matches(of: /\b[A-Z]\w*\b/).map { String($0.output) }).subtracting(own)
      for name in named {
        guard let owner = owners[name], owner != folder else { continue }
        #expect(allowed.contains(owner), "\(path) names \(name), declared in \(owner)/")
      }
    }
  }

  /// A type declared at the top of a file, after its attributes and modifiers.
  static var topLevelDeclaration: Regex<(Substring, Substring)> {
    /(?m)^(?:@\w+(?:\([^)]*\))? )*(?:(?:public|package|internal|private|fileprivate) )?(?:final )?(?:indirect )?(?:struct|class|enum|protocol|actor|typealias) ([A-Z]\w*)/
  }

  /// "Layout" for "Layout/Items/PictureItem.swift"; the file's name for a file at the top.
  static func folder(of path: String) -> String {
    String(path.prefix { $0 != "/" })
  }

  /// `text` without its line comments, where documentation names types of other folders.
  static func withoutComments(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
      .joined(separator: "\n")
  }
}
