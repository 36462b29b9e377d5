package io.pmbench.datasets.format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds hostile inputs in memory (issue 26): files whose headers declare more data than they
 * hold (forged shapes), gzip bombs (a little compressed data that inflates to much), and pickle
 * bombs. Nothing here needs numpy, torch, h5py or MATLAB: HDF5 cases are the h5py-written fixtures
 * with their dataspace or chunk index patched.
 */
final class HostileFiles {
  private HostileFiles() {}

  /** A {@code .npy} v1.0 header for {@code descr} and {@code shape}, then {@code body}. */
  static byte[] npy(String descr, long[] shape, byte[] body) {
    String dims = shape.length == 1 ? shape[0] + "," : Arrays.stream(shape).mapToObj(Long::toString)
        .collect(Collectors.joining(", "));
    StringBuilder h = new StringBuilder("{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + dims + "), }");
    while ((10 + h.length() + 1) % 64 != 0) {
      h.append(' ');
    }
    h.append('\n');
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) h.length(), (byte) (h.length() >> 8)});
    out.writeBytes(h.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.writeBytes(body);
    return out.toByteArray();
  }

  /**
   * A {@code .npy} file of format {@code major}.0 whose header length field says {@code declared}
   * and whose header is {@code header} (Latin-1), nothing after it.
   */
  static byte[] npyHeader(int major, long declared, String header) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
    ByteBuffer length = le(major == 1 ? 2 : 4);
    if (major == 1) {
      length.putShort((short) declared);
    } else {
      length.putInt((int) declared);
    }
    out.writeBytes(length.array());
    out.writeBytes(header.getBytes(StandardCharsets.ISO_8859_1));
    return out.toByteArray();
  }

  /** An IDX header ({@code 0x0D} float32 or {@code 0x08} ubyte) with {@code dims}, then {@code body}. */
  static byte[] idx(int typeCode, long[] dims, byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {0, 0, (byte) typeCode, (byte) dims.length});
    for (long d : dims) {
      out.writeBytes(new byte[] {(byte) (d >> 24), (byte) (d >> 16), (byte) (d >> 8), (byte) d});
    }
    out.writeBytes(body);
    return out.toByteArray();
  }

  static byte[] gzip(byte[] bytes) {
    return IdxFiles.gzip(bytes);
  }

  /** A zip of {@code members} (name to bytes, in order), each stored or deflated. */
  static byte[] zip(Map<String, byte[]> members, boolean stored) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(out)) {
      for (Map.Entry<String, byte[]> m : members.entrySet()) {
        ZipEntry e = new ZipEntry(m.getKey());
        if (stored) {
          CRC32 crc = new CRC32();
          crc.update(m.getValue());
          e.setMethod(ZipEntry.STORED);
          e.setSize(m.getValue().length);
          e.setCompressedSize(m.getValue().length);
          e.setCrc(crc.getValue());
        }
        zip.putNextEntry(e);
        zip.write(m.getValue());
        zip.closeEntry();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** A one-member zip. */
  static byte[] zip(String name, byte[] bytes, boolean stored) {
    Map<String, byte[]> m = new LinkedHashMap<>();
    m.put(name, bytes);
    return zip(m, stored);
  }

  /** A pickle writer for the opcodes {@link TorchPickle} reads. */
  static final class Pickle {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Pickle() {
      op(0x80).op(2);
    }

    Pickle op(int b) {
      out.write(b);
      return this;
    }

    Pickle repeat(int b, int times) {
      byte[] run = new byte[times];
      Arrays.fill(run, (byte) b);
      out.writeBytes(run);
      return this;
    }

    Pickle global(String module, String name) {
      out.writeBytes(("c" + module + "\n" + name + "\n").getBytes(StandardCharsets.US_ASCII));
      return this;
    }

    Pickle string(String s) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      op('X').int32(b.length);
      out.writeBytes(b);
      return this;
    }

    Pickle int32(long v) {
      for (int i = 0; i < 4; i++) {
        out.write((int) (v >> (8 * i)));
      }
      return this;
    }

    /** LONG1 with 8 bytes: any non-negative long. */
    Pickle longValue(long v) {
      op(0x8a).op(8);
      for (int i = 0; i < 8; i++) {
        out.write((int) (v >> (8 * i)));
      }
      return this;
    }

    Pickle tuple(long... values) {
      op('(');
      for (long v : values) {
        longValue(v);
      }
      return op('t');
    }

    byte[] stop() {
      op('.');
      return out.toByteArray();
    }
  }

  /**
   * The pickle of {@code torch.save(t)} for one float32 tensor of {@code shape} (C-contiguous)
   * whose storage {@code "0"} declares {@code numel} elements.
   */
  static byte[] tensorPickle(long[] shape, long numel) {
    long[] stride = new long[shape.length];
    long s = 1;
    for (int a = shape.length - 1; a >= 0; a--) {
      stride[a] = s;
      s = s * Math.max(1, shape[a]);
    }
    Pickle p = new Pickle().global("torch._utils", "_rebuild_tensor_v2").op('(');
    p.op('(').string("storage").global("torch", "FloatStorage").string("0").string("cpu").longValue(numel).op('t').op('Q');
    p.longValue(0).tuple(shape).tuple(stride).op(0x89).op('}').op('t').op('R');
    return p.stop();
  }

  /** A {@code .pth} archive: {@code archive/data.pkl} and one storage record {@code archive/data/0}. */
  static byte[] pth(byte[] pickle, byte[] storage, boolean stored) {
    Map<String, byte[]> m = new LinkedHashMap<>();
    m.put("archive/data.pkl", pickle);
    m.put("archive/data/0", storage);
    return zip(m, stored);
  }

  /**
   * A zlib stream of {@code prefix} followed by {@code zeros} zero bytes, built in constant memory
   * (a deflate bomb when {@code zeros} is large: about 1,000 zeros per compressed byte).
   */
  static byte[] zlib(byte[] prefix, long zeros) {
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[1 << 16];
    byte[] block = new byte[1 << 20];
    deflater.setInput(prefix);
    long left = zeros;
    while (true) {
      if (deflater.needsInput()) {
        if (left > 0) {
          int n = (int) Math.min(block.length, left);
          deflater.setInput(block, 0, n);
          left -= n;
        } else if (!deflater.finished()) {
          deflater.finish();
        }
      }
      int n = deflater.deflate(buffer);
      out.write(buffer, 0, n);
      if (deflater.finished()) {
        deflater.end();
        return out.toByteArray();
      }
    }
  }

  /** MATLAB v5 class and data-type codes (MathWorks, "MAT-File Format", ch. 1, tables 1-1 and 1-3). */
  static final int MX_CELL = 1;
  static final int MX_DOUBLE = 6;
  static final int MI_INT8 = 1;
  static final int MI_INT32 = 5;
  static final int MI_UINT32 = 6;
  static final int MI_DOUBLE = 9;
  static final int MI_MATRIX = 14;
  static final int MI_COMPRESSED = 15;

  /** A little-endian MATLAB v5 {@code .mat} file: the 128-byte header, then {@code elements}. */
  static byte[] matV5(byte[]... elements) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] header = new byte[128];
    Arrays.fill(header, 0, 116, (byte) ' ');
    byte[] text = "MATLAB 5.0 MAT-file, written by pmbench's HostileFiles".getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(text, 0, header, 0, text.length);
    header[124] = 0;
    header[125] = 1;
    header[126] = 'I';
    header[127] = 'M';
    out.writeBytes(header);
    for (byte[] e : elements) {
      out.writeBytes(e);
    }
    return out.toByteArray();
  }

  /**
   * One {@code miMATRIX} element: a real {@code double} array {@code name} whose dimensions
   * subelement says {@code dims} and whose real part holds {@code data} (any length, so the
   * dimensions may lie).
   */
  static byte[] matV5Double(String name, int[] dims, byte[] data) {
    ByteBuffer flags = le(8).putInt(MX_DOUBLE).putInt(0);
    ByteBuffer d = le(4 * dims.length);
    for (int n : dims) {
      d.putInt(n);
    }
    byte[] body = concat(element(MI_UINT32, flags.array()), element(MI_INT32, d.array()),
        element(MI_INT8, name.getBytes(StandardCharsets.US_ASCII)), element(MI_DOUBLE, data));
    return concat(le(8).putInt(MI_MATRIX).putInt(body.length).array(), body);
  }

  /**
   * One {@code miMATRIX} element: a cell array {@code name} of one cell, which holds a cell of
   * one cell, and so on {@code depth} levels deep, then a 1 × 1 {@code double}: 48 bytes a level.
   */
  static byte[] matV5NestedCells(String name, int depth) {
    byte[] innermost = matV5Double("", new int[] {1, 1}, new byte[8]);
    byte[] named = element(MI_INT8, name.getBytes(StandardCharsets.US_ASCII));
    ByteBuffer out = le(48 * depth + innermost.length + named.length - 8);
    for (int level = 0; level < depth; level++) {
      int nameBytes = level == 0 ? named.length : 8;
      int size = out.capacity() - out.position() - 8;
      out.putInt(MI_MATRIX).putInt(size);
      out.putInt(MI_UINT32).putInt(8).putInt(MX_CELL).putInt(0);
      out.putInt(MI_INT32).putInt(8).putInt(1).putInt(1);
      out.put(level == 0 ? named : new byte[] {MI_INT8, 0, 0, 0, 0, 0, 0, 0}, 0, nameBytes);
    }
    return out.put(innermost).array();
  }

  /** An {@code miCOMPRESSED} element of {@code stream} (a zlib stream), its tag saying its length. */
  static byte[] matV5Compressed(byte[] stream) {
    return concat(le(8).putInt(MI_COMPRESSED).putInt(stream.length).array(), stream);
  }

  /** A v5 data element: tag (type, byte count), data, zero padding to 8 bytes. */
  private static byte[] element(int type, byte[] data) {
    byte[] out = new byte[8 + (data.length + 7) / 8 * 8];
    le(8).putInt(type).putInt(data.length).flip().get(out, 0, 8);
    System.arraycopy(data, 0, out, 8, data.length);
    return out;
  }

  private static ByteBuffer le(int bytes) {
    return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /**
   * An HDF5 file (h5py's or hdf5storage's fixture) with every rank-2 version-1 dataspace message
   * of dimensions {@code (from0, from1)} (and the same maximum dimensions) changed to {@code to}:
   * a forged shape, the data storage untouched. Fails when no such message exists.
   */
  static byte[] h5WithDims(byte[] h5, long[] from, long[] to) {
    byte[] out = h5.clone();
    ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
    int found = 0;
    for (int i = 0; i + 40 <= out.length; i++) {
      boolean version1Rank2WithMax = out[i] == 1 && out[i + 1] == 2 && out[i + 2] == 1 && b.getInt(i + 4) == 0;
      if (version1Rank2WithMax && b.getLong(i + 8) == from[0] && b.getLong(i + 16) == from[1]
          && b.getLong(i + 24) == from[0] && b.getLong(i + 32) == from[1]) {
        b.putLong(i + 8, to[0]).putLong(i + 16, to[1]).putLong(i + 24, to[0]).putLong(i + 32, to[1]);
        found++;
      }
    }
    if (found == 0) {
      throw new IllegalArgumentException("no dataspace " + Arrays.toString(from) + " in the fixture");
    }
    return out;
  }

  /**
   * An HDF5 file whose first rank-2 chunk (the first entry of its first version-1 chunk B-tree,
   * {@code "TREE"} node type 1) is replaced by {@code chunk}, appended at the end of the file: the
   * entry's stored size and address are patched (v1 B-tree nodes carry no checksum).
   */
  static byte[] h5WithFirstChunk(byte[] h5, byte[] chunk) {
    int tree = -1;
    for (int i = 0; i + 8 <= h5.length && tree < 0; i++) {
      if (h5[i] == 'T' && h5[i + 1] == 'R' && h5[i + 2] == 'E' && h5[i + 3] == 'E' && h5[i + 4] == 1) {
        tree = i;
      }
    }
    if (tree < 0) {
      throw new IllegalArgumentException("no chunk B-tree in the fixture");
    }
    byte[] out = Arrays.copyOf(h5, h5.length + chunk.length);
    System.arraycopy(chunk, 0, out, h5.length, chunk.length);
    // node: signature 4, type 1, level 1, entries 2, left and right siblings 8 + 8; then key 0
    // (chunk size 4, filter mask 4, offsets 3 × 8 for a rank-2 data set) and child 0 (address 8)
    int key0 = tree + 24;
    ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(key0, chunk.length).putLong(key0 + 32, h5.length);
    return out;
  }
}
