package io.pmbench.experiments.sweep;

import java.io.ByteArrayOutputStream;
import java.util.Base64;

/**
 * Integer arrays of a cell file in compact text: each value v ≥ −1 stored as v + 1 in unsigned
 * LEB128 (7 bits a byte, low bits first, the high bit set on every byte but the last), the bytes
 * in Base64. Gallery ids below 16,383 and labels below 127 take two and one bytes; −1 (a missing
 * neighbour) takes one.
 */
final class PackedInts {
  private PackedInts() {}

  /** The text of {@code values}. */
  static String encode(int[] values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(values.length * 2);
    for (int v : values) {
      if (v < -1) {
        throw new IllegalArgumentException("packed value must be >= -1. Provided value: " + v);
      }
      long u = (long) v + 1;
      while (u >= 0x80) {
        out.write((int) (u & 0x7f) | 0x80);
        u >>>= 7;
      }
      out.write((int) u);
    }
    return Base64.getEncoder().encodeToString(out.toByteArray());
  }

  /** Every value of {@code text} (each value's last byte is the one without the high bit). */
  static int[] decodeAll(String text, String field) {
    int count = 0;
    for (byte b : base64(text, field)) {
      count += (b & 0x80) == 0 ? 1 : 0;
    }
    return decode(text, count, field);
  }

  private static byte[] base64(String text, String field) {
    try {
      return Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(field + " must be Base64. Provided value: " + e.getMessage());
    }
  }

  /**
   * The {@code count} values of {@code text}.
   *
   * @throws IllegalArgumentException if the text does not hold exactly {@code count} values
   */
  static int[] decode(String text, int count, String field) {
    byte[] bytes = base64(text, field);
    int[] out = new int[count];
    int p = 0;
    for (int i = 0; i < count; i++) {
      long u = 0;
      int shift = 0;
      while (true) {
        if (p >= bytes.length || shift > 28) {
          throw new IllegalArgumentException(field + " must hold " + count + " packed values. Provided value: "
              + "ends after " + i);
        }
        int b = bytes[p++] & 0xff;
        u |= (long) (b & 0x7f) << shift;
        shift += 7;
        if (b < 0x80) {
          break;
        }
      }
      out[i] = (int) (u - 1);
    }
    if (p != bytes.length) {
      throw new IllegalArgumentException(field + " must hold " + count + " packed values. Provided value: "
          + (bytes.length - p) + " bytes more");
    }
    return out;
  }
}
