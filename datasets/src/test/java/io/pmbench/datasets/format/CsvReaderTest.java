package io.pmbench.datasets.format;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReaderTest {
  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  private static LabelledArray read(CsvReader reader, Path p) {
    return reader.read(DataSource.of(p));
  }

  @Test
  void read_withHeader_skipsHeaderAndTakesLastColumnAsLabel() throws IOException {
    Path p = write("t.csv", "x1,x2,label\n0.5,1.5,3\n-1,2e-3,7\n");
    LabelledArray t = read(new CsvReader(), p);
    assertEquals(2, t.features().rows());
    assertEquals(2, t.features().cols());
    assertArrayEquals(new float[] {0.5f, 1.5f, -1f, 2e-3f}, t.features().data());
    assertArrayEquals(new long[] {3, 7}, t.labels().values());
    assertEquals(Fixtures.sha256(p), t.features().sha256());
  }

  @Test
  void read_withoutHeader_readsEveryLineAsData() throws IOException {
    Path p = write("t.csv", "0.5,1.5,3\n\n-1,2,7\n");
    LabelledArray t = read(new CsvReader(), p);
    assertEquals(2, t.features().rows());
    assertArrayEquals(new long[] {3, 7}, t.labels().values());
  }

  @Test
  void read_labelByName_usesThatColumn() throws IOException {
    Path p = write("t.csv", "class,a,b\n4,1,2\n5,3,4\n");
    LabelledArray t = read(new CsvReader(new LabelColumn.ByName("class"), CsvReader.Header.AUTO), p);
    assertArrayEquals(new long[] {4, 5}, t.labels().values());
    assertArrayEquals(new float[] {1, 2, 3, 4}, t.features().data());
  }

  @Test
  void read_labelByIndex_countsFromZeroAndFromTheEnd() throws IOException {
    Path p = write("t.csv", "1,2,3\n4,5,6\n");
    assertArrayEquals(new long[] {1, 4},
        read(new CsvReader(LabelColumn.parse("0"), CsvReader.Header.AUTO), p).labels().values());
    LabelledArray middle = read(new CsvReader(LabelColumn.parse("-2"), CsvReader.Header.AUTO), p);
    assertArrayEquals(new long[] {2, 5}, middle.labels().values());
    assertArrayEquals(new float[] {1, 3, 4, 6}, middle.features().data());
  }

  @Test
  void read_tsvExtension_splitsOnTabs() throws IOException {
    Path p = write("t.tsv", "a\tb\ty\n1\t2\t0\n");
    LabelledArray t = read(new CsvReader(), p);
    assertArrayEquals(new float[] {1, 2}, t.features().data());
  }

  @Test
  void read_quotedCellsAndNumpyNanInf_parse() throws IOException {
    Path p = write("t.csv", "\"a, first\",\"b\",\"y\"\n\"1\",nan,2\ninf,-inf,3\n");
    LabelledArray t = read(new CsvReader(), p);
    float[] x = t.features().data();
    assertEquals(1f, x[0]);
    assertTrue(Float.isNaN(x[1]));
    assertEquals(Float.POSITIVE_INFINITY, x[2]);
    assertEquals(Float.NEGATIVE_INFINITY, x[3]);
  }

  @Test
  void read_nonNumericCell_namesFileLineAndColumn() throws IOException {
    Path p = write("bad.csv", "a,b,y\n1,2,0\n3,oops,1\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> read(new CsvReader(), p));
    assertMessage(e.getMessage(), "bad.csv", "line 3, column 2 (\"b\"): 'oops' is not a number");
  }

  @Test
  void read_raggedRow_namesFileAndLine() throws IOException {
    Path p = write("ragged.csv", "1,2,0\n3,4,5,1\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> read(new CsvReader(), p));
    assertMessage(e.getMessage(), "ragged.csv", "line 2 has 4 cells, expected 3");
  }

  @Test
  void read_fractionalLabel_namesFileAndLine() throws IOException {
    Path p = write("frac.csv", "1,2,0\n3,4,2.5\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> read(new CsvReader(), p));
    assertMessage(e.getMessage(), "frac.csv", "line 2, label column 3: '2.5' is not an integer label");
  }

  @Test
  void read_labelNameWithoutHeader_namesFile() throws IOException {
    Path p = write("nohead.csv", "1,2,0\n");
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> read(new CsvReader(new LabelColumn.ByName("y"), CsvReader.Header.AUTO), p));
    assertMessage(e.getMessage(), "nohead.csv", "no header line");
  }

  @Test
  void read_unknownLabelName_listsColumns() throws IOException {
    Path p = write("t.csv", "a,b,y\n1,2,0\n");
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> read(new CsvReader(new LabelColumn.ByName("label"), CsvReader.Header.AUTO), p));
    assertMessage(e.getMessage(), "t.csv", "no column named \"label\" in the header (columns: a, b, y)");
  }

  @Test
  void read_emptyFile_namesFile() throws IOException {
    Path p = write("empty.csv", "\n\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> read(new CsvReader(), p));
    assertMessage(e.getMessage(), "empty.csv", "empty file");
  }

  /** Java's parser takes these; a CSV writer never writes them, so they are refused (issue 26). */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"0x1p-3", "1.5f", "2d", "1_000", "1.5F", "0X10", "1e", "."})
  void read_javaOnlyNumberSyntax_refusedNamingFileLineAndColumn(String cell) throws IOException {
    Path p = write("java.csv", "a,b,y\n1,2,0\n3," + cell + ",1\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> read(new CsvReader(), p));
    assertMessage(e.getMessage(), "java.csv", "line 3, column 2 (\"b\"): '" + cell + "' is not a number (decimal or scientific");
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"0x1p1", "2d", "1_0", "3L"})
  void read_javaOnlyLabelSyntax_refusedNamingFileLineAndColumn(String cell) throws IOException {
    Path p = write("jl.csv", "a,b,y\n1,2,0\n3,4," + cell + "\n");
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> read(new CsvReader(), p));
    assertMessage(e.getMessage(), "jl.csv", "line 3, label column 3 (\"y\"): '" + cell + "' is not an integer label");
  }

  @Test
  void read_decimalAndScientificForms_parse() throws IOException {
    Path p = write("ok.csv", "1.,-.5,+2E+2,0\n3e-1,4.25,-0,1\n");
    assertArrayEquals(new float[] {1f, -0.5f, 200f, 0.3f, 4.25f, -0f}, read(new CsvReader(), p).features().data());
  }
}
