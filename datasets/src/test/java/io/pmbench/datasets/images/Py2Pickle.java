package io.pmbench.datasets.images;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Writes pickles with the opcodes Python 2's {@code cPickle} uses at protocol 2 (SHORT_BINSTRING
 * and BINSTRING for {@code str}, BININT1/BININT2/BININT, MARK … APPENDS and MARK … SETITEMS), so
 * the tests can build CIFAR-100 python pickles, whole or broken, byte by byte. (The committed
 * {@code cifar100-python-py2/} copy, written by cPickle itself, checks that this writer is
 * faithful.)
 */
final class Py2Pickle {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  Py2Pickle() {
    op(0x80).op(2);
  }

  Py2Pickle op(int b) {
    out.write(b);
    return this;
  }

  Py2Pickle repeat(int b, int times) {
    byte[] run = new byte[times];
    Arrays.fill(run, (byte) b);
    out.writeBytes(run);
    return this;
  }

  Py2Pickle int32(long v) {
    for (int i = 0; i < 4; i++) {
      out.write((int) (v >> (8 * i)));
    }
    return this;
  }

  /** A Python 2 {@code str}: SHORT_BINSTRING below 256 bytes, BINSTRING from there. */
  Py2Pickle str(String s) {
    return bytes(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  Py2Pickle bytes(byte[] b) {
    if (b.length < 256) {
      op('U').op(b.length);
    } else {
      op('T').int32(b.length);
    }
    out.writeBytes(b);
    return this;
  }

  Py2Pickle integer(long v) {
    if (v >= 0 && v < 256) {
      return op('K').op((int) v);
    }
    if (v >= 0 && v < 65536) {
      return op('M').op((int) v & 0xFF).op((int) v >> 8);
    }
    return op('J').int32(v);
  }

  Py2Pickle global(String module, String name) {
    out.writeBytes(("c" + module + "\n" + name + "\n").getBytes(StandardCharsets.US_ASCII));
    return this;
  }

  /** A list of ints, as MARK … APPENDS. */
  Py2Pickle ints(int... values) {
    op(']').op('(');
    for (int v : values) {
      integer(v);
    }
    return op('e');
  }

  Py2Pickle strs(List<String> values) {
    op(']').op('(');
    values.forEach(this::str);
    return op('e');
  }

  /** {@code numpy.dtype(code, 0, 1)} with numpy 1.x's version-3 state. */
  Py2Pickle dtype(String code) {
    global("numpy", "dtype").str(code).integer(0).integer(1).op(0x87).op('R');
    return op('(').integer(3).str("|").op('N').op('N').op('N').integer(-1).integer(-1).integer(0).op('t').op('b');
  }

  /** A C-ordered uint8 numpy array of shape (rows, raw.length / rows), as numpy 1.x reduces it. */
  Py2Pickle array(int rows, byte[] raw) {
    global("numpy.core.multiarray", "_reconstruct").global("numpy", "ndarray").integer(0).op(0x85).str("b").op(0x87)
        .op('R');
    op('(').integer(1).integer(rows).integer(rows == 0 ? 0 : raw.length / rows).op(0x86).dtype("u1").op(0x89);
    return bytes(raw).op('t').op('b');
  }

  /** The key of a dict entry (a {@code str}); its value follows, and {@link #endDict} closes the dict. */
  Py2Pickle beginDict() {
    return op('}').op('(');
  }

  Py2Pickle key(String k) {
    return str(k);
  }

  Py2Pickle endDict() {
    return op('u');
  }

  byte[] stop() {
    op('.');
    return out.toByteArray();
  }
}
