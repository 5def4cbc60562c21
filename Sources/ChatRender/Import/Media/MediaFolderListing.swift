import Foundation

/// The files of a few media folders of an export (beside its transcript file, or in its
/// folder or zip), for exports that name a file only by a part of its name.
struct MediaFolderListing {
  let locator: MediaLocator
  /// Paths relative to the export, sorted.
  let paths: [String]

  /// How many files of one folder are listed.
  static let maximumFiles = 100_000

  init(tree: any FileTree, folders: [String]) {
    locator = MediaLocator(tree: tree)
    paths = ((try? tree.filePaths()) ?? []).filter { path in folders.contains { path.hasPrefix($0 + "/") } }
  }

  init(besideFile path: String, folders: [String]) {
    locator = MediaLocator(besideFile: path)
    var found: [String] = []
    if path != "<stdin>" {
      let base = MediaPath.folder(of: path)
      for folder in folders {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: MediaPath.join(base, folder))) ?? []
        found += names.sorted().prefix(MediaFolderListing.maximumFiles).map { folder + "/" + $0 }
      }
    }
    paths = found
  }

  /// The first file directly in `folder` whose name starts with `prefix` and ends with
  /// `suffix`.
  func first(in folder: String, startingWith prefix: String, endingWith suffix: String) -> String? {
    let start = folder + "/" + prefix
    return paths.first { path in
      path.hasPrefix(start) && path.hasSuffix(suffix) && !path.dropFirst(folder.count + 1).contains("/")
    }
  }
}
