package io.pmbench.datasets.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Feeds truncated and corrupted versions of every reference-tool fixture to the readers. Each
 * must either decode or fail with an {@link InvalidDataException} whose message is one line
 * naming the file — never another exception, a hang or an out-of-memory — and a truncated file
 * must never decode. Nothing may be written next to the input. Corruptions are seeded.
 */
// A guard against a hanging decoder, not a time budget (HostileInputTest asserts the budgets): one
// case takes about 3 s on a quiet 2-core machine and was seen to take 90 s under a load average of 12.
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class FuzzTest {
  private static final int CORRUPTIONS = 150;

  @TempDir
  Path dir;

  static Stream<String> fixtures() {
    return Stream.of("formats/arrays.npz", "formats/arrays_compressed.npz", "formats/arrays.h5", "formats/arrays_v5.mat",
        "formats/arrays_v5z.mat", "formats/arrays_v73.mat", "formats/arrays.pth", "formats/tensor.pth", "f32_c_le.npy");
  }

  /** What reading a variant did: decoded fully, or the one error it raised. */
  private record Outcome(boolean decoded, String error) {}

  /** Opens the file and reads every array as features and as labels, as a descriptor might. */
  private Outcome readEverything(Path file) {
    try (ArrayFile f = ArrayFiles.open(DataSource.of(file))) {
      List<String> names = f.arrayNames().isEmpty() ? List.of("") : List.copyOf(f.arrayNames());
      boolean anyFailed = false;
      String firstError = null;
      for (String name : names) {
        for (int role = 0; role < 2; role++) {
          try {
            if (role == 0) {
              f.features(Optional.of(name), RowRouting.whole());
            } else {
              f.labels(Optional.of(name));
            }
          } catch (InvalidDataException e) {
            checkMessage(file, e);
            // wrong-role errors (features read as labels) are expected; truncation errors are what we count
            if (isDamage(e.getMessage())) {
              anyFailed = true;
              firstError = firstError == null ? e.getMessage() : firstError;
            }
          }
        }
      }
      f.sha256();
      return new Outcome(!anyFailed, firstError);
    } catch (InvalidDataException e) {
      checkMessage(file, e);
      return new Outcome(false, e.getMessage());
    } catch (RuntimeException | Error e) {
      fail(file.getFileName() + ": " + e + " escaped the reader (must be one InvalidDataException line)", e);
      return null;
    }
  }

  private static boolean isDamage(String m) {
    return !(m.contains("unsupported dtype for labels") || m.contains("labels must have shape")
        || m.contains("features must have at least 2 axes") || m.contains("not an integer"));
  }

  private static void checkMessage(Path file, InvalidDataException e) {
    String m = e.getMessage();
    assertFalse(m.contains("\n"), () -> "message must be one line: " + m);
    assertTrue(m.contains(file.getFileName().toString()), () -> "message must name the file: " + m);
  }

  private Path write(String name, byte[] bytes) throws IOException {
    Path p = dir.resolve(name.substring(name.lastIndexOf('/') + 1));
    Files.write(p, bytes);
    return p;
  }

  private void assertNothingElseWritten(Path input) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(input), files.collect(Collectors.toList()), "the reader wrote a file");
    }
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void truncated_everyCut_failsWithOneLineNamingTheFile(String fixture) throws IOException {
    byte[] good = Files.readAllBytes(Fixtures.path(fixture));
    int n = good.length;
    TreeSet<Integer> cuts = new TreeSet<>(List.of(0, 1, 4, 8, 16, 64, 128, 256, 511, 512, 600, n / 4, n / 3, n / 2,
        2 * n / 3, 3 * n / 4, n - 64, n - 8, n - 1));
    cuts.removeIf(c -> c < 0 || c >= n);
    List<String> decoded = new ArrayList<>();
    for (int cut : cuts) {
      Path p = write(fixture, Arrays.copyOf(good, cut));
      Outcome o = readEverything(p);
      if (o.decoded()) {
        decoded.add(Integer.toString(cut));
      }
      assertNothingElseWritten(p);
    }
    assertTrue(decoded.isEmpty(), () -> fixture + " truncated to " + decoded + " of " + n + " bytes decoded silently");
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void corrupted_randomBytes_decodeOrFailWithOneLine(String fixture) throws IOException {
    corrupt(fixture, 8, CORRUPTIONS);
  }

  /** The same with many more corruptions (about 2 minutes for all fixtures); {@code mvn -Pslow}. */
  @Tag("slow")
  @Timeout(value = 20, unit = TimeUnit.MINUTES)
  @ParameterizedTest
  @MethodSource("fixtures")
  void corrupted_manyRandomBytes_decodeOrFailWithOneLine(String fixture) throws IOException {
    corrupt(fixture, 9, 20 * CORRUPTIONS);
  }

  /**
   * Reads {@code count} seeded corruptions of {@code fixture}: 1-8 random bytes replaced, and a
   * 16-byte run of 0xFF in every fourth variant.
   */
  private void corrupt(String fixture, long seed, int count) throws IOException {
    byte[] good = Files.readAllBytes(Fixtures.path(fixture));
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int v = 0; v < count; v++) {
      byte[] bad = good.clone();
      int flips = 1 + rnd.nextInt(8);
      for (int i = 0; i < flips; i++) {
        bad[rnd.nextInt(bad.length)] = (byte) rnd.nextInt(256);
      }
      if (v % 4 == 0) {
        int at = rnd.nextInt(bad.length);
        Arrays.fill(bad, at, Math.min(bad.length, at + 16), (byte) 0xFF);
      }
      Path p = write(fixture, bad);
      readEverything(p);
      assertNothingElseWritten(p);
    }
  }
}
