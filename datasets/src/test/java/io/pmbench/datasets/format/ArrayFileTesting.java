package io.pmbench.datasets.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Helpers for the round-trip tests of the {@link ArrayFile} formats. */
final class ArrayFileTesting {
  static final float[] ONE_TO_TWELVE = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

  private ArrayFileTesting() {}

  /** Opens a fixture of fixtures/formats/ by its extension. */
  static ArrayFile open(String fixture) {
    return ArrayFiles.open(DataSource.of(Fixtures.format(fixture)));
  }

  static ArrayFile open(Path p) {
    return ArrayFiles.open(DataSource.of(p));
  }

  /** The whole feature array {@code array} of {@code fixture}. */
  static FeatureArray features(String fixture, String array) {
    return with(fixture, f -> f.features(Optional.of(array), RowRouting.whole()).get(0));
  }

  static long[] labels(String fixture, String array) {
    return with(fixture, f -> f.labels(Optional.of(array)).values());
  }

  static <T> T with(String fixture, Function<ArrayFile, T> body) {
    try (ArrayFile f = open(fixture)) {
      return body.apply(f);
    }
  }

  /** The message of the {@link InvalidDataException} {@code body} throws. */
  static String error(String fixture, Function<ArrayFile, ?> body) {
    return assertThrows(InvalidDataException.class, () -> with(fixture, body)).getMessage();
  }

  static void assertShape(FeatureArray a, int rows, int cols) {
    assertEquals(rows, a.rows(), "rows");
    assertEquals(cols, a.cols(), "cols");
  }

  static List<String> names(String fixture) {
    return with(fixture, f -> List.copyOf(f.arrayNames()));
  }
}
