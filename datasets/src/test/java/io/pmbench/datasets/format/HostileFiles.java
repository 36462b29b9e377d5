package io.pmbench.datasets.format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds hostile inputs in memory (issue 26): files whose headers declare more data than they
 * hold (forged shapes), gzip bombs (a little compressed data that inflates to much), and pickle
 * bombs. Nothing here needs numpy or torch.
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
}
