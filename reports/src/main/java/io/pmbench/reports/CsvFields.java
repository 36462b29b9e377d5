package io.pmbench.reports;

import io.pmbench.core.data.QuotedFields;
import java.util.List;

/**
 * The fields of one CSV line (RFC 4180 quoting, a record on one line): a field holding a comma or
 * a quote is written in quotes with its quotes doubled, and read back unquoted.
 */
public final class CsvFields {
  private CsvFields() {}

  /** {@code s} as one field: quoted when it holds a comma or a quote. */
  public static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  /** The fields of {@code line}, quoted fields unquoted. */
  public static List<String> split(String line) {
    return QuotedFields.split(line, ',', false).fields();
  }
}
