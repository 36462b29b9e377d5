package io.pmbench.datasets.format;

import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.filter.PipelineFilterWithData;
import io.pmbench.core.data.InvalidDataException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The chunks of one chunked HDF5 data set, decoded with bounded memory (issue 26).
 *
 * <p>jHDF inflates a chunk into a growing buffer with no limit, so one stored chunk of 260 KB
 * that inflates to 256 MiB made it allocate over 1 GB before pmbench could see that a chunk
 * decodes to its chunk shape's bytes exactly. Here the filter pipelines HDF5 writers use for
 * numbers (h5py, hdf5storage, MATLAB: deflate 1, shuffle 2, Fletcher-32 3) are undone by
 * pmbench, reading the stored chunk straight from the mapped file and inflating into a buffer of
 * exactly one chunk's bytes, reused from chunk to chunk; a stream with more in it is refused.
 * Other filters (LZF, LZ4, bitshuffle, ...) are left to jHDF, whose output per chunk is then
 * bounded only by the ratio of that filter.
 *
 * <p>{@link #check} sums the chunk index's stored sizes before anything is allocated: they must
 * fit in the file, and a shape must not need more bytes than its stored chunks can supply (for
 * unfiltered chunks exactly; through deflate at most {@link Allocation#MAX_INFLATE_RATIO}:1).
 * An output larger than {@link #COUNT_ABOVE} bytes is allowed only after a counting pass that
 * decodes every chunk into the one reused buffer ({@link #countingPass}), so a forged shape is
 * refused before its output array exists.
 *
 * <p>The filter mask of each chunk (HDF5 lets a chunk skip an optional filter) is not visible
 * through jHDF's public API; a chunk that skipped deflate fails to inflate and is reported as
 * corrupt rather than decoded wrongly.
 */
final class Hdf5Chunks {
  /** HDF5 filter identifiers (HDF5 file format specification, IV.A.2.l, "Data Storage - Filter Pipeline"). */
  private static final int DEFLATE = 1;
  private static final int SHUFFLE = 2;
  private static final int FLETCHER32 = 3;
  /** Outputs above this many bytes are allowed only after every chunk was decoded once (64 MiB). */
  static final long COUNT_ABOVE = 64L << 20;

  private final ChunkedDataset dataset;
  private final int[] chunk;
  private final long[] dims;
  private final int chunkBytes;
  private final List<PipelineFilterWithData> filters;
  private final boolean ownPipeline;
  private byte[] inflated;
  private byte[] shuffled;

  private Hdf5Chunks(ChunkedDataset dataset, int chunkBytes) {
    this.dataset = dataset;
    this.chunk = dataset.getChunkDimensions();
    this.dims = dataset.getDimensionsAsLong();
    this.chunkBytes = chunkBytes;
    this.filters = dataset.getFilters();
    this.ownPipeline = filters.stream().allMatch(f -> f.getId() == DEFLATE || f.getId() == SHUFFLE
        || f.getId() == FLETCHER32);
  }

  /**
   * Checks the chunk layout of {@code d} (elements of {@code elementBytes} bytes) against the
   * file's length {@code fileBytes} before anything is allocated, and returns its decoder.
   *
   * @param outputBytes what the caller will allocate for the whole data set once this returns
   */
  static Hdf5Chunks check(ChunkedDataset d, int elementBytes, long fileBytes, long outputBytes) {
    int[] chunk = d.getChunkDimensions();
    long[] dims = d.getDimensionsAsLong();
    if (chunk.length != dims.length) {
      throw new InvalidDataException("corrupt layout: chunk shape " + Arrays.toString(chunk) + " for a data set of rank "
          + dims.length);
    }
    long elements = 1;
    long chunks = 1;
    for (int a = 0; a < chunk.length; a++) {
      if (chunk[a] <= 0) {
        throw new InvalidDataException("corrupt layout: chunk shape " + Arrays.toString(chunk) + " has an axis <= 0");
      }
      elements = Allocation.bytes(elements, chunk[a]);
      chunks = Allocation.bytes(chunks, (dims[a] + chunk[a] - 1) / chunk[a]);
    }
    long bytes = Allocation.bytes(elements, elementBytes);
    if (bytes > Integer.MAX_VALUE - 8 || bytes > Allocation.maxInflated(fileBytes)) {
      throw new InvalidDataException("corrupt layout: chunk shape " + Arrays.toString(chunk) + " needs " + bytes
          + " bytes per chunk, more than a " + fileBytes + "-byte file can supply");
    }
    long stored = d.getStorageInBytes();
    if (stored < 0 || stored > fileBytes) {
      throw new InvalidDataException("corrupt chunk index: its chunks claim " + stored + " stored bytes, the file has "
          + fileBytes);
    }
    long needed = Allocation.bytes(chunks, bytes);
    boolean filtered = !d.getFilters().isEmpty();
    long supply = filtered ? Allocation.maxInflated(stored) : stored;
    if (needed > supply) {
      throw new InvalidDataException("truncated: " + chunks + " chunks of " + bytes + " bytes need " + needed
          + " bytes, the chunk index holds " + stored + " stored bytes" + (filtered ? " (deflate expands at most "
              + Allocation.MAX_INFLATE_RATIO + ":1)" : ""));
    }
    Hdf5Chunks c = new Hdf5Chunks(d, (int) bytes);
    if (filtered && outputBytes > COUNT_ABOVE && c.ownPipeline) {
      c.countingPass();
    }
    return c;
  }

  /** Bytes of one decoded chunk. */
  int chunkBytes() {
    return chunkBytes;
  }

  /** Decodes every chunk once into the reused buffer, so a shape its chunks do not supply fails before allocation. */
  private void countingPass() {
    int[] offset = new int[chunk.length];
    do {
      decode(offset);
    } while (next(offset));
  }

  /** Moves {@code offset} to the next chunk in C order; false after the last. */
  boolean next(int[] offset) {
    for (int a = offset.length - 1; a >= 0; a--) {
      offset[a] += chunk[a];
      if (offset[a] < dims[a]) {
        return true;
      }
      offset[a] = 0;
    }
    return false;
  }

  /**
   * The chunk at {@code offset}, decoded: exactly {@link #chunkBytes} bytes. The buffer is
   * reused by the next call.
   */
  ByteBuffer decode(int[] offset) {
    ByteBuffer b;
    if (ownPipeline) {
      b = dataset.getRawChunkBuffer(offset.clone()).duplicate();
      for (int i = filters.size() - 1; i >= 0; i--) {
        PipelineFilterWithData f = filters.get(i);
        switch (f.getId()) {
          case FLETCHER32 -> b = stripChecksum(b, offset);
          case DEFLATE -> b = inflate(b, offset);
          default -> b = unshuffle(b, f.getFilterData().length > 0 ? f.getFilterData()[0] : 1);
        }
      }
    } else {
      b = ByteBuffer.wrap(jhdfDecoded(offset));
    }
    if (b.remaining() != chunkBytes) {
      throw new InvalidDataException((b.remaining() < chunkBytes ? "truncated" : "corrupt chunk") + ": the chunk at "
          + Arrays.toString(offset) + " decodes to " + b.remaining() + " bytes, expected " + chunkBytes);
    }
    return b;
  }

  private static ByteBuffer stripChecksum(ByteBuffer b, int[] offset) {
    if (b.remaining() < 4) {
      throw new InvalidDataException("truncated: the chunk at " + Arrays.toString(offset) + " has no Fletcher-32 checksum");
    }
    return b.limit(b.limit() - 4);
  }

  /** Inflates into the reused buffer; a stream that yields more than one chunk (plus checksums) is refused. */
  private ByteBuffer inflate(ByteBuffer in, int[] offset) {
    int cap = chunkBytes + 4 * filters.size();
    if (inflated == null) {
      inflated = new byte[cap + 1];
    }
    Inflater inflater = new Inflater();
    int n = 0;
    try {
      inflater.setInput(in);
      while (n <= cap && !inflater.finished()) {
        int k = inflater.inflate(inflated, n, inflated.length - n);
        n += k;
        if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          throw new InvalidDataException("truncated: the compressed chunk at " + Arrays.toString(offset)
              + " ends after " + n + " of its " + chunkBytes + " bytes");
        }
      }
    } catch (DataFormatException e) {
      throw new InvalidDataException("corrupt compressed chunk at " + Arrays.toString(offset) + " (" + e.getMessage()
          + ")", e);
    } finally {
      inflater.end();
    }
    if (n > cap) {
      throw new InvalidDataException("corrupt chunk: the chunk at " + Arrays.toString(offset)
          + " inflates to more than its " + chunkBytes + " bytes (a deflate bomb or a corrupt index entry)");
    }
    return ByteBuffer.wrap(inflated, 0, n);
  }

  /**
   * Undoes HDF5's shuffle filter: byte {@code b} of element {@code i} was stored at {@code b * n + i}
   * ({@code n} elements of {@code size} bytes); trailing bytes that make no whole element are kept.
   */
  private ByteBuffer unshuffle(ByteBuffer in, int size) {
    if (size <= 1) {
      return in;
    }
    int length = in.remaining();
    if (shuffled == null || shuffled.length < length) {
      shuffled = new byte[Math.max(length, chunkBytes)];
    }
    int n = length / size;
    int base = in.position();
    for (int b = 0; b < size; b++) {
      for (int i = 0; i < n; i++) {
        shuffled[i * size + b] = in.get(base + b * n + i);
      }
    }
    for (int r = n * size; r < length; r++) {
      shuffled[r] = in.get(base + r);
    }
    return ByteBuffer.wrap(shuffled, 0, length);
  }

  /**
   * A chunk decoded by jHDF (filters pmbench does not decode itself). jHDF allocates a chunk at
   * the stored size its index states before reading it; a corrupt index entry fails as one
   * oversized allocation (nothing else was allocated, so the heap is intact). FuzzTest's slow
   * variant found such files.
   */
  private byte[] jhdfDecoded(int[] offset) {
    try {
      return dataset.getDecompressedChunk(offset.clone());
    } catch (OutOfMemoryError e) {
      throw new InvalidDataException("corrupt chunk index: the chunk at " + Arrays.toString(offset)
          + " claims more bytes than fit in memory", e);
    }
  }
}
