package io.pmbench.datasets.format;

import java.nio.ByteBuffer;

/** The element types the array readers decode (numpy names; IDX uses a subset). */
public enum ElementType {
  UINT8(1),
  INT8(1),
  INT16(2),
  UINT16(2),
  INT32(4),
  UINT32(4),
  INT64(8),
  FLOAT16(2),
  FLOAT32(4),
  FLOAT64(8);

  private final int bytes;

  ElementType(int bytes) {
    this.bytes = bytes;
  }

  /** Size of one element in bytes. */
  public int bytes() {
    return bytes;
  }

  /** Whether the values are integers (the only types allowed for labels): all but the floats. */
  public boolean isInteger() {
    return switch (this) {
      case FLOAT16, FLOAT32, FLOAT64 -> false;
      default -> true;
    };
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
