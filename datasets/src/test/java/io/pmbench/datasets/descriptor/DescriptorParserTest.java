package io.pmbench.datasets.descriptor;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.descriptor.Descriptor.ByClasses;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The descriptor format (DATASETS.md §6): what parses, and one line per mistake. */
class DescriptorParserTest {
  private static final DescriptorOrigin ORIGIN = new DescriptorOrigin("my.yaml", "/data", false, "0".repeat(64));

  private static final String GOOD = """
      pmbench: dataset/1
      name: my-set
      licence: CC0
      defaults: {sigma: 5, alpha: 0.5}
      files:
        all: {path: all.h5, sha256: %s}
      split:
        by: classes
        features: {file: all, array: /features}
        labels: {file: all, array: /labels}
        train: {classes: [1, 100]}
        test: {classes: [%s, 200]}
      """;

  private static Descriptor parse(String sha, String testFirst) {
    return DescriptorParser.parse(ORIGIN, GOOD.formatted(sha, testFirst));
  }

  private static String error(String text) {
    return assertThrows(InvalidDataException.class, () -> DescriptorParser.parse(ORIGIN, text)).getMessage();
  }

  @Test
  void parse_yamlSplitByClasses_readsEveryField() {
    Descriptor d = parse("A".repeat(64), "101");
    assertEquals("my-set", d.name());
    assertEquals("my-set", d.title());
    assertEquals(Optional.of("a".repeat(64)), d.files().get("all").sha256());
    ByClasses c = (ByClasses) d.split();
    assertEquals(new Descriptor.ArrayRef("all", Optional.of("/features")), c.features());
    assertEquals(new Descriptor.ClassRange(101, 200), c.test());
  }

  @Test
  void parse_shortChecksum_namesTheKey() {
    assertMessage(error(GOOD.formatted("abc", "101")), "my.yaml", "key 'files.all.sha256' must be 64 hex digits");
  }

  @Test
  void parse_overlappingClassRanges_isRefused() {
    assertMessage(error(GOOD.formatted("null", "100")), "my.yaml", "train and test class ranges must not overlap");
  }

  @Test
  void parse_unknownKey_namesItAndListsTheKnownOnes() {
    assertMessage(error(GOOD.formatted("null", "101").replace("licence:", "lisence:")), "my.yaml",
        "unknown key 'lisence' (known here: classes, defaults, files, licence, license, name, pmbench, split, title)");
  }

  @Test
  void parse_severalKeysMissing_namesAllOfThemInOneLine() {
    // fails if required keys are reported one per run (licence, then defaults, ...)
    String text = GOOD.formatted("null", "101").replace("licence: CC0\n", "").replace("defaults: {sigma: 5, alpha: 0.5}\n", "");
    assertMessage(error(text), "my.yaml", "keys 'licence', 'defaults' are missing ('license' is accepted for 'licence')");
  }

  @Test
  void parse_licenseSpelling_isAccepted() {
    assertEquals("CC0", DescriptorParser.parse(ORIGIN, GOOD.formatted("null", "101").replace("licence:", "license:"))
        .licence());
  }

  @Test
  void parse_arrayOfAnUnlistedFile_listsTheFileIds() {
    assertMessage(error(GOOD.formatted("null", "101").replace("labels: {file: all", "labels: {file: labels")),
        "my.yaml", "key 'split.labels.file' names no entry of 'files' (ids: all). Provided value: labels");
  }

  @Test
  void parse_notYaml_givesTheLine() {
    assertMessage(error("pmbench: [dataset/1\nname: x\n"), "my.yaml", "not valid JSON or YAML at line");
  }

  @Test
  void parse_unknownFormatKey_listsTheFormats() {
    assertMessage(error(GOOD.formatted("null", "101").replace("sha256: null", "sha256: null, format: parquet")),
        "my.yaml", "key 'files.all.format' must be one of npy, npz, hdf5, mat, torch, csv, idx. Provided value: parquet");
  }
}
