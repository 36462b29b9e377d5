package io.pmbench.datasets.format;

import static io.pmbench.datasets.Fixtures.assertMessage;
import static io.pmbench.datasets.format.ArrayFileTesting.ONE_TO_TWELVE;
import static io.pmbench.datasets.format.ArrayFileTesting.assertShape;
import static io.pmbench.datasets.format.ArrayFileTesting.error;
import static io.pmbench.datasets.format.ArrayFileTesting.features;
import static io.pmbench.datasets.format.ArrayFileTesting.labels;
import static io.pmbench.datasets.format.ArrayFileTesting.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.datasets.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Round trips on {@code .npz} files written by numpy.savez / savez_compressed (fixtures/formats/README.md). */
class NpzFileTest {

  @Test
  void features_savez_decodesEachMemberByName() {
    FeatureArray a = features("arrays.npz", "features");
    assertShape(a, 3, 4);
    assertArrayEquals(ONE_TO_TWELVE, a.data());
    assertArrayEquals(ONE_TO_TWELVE, features("arrays.npz", "f64_fortran").data());
    assertArrayEquals(new float[] {1.0f, -2.5f, 0.0999755859375f, 65504.0f}, features("arrays.npz", "f16").data());
  }

  @Test
  void labels_savez_decodesIntegerMembersIncludingBigEndian() {
    assertArrayEquals(new long[] {3, -1, 7}, labels("arrays.npz", "labels"));
    assertArrayEquals(new long[] {5, -6, 7}, labels("arrays.npz", "be_labels"));
  }

  @Test
  void features_savezCompressed_decodesDeflatedMembers() {
    assertArrayEquals(ONE_TO_TWELVE, features("arrays_compressed.npz", "features").data());
    assertArrayEquals(new long[] {3, -1, 7}, labels("arrays_compressed.npz", "labels"));
  }

  @Test
  void arrayNames_listsMembersWithoutTheNpyExtension() {
    assertEquals(List.of("be_labels", "f16", "f64_fortran", "features", "labels"), names("arrays.npz"));
  }

  @Test
  void features_checksumIsSha256OfTheWholeArchive() {
    assertEquals(Fixtures.sha256(Fixtures.format("arrays.npz")), features("arrays.npz", "features").sha256());
  }

  @Test
  void features_unknownName_listsTheArraysPresent() {
    String m = error("arrays.npz", f -> f.features(Optional.of("feats"), RowRouting.whole()));
    assertMessage(m, "arrays.npz", "unknown array name 'feats' (arrays present: be_labels, f16, f64_fortran, features, labels)");
  }

  @Test
  void features_noNameWithSeveralArrays_asksForOne() {
    String m = error("arrays.npz", f -> f.features(Optional.empty(), RowRouting.whole()));
    assertMessage(m, "arrays.npz", "holds 5 arrays");
  }

  @Test
  void features_complexMember_reportsUnsupportedDtypeNamingTheMember() {
    String m = error("bad.npz", f -> f.features(Optional.of("complex"), RowRouting.whole()));
    assertMessage(m, "bad.npz[complex]", "unsupported dtype '<c8'");
  }

  @Test
  void labels_floatMember_reportsUnsupportedDtype() {
    String m = error("bad.npz", f -> f.labels(Optional.of("float_labels")));
    assertMessage(m, "bad.npz[float_labels]", "unsupported dtype for labels: '<f8'");
  }

  /** Members that name a path instead of a plain name are refused at open, naming the archive and the member (issue 26). */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"../../x.npy", "/abs/x.npy", "dir/x.npy", "a\\b.npy",
      "C:x.npy", "..npy", "...npy"})
  void open_memberNameNotPlain_refusedNamingArchiveAndMember(String member, @org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path p = dir.resolve("traversal.npz");
    byte[] npy = HostileFiles.npy("<f4", new long[] {1, 2}, new byte[8]);
    java.nio.file.Files.write(p, HostileFiles.zip(member, npy, true));
    io.pmbench.core.data.InvalidDataException e = org.junit.jupiter.api.Assertions.assertThrows(
        io.pmbench.core.data.InvalidDataException.class, () -> ArrayFiles.open(DataSource.of(p)).close());
    assertMessage(e.getMessage(), "traversal.npz", "member '" + member + "' is not a plain name");
  }

  @Test
  void open_plainMemberName_loads(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path p = dir.resolve("plain.npz");
    java.nio.file.Files.write(p, HostileFiles.zip("x.y.npy", HostileFiles.npy("<f4", new long[] {1, 2}, new byte[8]), true));
    try (ArrayFile f = ArrayFiles.open(DataSource.of(p))) {
      assertEquals(List.of("x.y"), List.copyOf(f.arrayNames()));
    }
  }
}
