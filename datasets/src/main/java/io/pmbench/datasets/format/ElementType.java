package io.pmbench.datasets.format;

import java.nio.ByteBuffer;

/** The element types the array readers decode (numpy names; IDX uses a subset). */
public enum ElementType {
  UINT8(1, true),
  INT8(1, true),
  INT16(2, true),
  UINT16(2, true),
  INT32(4, true),
  UINT32(4, true),
  INT64(8, true),
  FLOAT16(2, false),
  FLOAT32(4, false),
  FLOAT64(8, false);

  private final int bytes;
  private final boolean integer;

  ElementType(int bytes, boolean integer) {
    this.bytes = bytes;
    this.integer = integer;
  }

  /** Size of one element in bytes. */
  public int bytes() {
    return bytes;
  }

  /** Whether the values are integers (the only types allowed for labels). */
  public boolean isInteger() {
    return integer;
  }

  /** Decodes the next element of {@code bb} (whose byte order is set) as a double. */
  double decode(ByteBuffer bb) {
    return switch (this) {
      case FLOAT16 -> halfToFloat(bb.getShort());
      case FLOAT32 -> bb.getFloat();
      case FLOAT64 -> bb.getDouble();
      default -> decodeInteger(bb);
    };
  }

  /** Decodes the next integer element of {@code bb}; only for {@link #isInteger()} types. */
  long decodeInteger(ByteBuffer bb) {
    return switch (this) {
      case UINT8 -> bb.get() & 0xFFL;
      case INT8 -> bb.get();
      case INT16 -> bb.getShort();
      case UINT16 -> bb.getShort() & 0xFFFFL;
      case INT32 -> bb.getInt();
      case UINT32 -> bb.getInt() & 0xFFFF_FFFFL;
      case INT64 -> bb.getLong();
      default -> throw new IllegalStateException(this + " is not an integer type");
    };
  }

  /**
   * IEEE 754 binary16 to binary32 (exact: every half value is a float). Java 17 has no
   * {@code Float.float16ToFloat}, which arrived in Java 20.
   */
  static float halfToFloat(short half) {
    int h = half & 0xFFFF;
    int sign = (h & 0x8000) << 16;
    int exponent = (h >>> 10) & 0x1F;
    int mantissa = h & 0x3FF;
    if (exponent == 0x1F) {
      return Float.intBitsToFloat(sign | 0x7F80_0000 | (mantissa << 13));
    }
    if (exponent == 0) {
      float subnormal = mantissa * 0x1p-24f;
      return sign == 0 ? subnormal : -subnormal;
    }
    return Float.intBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
  }
}
