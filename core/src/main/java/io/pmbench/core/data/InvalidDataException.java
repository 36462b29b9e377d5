package io.pmbench.core.data;

/**
 * Bad input data: the message is one line naming the file (or source), the row or array, and
 * what was expected. The command line prints the message alone and exits non-zero.
 */
public class InvalidDataException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidDataException(String message) {
    super(message);
  }

  public InvalidDataException(String message, Throwable cause) {
    super(message, cause);
  }
}
