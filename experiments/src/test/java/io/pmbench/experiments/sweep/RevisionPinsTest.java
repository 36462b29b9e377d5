package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.testkit.MechanismConformance;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Holds every registered mechanism to its {@link EmbeddingMechanism#revision() revision}: what it
 * computes on the test kit's data ({@link MechanismConformance#computationDigest()}, under the
 * {@code paper} and {@code official-code} presets) is pinned in {@code revision-pins.tsv} beside the
 * revision it was recorded at. A change of code that changes the draws must come with a new
 * revision, or a resumed run would take the old code's stored cells as the new code's: that
 * happened once (the {@code tsne} core of 2026-11-25 changed its bits before revisions existed, and
 * three stored Fashion-MNIST cells went on being resumed as if current). A change that keeps the
 * revision and the bits passes; one that changes the bits fails here until the revision is raised
 * and the pin updated (the failure prints the line to put in the file).
 *
 * <p>The pins are the bits of x86-64 HotSpot's floating point ({@code Math}'s intrinsics); on another
 * architecture the test is skipped with a message.
 */
class RevisionPinsTest {
  private static final String PINS = "/revision-pins.tsv";

  /** The presets whose settings are pinned: the two the stored runs use. */
  private static final List<Preset> PRESETS = List.of(Preset.PAPER, Preset.OFFICIAL_CODE);

  private record Pin(int revision, String digest) {}

  @TestFactory
  Stream<DynamicTest> everyMechanism_computesWhatItsRevisionPinned() throws IOException {
    Pins pins = Pins.load();
    MechanismRegistry registry = MechanismRegistry.discover();
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : registry.names()) {
      for (Preset preset : PRESETS) {
        tests.add(DynamicTest.dynamicTest(name + " under " + preset.cliName(), () -> {
          Assumptions.assumeTrue(pins.arch.equals(System.getProperty("os.arch")), "the pins were recorded on "
              + pins.arch + "; this JVM runs on " + System.getProperty("os.arch") + ", whose floating point may differ");
          check(registry.get(name), preset, pins);
        }));
      }
    }
    return tests.stream();
  }

  @Test
  void pins_nameOnlyRegisteredMechanisms() throws IOException {
    MechanismRegistry registry = MechanismRegistry.discover();
    for (String key : Pins.load().byKey.keySet()) {
      String name = key.substring(0, key.indexOf('\t'));
      assertTrue(registry.names().contains(name), PINS + " pins '" + name + "', which is not registered: remove its lines");
    }
  }

  /** The check itself fails on a digest or a revision that is not the pinned one (it is not a test that cannot fail). */
  @Test
  void check_changedBitsOrRevision_fails() throws IOException {
    EmbeddingMechanism random = MechanismRegistry.discover().get("random");
    Pins pins = Pins.load();
    Pin real = pins.byKey.get("random\tpaper");
    String other = real.digest.replace(real.digest.charAt(0), real.digest.charAt(0) == '0' ? '1' : '0');

    AssertionError bits = assertThrows(AssertionError.class,
        () -> check(random, Preset.PAPER, pins.with("random", Preset.PAPER, new Pin(real.revision, other))));
    AssertionError revision = assertThrows(AssertionError.class,
        () -> check(random, Preset.PAPER, pins.with("random", Preset.PAPER, new Pin(real.revision + 1, real.digest))));

    assertTrue(bits.getMessage().contains("raise revision()"), bits.getMessage());
    assertTrue(revision.getMessage().contains("revisions only go up"), revision.getMessage());
  }

  private static void check(EmbeddingMechanism m, Preset preset, Pins pins) {
    String digest = MechanismConformance.of(m).withParams(preset.builder(1.0, 0.5).build(0.5, 1e-5))
        .computationDigest();
    String line = m.name() + "\t" + preset.cliName() + "\t" + m.revision() + "\t" + digest;
    Pin pin = pins.byKey.get(m.name() + "\t" + preset.cliName());
    if (pin == null) {
      fail(m.name() + " under " + preset.cliName() + " has no pin: add this line to experiments/src/test/resources"
          + PINS + ":\n" + line);
    }
    if (pin.revision != m.revision()) {
      assertTrue(m.revision() > pin.revision, m.name() + ": revision " + m.revision() + " is below the pinned "
          + pin.revision + "; revisions only go up");
      fail(m.name() + " is at revision " + m.revision() + ", pinned at " + pin.revision + ": replace its "
          + preset.cliName() + " line in experiments/src/test/resources" + PINS + " with\n" + line);
    }
    assertEquals(pin.digest, digest, m.name() + " under " + preset.cliName() + " computes different bits than its "
        + "revision " + pin.revision + " did. If the change is meant to alter the draws, raise revision() (stored "
        + "cells of the old revision are then recomputed, not resumed) and pin the new line:\n"
        + m.name() + "\t" + preset.cliName() + "\t" + (m.revision() + 1) + "\t" + digest
        + "\nIf it is meant to keep every bit, find which change broke that.");
  }

  /** The pin file: a line {@code # arch NAME}, then mechanism, preset, revision and digest per line. */
  private record Pins(String arch, Map<String, Pin> byKey) {
    Pins with(String name, Preset preset, Pin pin) {
      Map<String, Pin> copy = new LinkedHashMap<>(byKey);
      copy.put(name + "\t" + preset.cliName(), pin);
      return new Pins(arch, copy);
    }

    static Pins load() throws IOException {
      try (InputStream in = RevisionPinsTest.class.getResourceAsStream(PINS)) {
        if (in == null) {
          throw new IOException(PINS + " is missing from the test resources");
        }
        String arch = null;
        Map<String, Pin> byKey = new LinkedHashMap<>();
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          if (line.startsWith("# arch ")) {
            arch = line.substring("# arch ".length()).trim();
          } else if (!line.isBlank() && !line.startsWith("#")) {
            String[] f = line.split("\t");
            if (f.length != 4) {
              throw new IOException(PINS + ": expected 4 tab-separated fields, found " + f.length + " in: " + line);
            }
            if (byKey.put(f[0] + "\t" + f[1], new Pin(Integer.parseInt(f[2]), f[3])) != null) {
              throw new IOException(PINS + ": " + f[0] + " under " + f[1] + " is pinned twice");
            }
          }
        }
        if (arch == null) {
          throw new IOException(PINS + " has no '# arch' line");
        }
        return new Pins(arch, byKey);
      }
    }
  }
}
