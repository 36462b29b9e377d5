package io.pmbench.datasets.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parser for the Python literals a {@code .npy} header holds: a dict of strings, booleans,
 * integers and tuples/lists ({@code {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }}).
 * It evaluates nothing: anything else is a syntax error. Tuples and lists both become
 * {@link List}; integers become {@link Long}. Nesting is capped at {@value #MAX_DEPTH} levels (a
 * header is a dict holding one tuple), so a crafted {@code ((((...} is a syntax error, never a
 * stack overflow.
 */
final class PyLiteral {
  /** Dicts, tuples and lists open at once; a real header needs 2. */
  static final int MAX_DEPTH = 16;

  private final String text;
  private int pos;
  private int depth;

  private PyLiteral(String text) {
    this.text = text;
  }

  /** Thrown for text that is not such a literal; the message says where. */
  static final class SyntaxError extends Exception {
    private static final long serialVersionUID = 1L;

    SyntaxError(String message) {
      super(message);
    }
  }

  /** Parses the whole of {@code text} as one literal. */
  static Object parse(String text) throws SyntaxError {
    PyLiteral p = new PyLiteral(text);
    Object value = p.value();
    p.skipSpace();
    if (p.pos != text.length()) {
      throw p.error("unexpected text after the literal");
    }
    return value;
  }

  private Object value() throws SyntaxError {
    skipSpace();
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    char c = text.charAt(pos);
    if (c == '{' || c == '(' || c == '[') {
      if (depth == MAX_DEPTH) {
        throw error("nested more than " + MAX_DEPTH + " levels deep");
      }
      depth++;
      Object nested = c == '{' ? dict() : c == '(' ? sequence('(', ')') : sequence('[', ']');
      depth--;
      return nested;
    }
    if (c == '\'' || c == '"') {
      return string();
    }
    if (c == '-' || Character.isDigit(c)) {
      return integer();
    }
    if (text.startsWith("True", pos)) {
      pos += 4;
      return Boolean.TRUE;
    }
    if (text.startsWith("False", pos)) {
      pos += 5;
      return Boolean.FALSE;
    }
    throw error("unexpected character '" + c + "'");
  }

  private Map<String, Object> dict() throws SyntaxError {
    Map<String, Object> map = new LinkedHashMap<>();
    pos++;
    while (true) {
      skipSpace();
      if (peek() == '}') {
        pos++;
        return map;
      }
      Object key = value();
      if (!(key instanceof String k)) {
        throw error("dict keys must be strings");
      }
      skipSpace();
      expect(':');
      map.put(k, value());
      skipSpace();
      if (peek() == ',') {
        pos++;
      } else if (peek() != '}') {
        throw error("expected ',' or '}'");
      }
    }
  }

  private List<Object> sequence(char open, char close) throws SyntaxError {
    List<Object> items = new ArrayList<>();
    pos++;
    while (true) {
      skipSpace();
      if (peek() == close) {
        pos++;
        return items;
      }
      items.add(value());
      skipSpace();
      if (peek() == ',') {
        pos++;
      } else if (peek() != close) {
        throw error("expected ',' or '" + close + "' after item " + items.size() + " of '" + open + "'");
      }
    }
  }

  private String string() throws SyntaxError {
    char quote = text.charAt(pos++);
    StringBuilder sb = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == quote) {
        return sb.toString();
      }
      if (c == '\\') {
        if (pos >= text.length()) {
          break;
        }
        c = text.charAt(pos++);
      }
      sb.append(c);
    }
    throw error("unterminated string");
  }

  private Long integer() throws SyntaxError {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (pos < text.length() && text.charAt(pos) == 'L') {
      pos++; // Python 2 long suffix, written by old numpy versions
      return parseLong(text.substring(start, pos - 1));
    }
    return parseLong(text.substring(start, pos));
  }

  private Long parseLong(String digits) throws SyntaxError {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw error("bad integer '" + digits + "'");
    }
  }

  private void expect(char c) throws SyntaxError {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private SyntaxError error(String what) {
    return new SyntaxError(what + " at character " + pos);
  }
}
