package io.pmbench.datasets.format;

import static io.pmbench.datasets.format.MatV5Writer.cell;
import static io.pmbench.datasets.format.MatV5Writer.chars;
import static io.pmbench.datasets.format.MatV5Writer.compressed;
import static io.pmbench.datasets.format.MatV5Writer.doubles;
import static io.pmbench.datasets.format.MatV5Writer.element;
import static io.pmbench.datasets.format.MatV5Writer.file;
import static io.pmbench.datasets.format.MatV5Writer.matrix;
import static io.pmbench.datasets.format.MatV5Writer.scalar;
import static io.pmbench.datasets.format.MatV5Writer.struct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.MatV5Values.CellArray;
import io.pmbench.datasets.format.MatV5Values.Chars;
import io.pmbench.datasets.format.MatV5Values.Numeric;
import io.pmbench.datasets.format.MatV5Values.StructArray;
import io.pmbench.datasets.format.MatV5Values.Value;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class MatV5ValuesTest {
  @TempDir
  Path tmp;

  private Path write(String name, byte[] bytes) throws IOException {
    Path p = tmp.resolve(name);
    Files.write(p, bytes);
    return p;
  }

  private Path scipyFile(String name) throws IOException {
    try (InputStream in = getClass().getResourceAsStream("/io/pmbench/datasets/images/cars196-devkit-scipy/" + name)) {
      return write(name, in.readAllBytes());
    }
  }

  @Test
  void read_structArrayWrittenByScipy_fieldsAndValues() throws IOException {
    // scipy's savemat is an independent writer: small elements for the field name length, the
    // uint8/uint16 scalars of the Cars devkit, char rows as UTF-16
    Map<String, Value> vars = MatV5Values.read(scipyFile("cars_train_annos.mat"));
    StructArray a = (StructArray) vars.get("annotations");
    assertArrayEquals(new int[] {1, 4}, a.dims());
    assertEquals(List.of("bbox_x1", "bbox_y1", "bbox_x2", "bbox_y2", "class", "fname"), a.fields());
    Map<String, Value> second = a.elements().get(1);
    assertArrayEquals(new double[] {300}, ((Numeric) second.get("bbox_x2")).values());
    assertArrayEquals(new double[] {99}, ((Numeric) second.get("class")).values());
    assertEquals("00002.jpg", ((Chars) second.get("fname")).text());
  }

  @Test
  void read_compressedCellWrittenByScipy_names() throws IOException {
    CellArray names = (CellArray) MatV5Values.read(scipyFile("cars_meta.mat")).get("class_names");
    assertArrayEquals(new int[] {1, 196}, names.dims());
    assertEquals("Make Model 196", ((Chars) names.items().get(195)).text());
  }

  @Test
  void read_javaWrittenStructCellAndDoubles_sameTree() throws IOException {
    byte[] s = struct("s", new int[] {2, 1}, List.of("a", "b"), List.of(scalar("", 7), chars("", "x"),
        doubles("", new int[] {1, 2}, 1.5, -2), cell("", new int[] {1, 1}, List.of(chars("", "in")))));
    Map<String, Value> vars = MatV5Values.read(write("s.mat", file(s, compressed(chars("t", "text")))));
    StructArray st = (StructArray) vars.get("s");
    assertEquals(2, st.elements().size());
    assertArrayEquals(new double[] {1.5, -2}, ((Numeric) st.elements().get(1).get("a")).values());
    assertEquals("in", ((Chars) ((CellArray) st.elements().get(1).get("b")).items().get(0)).text());
    assertEquals("text", ((Chars) vars.get("t")).text());
  }

  private void assertRefused(byte[] bytes, String what) throws IOException {
    Path p = write("bad.mat", bytes);
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> MatV5Values.read(p));
    assertTrue(e.getMessage().startsWith(p + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(what), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  @Timeout(10)
  void read_cellsNestedTwoThousandDeep_refusedWithoutStackOverflow() throws IOException {
    byte[] v = chars("", "x");
    for (int i = 0; i < 2_000; i++) {
      v = cell(i == 1_999 ? "deep" : "", new int[] {1, 1}, List.of(v));
    }
    assertRefused(file(v), "nested more than 8 deep");
  }

  @Test
  @Timeout(10)
  void read_structClaimingABillionElements_refusedBeforeSizingAnything() throws IOException {
    byte[] s = struct("s", new int[] {1, 1 << 30}, List.of("a"), List.of(scalar("", 1)));
    assertRefused(file(s), "over the limit of 4194304");
    byte[] t = struct("s", new int[] {1, 1 << 20}, List.of("a"), List.of(scalar("", 1)));
    assertRefused(file(t), "claims 1048576 elements of 1 fields in ");
  }

  @Test
  void read_fieldNameLengthOverTheCap_refused() throws IOException {
    byte[] s = matrix(MatV5Writer.MX_STRUCT, "s", new int[] {1, 1}, element(MatV5Writer.MI_INT32,
        new byte[] {(byte) 0x00, 0, 0, 0x40}), element(MatV5Writer.MI_INT8, new byte[8]));
    assertRefused(file(s), "field name length of 1073741824 (1 to 64)");
  }

  @Test
  void read_elementClaimingMoreThanTheFileHas_truncated() throws IOException {
    byte[] v = element(MatV5Writer.MI_MATRIX, 1L << 31, new byte[16]);
    assertRefused(file(v), "truncated: variable 0 at byte 128 needs 2147483648 bytes");
    byte[] whole = file(chars("t", "text"));
    assertRefused(java.util.Arrays.copyOf(whole, whole.length - 12), "truncated");
  }

  @Test
  @Timeout(20)
  void read_compressedBomb_stopsAtTheInflatedCap() throws IOException {
    // 80 MiB of zeros deflate to about 80 KB: inflation must stop at 64 MiB, not follow the stream
    byte[] zeros = new byte[80 << 20];
    assertRefused(file(compressed(zeros)), "inflates to more than 67108864 bytes");
  }

  @Test
  void read_fileOverTheCap_refusedBeforeReading() throws IOException {
    Path p = tmp.resolve("huge.mat");
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.setLength(MatV5Values.MAX_FILE_BYTES + 1); // sparse: no disk is written
    }
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> MatV5Values.read(p));
    assertTrue(e.getMessage().startsWith(p + ": 67108865 bytes is over the 67108864-byte limit"), e.getMessage());
  }

  @Test
  void read_complexOrSparse_refused() throws IOException {
    byte[] complex = element(MatV5Writer.MI_MATRIX, java.nio.ByteBuffer.allocate(40).order(java.nio.ByteOrder.LITTLE_ENDIAN)
        .putInt(MatV5Writer.MI_UINT32).putInt(8).putInt(6 | 0x800).putInt(0)
        .putInt(MatV5Writer.MI_INT32).putInt(8).putInt(1).putInt(1)
        .putInt(MatV5Writer.MI_INT8).putInt(0).array());
    assertRefused(file(complex), "is complex");
    assertRefused(file(matrix(5, "sp", new int[] {1, 1})), "variable 'sp' is of MATLAB class 5");
  }

  @Test
  void read_notAMatFile_refused() throws IOException {
    assertRefused(new byte[200], "not a MATLAB v5 file");
    assertRefused(new byte[20], "truncated: a MATLAB v5 header is 128 bytes");
  }
}
