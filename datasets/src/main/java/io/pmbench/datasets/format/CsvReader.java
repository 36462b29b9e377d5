package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.core.data.QuotedFields;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Reads CSV ({@code .csv}, comma) and TSV ({@code .tsv}, tab) tables of numbers, one row per
 * image, gzipped or not; files with other extensions are read as CSV.
 *
 * <p>The first non-blank line is a header when {@link Header#AUTO} finds a cell in it that is
 * not a number. The label column is chosen by name or index ({@link LabelColumn}, default the
 * last column); every other column is a feature, in file order. Cells may be quoted
 * ({@code "..."}, with {@code ""} for a quote), surrounding spaces are ignored, blank lines are
 * skipped. Feature cells are decimal numbers, {@code nan} or {@code inf} (as numpy writes
 * them); labels are integers. Errors name the file and the 1-based line.
 *
 * <p>The file is read twice: once to count rows (so the values go straight into one array of
 * the right size) and once to parse. Both passes checksum the bytes and must agree.
 */
public final class CsvReader implements TableReader {

  /** Whether the first non-blank line is a header. */
  public enum Header {
    /** A header if any of its cells is not a number. */
    AUTO,
    PRESENT,
    ABSENT
  }

  private final LabelColumn labelColumn;
  private final Header header;

  /** Label in the last column, header detected. */
  public CsvReader() {
    this(LabelColumn.last(), Header.AUTO);
  }

  public CsvReader(LabelColumn labelColumn, Header header) {
    this.labelColumn = Objects.requireNonNull(labelColumn, "labelColumn");
    this.header = Objects.requireNonNull(header, "header");
  }

  /** Tab for names ending {@code .tsv} or {@code .tsv.gz}, otherwise comma. */
  public static char delimiterFor(String fileName) {
    String n = fileName.toLowerCase(Locale.ROOT);
    return n.endsWith(".tsv") || n.endsWith(".tsv.gz") ? '\t' : ',';
  }

  @Override
  public LabelledArray read(DataSource source) {
    String name = source.name();
    char delimiter = delimiterFor(name);
    Scan scan = ChecksummedInput.read(source, in -> scan(in, delimiter));
    int labelIndex = resolveLabelColumn(name, scan);
    int cols = scan.columns() - 1;
    long rows = scan.dataRows();
    if (rows * cols > ArrayBodies.MAX_ELEMENTS) {
      throw new InvalidDataException(name + ": " + rows + " rows of " + cols + " features is too large to load into one array");
    }
    Allocation.requireHeap(name, "(" + rows + ", " + cols + ")", Allocation.bytes(rows, (long) cols * Float.BYTES + Long.BYTES));
    float[] data = new float[(int) (rows * cols)];
    long[] labels = new long[(int) rows];
    String sha = ChecksummedInput.read(source, in -> parse(in, delimiter, scan, labelIndex, data, labels));
    if (!sha.equals(scan.sha256())) {
      throw new InvalidDataException(name + ": the file changed while it was being read (its SHA-256 differs between passes)");
    }
    return new LabelledArray(new FeatureArray(name, data, (int) rows, cols, sha), new LabelArray(name, labels, sha));
  }

  /**
   * What the first pass learns.
   *
   * @param headerCells the header's cells, or null when there is no header
   * @param columns cells per row
   * @param dataRows number of non-blank lines that are not the header
   * @param sha256 checksum of the file
   */
  private record Scan(List<String> headerCells, int columns, long dataRows, String sha256) {}

  private Scan scan(ChecksummedInput in, char delimiter) throws IOException {
    ContentLines lines = new ContentLines(in);
    List<String> first = null;
    long contentLines = 0;
    String line;
    while ((line = lines.next()) != null) {
      if (first == null) {
        first = cells(in.name(), lines.lineNo(), stripBom(line), delimiter);
      }
      contentLines++;
    }
    if (first == null) {
      throw new InvalidDataException(in.name() + ": empty file (no rows)");
    }
    boolean hasHeader = switch (header) {
      case PRESENT -> true;
      case ABSENT -> false;
      case AUTO -> first.stream().anyMatch(c -> !isNumber(c));
    };
    if (first.size() < 2) {
      throw new InvalidDataException(in.name() + ": needs at least 2 columns (features and a label), found " + first.size());
    }
    return new Scan(hasHeader ? first : null, first.size(), contentLines - (hasHeader ? 1 : 0), in.finish());
  }

  private int resolveLabelColumn(String name, Scan scan) {
    if (labelColumn instanceof LabelColumn.ByName byName) {
      if (scan.headerCells() == null) {
        throw new InvalidDataException(name + ": label column \"" + byName.name()
            + "\" is chosen by name but the file has no header line");
      }
      int i = scan.headerCells().indexOf(byName.name());
      if (i < 0) {
        throw new InvalidDataException(name + ": no column named \"" + byName.name() + "\" in the header (columns: "
            + Printable.escape(String.join(", ", scan.headerCells()), 200) + ")");
      }
      return i;
    }
    int index = ((LabelColumn.ByIndex) labelColumn).index();
    int resolved = index < 0 ? scan.columns() + index : index;
    if (resolved < 0 || resolved >= scan.columns()) {
      throw new InvalidDataException(name + ": label column index " + index + " is out of range for "
          + scan.columns() + " columns");
    }
    return resolved;
  }

  private String parse(ChecksummedInput in, char delimiter, Scan scan, int labelIndex, float[] data, long[] labels)
      throws IOException {
    ContentLines lines = new ContentLines(in);
    int cols = scan.columns() - 1;
    boolean skipHeader = scan.headerCells() != null;
    int row = 0;
    String line;
    while ((line = lines.next()) != null) {
      int lineNo = lines.lineNo();
      if (skipHeader) {
        skipHeader = false;
        continue;
      }
      if (row >= labels.length) {
        throw new InvalidDataException(in.name() + ": the file changed while it was being read (more rows than counted)");
      }
      List<String> cells = cells(in.name(), lineNo, row == 0 ? stripBom(line) : line, delimiter);
      if (cells.size() != scan.columns()) {
        throw new InvalidDataException(in.name() + ": line " + lineNo + " has " + cells.size() + " cells, expected "
            + scan.columns() + " (as in the first line)");
      }
      int out = row * cols;
      for (int c = 0; c < cells.size(); c++) {
        if (c == labelIndex) {
          labels[row] = parseLabel(in.name(), lineNo, c, scan, cells.get(c));
        } else {
          data[out++] = parseFeature(in.name(), lineNo, c, scan, cells.get(c));
        }
      }
      row++;
    }
    if (row != labels.length) {
      throw new InvalidDataException(in.name() + ": the file changed while it was being read (fewer rows than counted)");
    }
    return in.finish();
  }

  /**
   * The longest line read (16 Mi characters: a row of half a million features); a longer one, or
   * a file with no newline at all, is refused when its first {@value} characters have been read.
   */
  static final int MAX_LINE_CHARS = 1 << 24;

  /**
   * The non-blank lines of a pass over the file (UTF-8), with their 1-based line numbers. Lines
   * end at {@code \n}, {@code \r} or {@code \r\n}, as {@link BufferedReader#readLine} has it,
   * and none may exceed {@link #MAX_LINE_CHARS}.
   */
  private static final class ContentLines {
    private final String name;
    private final Reader reader;
    private final char[] buffer = new char[1 << 16];
    private final StringBuilder line = new StringBuilder();
    private int length;
    private int at;
    private boolean afterCr;
    private int lineNo;

    ContentLines(ChecksummedInput in) {
      this.name = in.name();
      this.reader = new InputStreamReader(in.data(), StandardCharsets.UTF_8);
    }

    /** The next non-blank line, or null at the end of the file. */
    String next() throws IOException {
      String l;
      while ((l = readLine()) != null) {
        lineNo++;
        if (!l.isBlank()) {
          return l;
        }
      }
      return null;
    }

    /** The next line without its end, or null at the end of the file; refuses an over-long one. */
    private String readLine() throws IOException {
      line.setLength(0);
      boolean any = false;
      while (true) {
        if (at == length) {
          length = Math.max(0, reader.read(buffer, 0, buffer.length));
          at = 0;
          if (length == 0) {
            return any ? line.toString() : null;
          }
        }
        if (afterCr) {
          afterCr = false;
          if (buffer[at] == '\n') {
            at++;
            continue;
          }
        }
        int start = at;
        while (at < length && buffer[at] != '\n' && buffer[at] != '\r') {
          at++;
        }
        if (line.length() + (at - start) > MAX_LINE_CHARS) {
          throw new InvalidDataException(name + ": line " + (lineNo + 1) + " is longer than " + MAX_LINE_CHARS
              + " characters (a row of numbers never is: a binary file, or no line breaks?)");
        }
        line.append(buffer, start, at - start);
        any |= at > start;
        if (at < length) {
          afterCr = buffer[at++] == '\r';
          return line.toString();
        }
      }
    }

    /** The line number of the line {@link #next} returned last. */
    int lineNo() {
      return lineNo;
    }
  }

  private static String stripBom(String line) {
    return line.startsWith("\uFEFF") ? line.substring(1) : line;
  }

  /** Splits one line into trimmed cells, honouring double quotes. */
  static List<String> cells(String name, int lineNo, String line, char delimiter) {
    QuotedFields split = QuotedFields.split(line, delimiter, true);
    if (split.unterminated()) {
      throw new InvalidDataException(name + ": line " + lineNo + ": unterminated quote");
    }
    return split.fields();
  }

  private static String columnText(int c, Scan scan) {
    String text = "column " + (c + 1);
    return scan.headerCells() == null ? text : text + " (\"" + Printable.escape(scan.headerCells().get(c), 100) + "\")";
  }

  private static float parseFeature(String name, int lineNo, int c, Scan scan, String cell) {
    try {
      return parseNumber(cell);
    } catch (NumberFormatException e) {
      throw new InvalidDataException(name + ": line " + lineNo + ", " + columnText(c, scan) + ": '"
          + Printable.escape(cell, 100) + "' is not a number (" + NUMBER_SYNTAX + ")");
    }
  }

  private static long parseLabel(String name, int lineNo, int c, Scan scan, String cell) {
    if (DECIMAL.matcher(cell).matches()) {
      try {
        return Long.parseLong(cell);
      } catch (NumberFormatException e) {
        double v = Double.parseDouble(cell);
        if (v == Math.rint(v) && Math.abs(v) < 0x1p53) {
          return (long) v;
        }
      }
    }
    throw new InvalidDataException(name + ": line " + lineNo + ", label " + columnText(c, scan) + ": '"
        + Printable.escape(cell, 100) + "' is not an integer label (" + NUMBER_SYNTAX + ")");
  }

  private static boolean isNumber(String cell) {
    try {
      parseNumber(cell);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * A number as CSV writers (numpy, pandas, R, spreadsheets) write one: optional sign, digits
   * with an optional fraction, optional exponent. Java's parser also takes hexadecimal
   * ({@code 0x1p-3}), type suffixes ({@code 1.5f}, {@code 2d}) and surrounding control
   * characters; those are refused before it sees the cell.
   */
  private static final Pattern DECIMAL = Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

  /** What a number cell may look like, for messages. */
  static final String NUMBER_SYNTAX = "decimal or scientific, e.g. 1.5, -2, 3e-4; not 0x1p-3, 1.5f, 2d or 1_000";

  /**
   * A decimal number, or numpy's {@code nan}, {@code inf}, {@code -inf} (any case; the row checks
   * refuse them later with their row and column).
   *
   * @throws NumberFormatException for anything else
   */
  static float parseNumber(String cell) {
    if (DECIMAL.matcher(cell).matches()) {
      return Float.parseFloat(cell);
    }
    switch (cell.toLowerCase(Locale.ROOT)) {
      case "nan", "+nan", "-nan":
        return Float.NaN;
      case "inf", "+inf", "infinity", "+infinity":
        return Float.POSITIVE_INFINITY;
      case "-inf", "-infinity":
        return Float.NEGATIVE_INFINITY;
      default:
        throw new NumberFormatException(cell);
    }
  }
}
