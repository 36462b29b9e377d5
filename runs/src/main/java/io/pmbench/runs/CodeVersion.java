package io.pmbench.runs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The project version this code was built as ({@code ${project.version}}), read from the
 * resource {@code io/pmbench/runs/version.properties} that Maven filters at build time.
 */
public final class CodeVersion {
  /** What {@link #current()} returns when the resource is absent or was not filtered. */
  public static final String UNKNOWN = "unknown";

  private static final String RESOURCE = "version.properties";
  private static final String VERSION = load();

  private CodeVersion() {}

  /** The project version, e.g. {@code "0.1.0-SNAPSHOT"}, or {@link #UNKNOWN}. */
  public static String current() {
    return VERSION;
  }

  private static String load() {
    try (InputStream in = CodeVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return UNKNOWN;
      }
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version", "").strip();
      // An unfiltered resource (e.g. run from an IDE that skips Maven filtering) still holds
      // the placeholder; report it as unknown rather than as a version.
      return version.isEmpty() || version.contains("${") ? UNKNOWN : version;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE + " from the class path", e);
    }
  }
}
