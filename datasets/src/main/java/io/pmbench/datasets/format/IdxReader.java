package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.ByteOrder;
import java.util.Locale;

/**
 * Reads IDX files, the format of MNIST and Fashion-MNIST ({@code train-images-idx3-ubyte},
 * {@code train-labels-idx1-ubyte}, gzipped or not; gzip is detected by its magic bytes).
 *
 * <p>Layout (LeCun et al., "THE MNIST DATABASE", file formats section): a 4-byte magic
 * {@code 00 00 TT NN} where {@code TT} is the element type ({@code 08} ubyte, {@code 09} byte,
 * {@code 0B} short, {@code 0C} int, {@code 0D} float, {@code 0E} double) and {@code NN} the
 * number of dimensions; then {@code NN} big-endian 32-bit dimension sizes; then the data,
 * big endian, in C order. An {@code idx3} image file becomes one row per image with the
 * pixels flattened (28 × 28 → 784 columns); an {@code idx1} file holds labels.
 */
public final class IdxReader extends HeaderedArrayReader {

  @Override
  ArrayHeader header(ChecksummedInput in) throws IOException {
    String name = in.name();
    byte[] magic = in.readExactly(4, "IDX header");
    if (magic[0] != 0 || magic[1] != 0) {
      throw new InvalidDataException(name + ": not an IDX file (bad magic 0x" + Checksums.hex(magic)
          + ": the first two bytes must be zero)");
    }
    int code = magic[2] & 0xFF;
    ElementType type = switch (code) {
      case 0x08 -> ElementType.UINT8;
      case 0x09 -> ElementType.INT8;
      case 0x0B -> ElementType.INT16;
      case 0x0C -> ElementType.INT32;
      case 0x0D -> ElementType.FLOAT32;
      case 0x0E -> ElementType.FLOAT64;
      default -> throw new InvalidDataException(name + ": not an IDX file (bad magic 0x" + Checksums.hex(magic)
          + ": unknown element type 0x" + Checksums.hex(new byte[] {magic[2]}) + ")");
    };
    int ndim = magic[3] & 0xFF;
    if (ndim == 0) {
      throw new InvalidDataException(name + ": not an IDX file (bad magic 0x" + Checksums.hex(magic)
          + ": zero dimensions)");
    }
    byte[] dims = in.readExactly(4 * ndim, "IDX header (" + ndim + " dimension sizes)");
    long[] shape = new long[ndim];
    for (int a = 0; a < ndim; a++) {
      int i = 4 * a;
      shape[a] = (dims[i] & 0xFFL) << 24 | (dims[i + 1] & 0xFFL) << 16 | (dims[i + 2] & 0xFFL) << 8 | (dims[i + 3] & 0xFFL);
    }
    String typeName = "idx" + ndim + " " + type.name().toLowerCase(Locale.ROOT);
    return new ArrayHeader(type, ByteOrder.BIG_ENDIAN, shape, false, typeName);
  }
}
