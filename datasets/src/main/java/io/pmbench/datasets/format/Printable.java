package io.pmbench.datasets.format;

/**
 * Text taken from a file (array names, headers, zip entry names) as it may appear in a one-line
 * error message: control characters escaped as {@code \xNN}, so a damaged file cannot break the
 * message over several lines. Public for the descriptor parser, whose messages quote its values.
 */
public final class Printable {
  private Printable() {}

  /** {@code text} with every control character escaped. */
  public static String escape(String text) {
    StringBuilder sb = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control = c < 0x20 || c == 0x7f || c == '\u0085' || c == '\u2028' || c == '\u2029';
      if (control && sb == null) {
        sb = new StringBuilder(text.substring(0, i));
      }
      if (sb != null) {
        sb.append(control ? String.format("\\x%02x", (int) c) : String.valueOf(c));
      }
    }
    return sb == null ? text : sb.toString();
  }

  /** As {@link #escape}, cut to at most {@code max} characters (with "..." when cut). */
  public static String escape(String text, int max) {
    boolean cut = text.length() > max; // a long text is cut before it is escaped, not escaped whole
    String e = escape(cut ? text.substring(0, max) : text);
    return !cut && e.length() <= max ? e : e.substring(0, Math.min(max, e.length())) + "...";
  }
}
