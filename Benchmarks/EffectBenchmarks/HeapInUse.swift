#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of heap memory in use, as the C library counts them.
enum HeapInUse {
  /// The heap in use now, from glibc's `mallinfo2` (its `uordblks` and `hblkhd`); `nil` where
  /// that is not available.
  static func bytes() -> Int? {
    #if canImport(Glibc) && arch(x86_64)
      // `mallinfo2` returns a struct of ten `size_t`s, which the x86-64 System V ABI returns
      // through a pointer the caller passes as the first argument; Swift cannot import the
      // function from <malloc.h>, so it is called through that ABI.
      typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else {
        return nil
      }
      var fields = [Int](repeating: 0, count: 10)
      fields.withUnsafeMutableBytes {
        _ = unsafeBitCast(symbol, to: MallInfo2.self)($0.baseAddress!)
      }
      return fields[7] + fields[4]
    #else
      return nil
    #endif
  }
}
