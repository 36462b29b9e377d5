package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.ArrayList;
import java.util.List;

/**
 * A fixed-width plain-text table: a header line, a rule of dashes, then one line per row.
 * Columns are separated by two spaces; numeric columns are right-aligned, text columns
 * left-aligned; trailing spaces are stripped. Widths are measured in UTF-16 chars, which is
 * exact for the Latin and Greek text the reports print.
 */
public final class TextTable {
  private static final String GAP = "  ";

  private final List<String> headers = new ArrayList<>();
  private final List<Boolean> rightAligned = new ArrayList<>();
  private final List<String[]> rows = new ArrayList<>();

  /** Adds a column; must be called before any row. */
  public TextTable column(String header, boolean alignRight) {
    Preconditions.require(rows.isEmpty(), "rows", "empty when adding a column", rows.size());
    headers.add(header);
    rightAligned.add(alignRight);
    return this;
  }

  /** Adds a row with one cell per column, in column order. */
  public TextTable row(String... cells) {
    Preconditions.require(cells.length == headers.size(), "cells.length", "" + headers.size(),
        cells.length);
    rows.add(cells.clone());
    return this;
  }

  /** The column headers, in order. */
  List<String> headers() {
    return List.copyOf(headers);
  }

  /** The rows added, in order. */
  List<String[]> rows() {
    return rows.stream().map(String[]::clone).toList();
  }

  /** The table as text, one line per row, each ending in a newline. */
  public String render() {
    int[] widths = new int[headers.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = headers.get(c).length();
      for (String[] row : rows) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    StringBuilder out = new StringBuilder();
    appendLine(out, headers.toArray(new String[0]), widths);
    String[] rule = new String[widths.length];
    for (int c = 0; c < widths.length; c++) {
      rule[c] = "-".repeat(widths[c]);
    }
    appendLine(out, rule, widths);
    for (String[] row : rows) {
      appendLine(out, row, widths);
    }
    return out.toString();
  }

  private void appendLine(StringBuilder out, String[] cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.length; c++) {
      if (c > 0) {
        line.append(GAP);
      }
      String padding = " ".repeat(widths[c] - cells[c].length());
      if (rightAligned.get(c)) {
        line.append(padding).append(cells[c]);
      } else {
        line.append(cells[c]).append(padding);
      }
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }
}
