package io.pmbench.reports;

import java.util.ArrayList;
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
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cur.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          cur.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        out.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(ch);
      }
    }
    out.add(cur.toString());
    return out;
  }
}
