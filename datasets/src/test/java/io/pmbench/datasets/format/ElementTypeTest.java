package io.pmbench.datasets.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ElementTypeTest {

  /** binary16 from its definition: (−1)^s · 2^(e−15) · (1 + m/1024), subnormals 2^−14 · m/1024. */
  private static double reference(int h) {
    int s = h >>> 15;
    int e = (h >>> 10) & 0x1F;
    int m = h & 0x3FF;
    double sign = s == 0 ? 1 : -1;
    if (e == 0x1F) {
      return m == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
    }
    if (e == 0) {
      return sign * Math.scalb(m / 1024.0, -14);
    }
    return sign * Math.scalb(1 + m / 1024.0, e - 15);
  }

  @Test
  void halfToFloat_everyBitPattern_matchesDefinition() {
    for (int h = 0; h < 0x10000; h++) {
      float got = ElementType.halfToFloat((short) h);
      double want = reference(h);
      if (Double.isNaN(want)) {
        assertTrue(Float.isNaN(got), "pattern " + Integer.toHexString(h));
      } else {
        assertEquals(want, got, 0.0, "pattern " + Integer.toHexString(h));
        assertEquals(h >>> 15, Float.floatToRawIntBits(got) >>> 31, "sign of pattern " + Integer.toHexString(h));
      }
    }
  }
}
