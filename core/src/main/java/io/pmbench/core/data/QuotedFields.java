package io.pmbench.core.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The fields of one delimited text line with RFC 4180 quoting (a record on one line): a quoted
 * field may hold the delimiter, and a doubled quote inside quotes stands for one quote. The one
 * splitter of pmbench's CSV reading, for data files and for its own result files alike.
 *
 * @param fields the fields, quotes removed, in order (one more than the unquoted delimiters);
 *     unmodifiable
 * @param unterminated whether the line ended inside a quoted field
 */
public record QuotedFields(List<String> fields, boolean unterminated) {

  /**
   * Splits {@code line} at each unquoted {@code delimiter}; with {@code strip}, each field loses
   * its leading and trailing white space (quoted or not).
   */
  public static QuotedFields split(String line, char delimiter, boolean strip) {
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          cell.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == delimiter) {
        out.add(field(cell, strip));
        cell.setLength(0);
      } else {
        cell.append(ch);
      }
    }
    out.add(field(cell, strip));
    return new QuotedFields(Collections.unmodifiableList(out), quoted);
  }

  private static String field(StringBuilder cell, boolean strip) {
    return strip ? cell.toString().strip() : cell.toString();
  }
}
