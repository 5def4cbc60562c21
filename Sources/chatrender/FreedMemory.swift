@_spi(Pages) import ChatRender

#if canImport(Glibc)
  import Glibc
#endif

/// Hands freed heap pages back to the system.
///
/// glibc keeps the pages of freed blocks resident for later use. Reading a long chat frees tens
/// of megabytes of small blocks (the file's JSON tree, parsed lines) that the rest of a render,
/// which allocates other sizes, does not fill again: without this they stay in the process's
/// resident size until it exits.
enum FreedMemory {
  /// Returns the free pages of every heap arena to the system. It walks the free lists, so it
  /// is worth calling only after much was freed.
  static func release() {
    _ = mallocTrim?(0)
  }

  /// From this many messages, what reading freed is worth handing back (the memory a parse
  /// leaves behind grows with the chat; trimming it takes a few milliseconds).
  static func releaseAfterReading(_ transcript: Transcript) {
    if transcript.messages.count >= 10_000 { release() }
  }

  /// glibc's `malloc_trim`, which Swift's Glibc module leaves out (it is in `malloc.h`); nil
  /// with another C library.
  private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
      // RTLD_DEFAULT: the symbol wherever the process has it.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
      return nil
    #endif
  }()
}
