package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;

/**
 * What a size declared by a file may make a reader allocate (issue 26: a 105-byte gzipped
 * {@code .npy} declaring 46,000² elements must be one line, not an {@code OutOfMemoryError}).
 *
 * <p>Every reader checks a declared size against what the input can really supply before it
 * allocates: a plain file against its length, a compressed stream against {@link
 * #MAX_INFLATE_RATIO} times its compressed size and then by reading it (a counting pass in
 * constant memory, stopped at the declared size), and every array against the Java heap
 * ({@link #requireHeap}).
 */
final class Allocation {
  /**
   * Deflate cannot expand data more than about 1032:1 (RFC 1951: a 258-byte match costs at
   * least 2 bits); a stream claiming more output per input byte is truncated or forged.
   */
  static final long MAX_INFLATE_RATIO = 1100;
  /** Heap kept free for everything that is not the array (the JVM, the other arrays of a run). */
  static final long HEAP_MARGIN = 64L << 20;

  private Allocation() {}

  /**
   * Refuses an array of {@code bytes} bytes that the heap cannot hold ({@link
   * Runtime#maxMemory()} minus {@link #HEAP_MARGIN}), naming {@code source} and its declared
   * {@code shapeText}.
   */
  static void requireHeap(String source, String shapeText, long bytes) {
    long max = Runtime.getRuntime().maxMemory();
    if (bytes > max - HEAP_MARGIN) {
      throw new InvalidDataException(source + ": shape " + shapeText + " needs " + mib(bytes)
          + " MiB in memory, more than the Java heap can hold (at most " + mib(max) + " MiB); raise -Xmx or use a smaller input");
    }
  }

  /** {@code count * size}, or {@link Long#MAX_VALUE} when that overflows. */
  static long bytes(long count, long size) {
    return count > Long.MAX_VALUE / Math.max(1, size) ? Long.MAX_VALUE : count * size;
  }

  /** The most a deflate stream of {@code compressed} bytes can inflate to. */
  static long maxInflated(long compressed) {
    return bytes(compressed, MAX_INFLATE_RATIO) + (1 << 16);
  }

  private static String mib(long bytes) {
    return Long.toString(bytes >> 20);
  }
}
