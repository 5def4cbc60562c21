import CCairo
import CPango
import Foundation

/// The versions of the C libraries drawing runs on, for bug reports (`chatrender --version`).
package enum LinkedLibraries {
  /// Each library's name and the version loaded at run time ("cairo", "1.16.0").
  package static var versions: [(name: String, version: String)] {
    [
      ("cairo", String(cString: cairo_version_string())),
      ("pango", String(cString: pango_version_string())),
      ("fontconfig", fontconfigVersion ?? "unknown"),
    ]
  }

  /// Looked up at run time: fontconfig comes in through cairo and Pango, and linking it
  /// directly only for its version would add a dependency.
  private static var fontconfigVersion: String? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "FcGetVersion") else { return nil }
    typealias GetVersion = @convention(c) () -> Int32
    let number = Int(unsafeBitCast(symbol, to: GetVersion.self)())
    return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
  }
}
