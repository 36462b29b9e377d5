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

/** Round trips on an HDF5 file written by h5py 3.7 (fixtures/formats/README.md). */
class Hdf5FileTest {

  @Test
  void features_contiguousFloat32_decodesValues() {
    FeatureArray a = features("arrays.h5", "features");
    assertShape(a, 3, 4);
    assertArrayEquals(ONE_TO_TWELVE, a.data());
  }

  @Test
  void features_bigEndianFloat64InAGroup_decodesWithOrWithoutLeadingSlash() {
    assertArrayEquals(ONE_TO_TWELVE, features("arrays.h5", "group/f64_be").data());
    assertArrayEquals(ONE_TO_TWELVE, features("arrays.h5", "/group/f64_be").data());
  }

  @Test
  void features_chunkedGzipShuffleWithPartialEdgeChunks_decodesValues() {
    FeatureArray a = features("arrays.h5", "chunked");
    assertShape(a, 5, 3);
    assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, a.data());
  }

  @Test
  void features_float16_decodesExactly() {
    assertArrayEquals(new float[] {1.0f, -2.5f, 0.0999755859375f, 65504.0f}, features("arrays.h5", "f16").data());
  }

  @Test
  void labels_integerVectorsAndColumn_decodeValues() {
    assertArrayEquals(new long[] {3, -1, 7}, labels("arrays.h5", "labels"));
    assertArrayEquals(new long[] {2, 0, 1}, labels("arrays.h5", "labels_col"));
    assertArrayEquals(new long[] {255, 0, 9}, labels("arrays.h5", "u8_labels"));
  }

  @Test
  void arrayNames_listsDataSetPathsInGroups() {
    assertEquals(List.of("chunked", "f16", "features", "group/f64_be", "labels", "labels_col", "u8_labels"),
        names("arrays.h5"));
  }

  @Test
  void features_checksumIsSha256OfTheFile() {
    assertEquals(Fixtures.sha256(Fixtures.format("arrays.h5")), features("arrays.h5", "features").sha256());
  }

  @Test
  void features_unknownPath_listsTheDataSetsPresent() {
    String m = error("arrays.h5", f -> f.features(Optional.of("/train/x"), RowRouting.whole()));
    assertMessage(m, "arrays.h5", "unknown array name '/train/x' (arrays present: chunked, f16, features, group/f64_be");
  }

  /**
   * arrays.h5 with random bytes changed (seed 9, variant 2052 of FuzzTest's slow run): a chunk
   * index entry claims a multi-gigabyte chunk, which jHDF allocates before reading; that used to
   * escape as OutOfMemoryError instead of one line.
   */
  @Test
  void features_chunkIndexClaimsHugeChunk_oneLineNotOutOfMemory() {
    assertMessage(error("corrupt_chunk_index.h5", f -> f.features(Optional.of("chunked"), RowRouting.whole())),
        "corrupt_chunk_index.h5[chunked]", "corrupt chunk index");
  }

  @Test
  void features_complexCompoundType_reportsUnsupportedDtype() {
    assertMessage(error("bad.h5", f -> f.features(Optional.of("complex"), RowRouting.whole())), "bad.h5[complex]",
        "unsupported dtype 'compound'");
  }

  @Test
  void features_stringDataSet_reportsUnsupportedDtype() {
    assertMessage(error("bad.h5", f -> f.features(Optional.of("text"), RowRouting.whole())), "bad.h5[text]",
        "unsupported dtype");
  }

  @Test
  void features_routedIntoParts_eachPartKeepsFileOrder() {
    try (ArrayFile f = ArrayFileTesting.open("arrays.h5")) {
      List<FeatureArray> parts = f.features(Optional.of("chunked"), RowRouting.parts(new int[] {1, 0, -1, 1, 0}, 2));
      assertArrayEquals(new float[] {4, 5, 6, 13, 14, 15}, parts.get(0).data());
      assertArrayEquals(new float[] {1, 2, 3, 10, 11, 12}, parts.get(1).data());
    }
  }
}
