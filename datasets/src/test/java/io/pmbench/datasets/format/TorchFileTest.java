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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Round trips and refusals on files written by torch.save (torch 1.13; fixtures/formats/README.md). */
class TorchFileTest {

  @Test
  void features_bareTensor_isTheFilesOnlyArray() {
    assertEquals(List.of(""), names("tensor.pth"));
    FeatureArray a = ArrayFileTesting.with("tensor.pth", f -> f.features(Optional.empty(), RowRouting.whole()).get(0));
    assertShape(a, 3, 4);
    assertArrayEquals(ONE_TO_TWELVE, a.data());
    assertEquals("tensor.pth", Path.of(a.source()).getFileName().toString());
  }

  @Test
  void arrayNames_dictOfTensors_pathsOfEveryTensorNoOtherValues() {
    assertEquals(List.of("features", "labels", "list/0", "list/1/0", "nested/slice", "nested/transposed"),
        names("arrays.pth"));
  }

  @Test
  void featuresAndLabels_dictEntries_decode() {
    assertArrayEquals(ONE_TO_TWELVE, features("arrays.pth", "features").data());
    assertArrayEquals(new long[] {3, -1, 7}, labels("arrays.pth", "labels"));
  }

  @Test
  void features_transposedView_readsThroughStrides() {
    FeatureArray a = features("arrays.pth", "nested/transposed");
    assertShape(a, 4, 3);
    assertArrayEquals(new float[] {1, 5, 9, 2, 6, 10, 3, 7, 11, 4, 8, 12}, a.data());
  }

  @Test
  void features_sliceWithStorageOffset_readsOnlyTheView() {
    FeatureArray a = features("arrays.pth", "nested/slice");
    assertShape(a, 2, 3);
    assertArrayEquals(new float[] {6, 7, 8, 10, 11, 12}, a.data());
  }

  @Test
  void features_halfInListAndDoubleInTupleInList_decode() {
    assertArrayEquals(new float[] {1, 2, 3, 4}, features("arrays.pth", "list/0").data());
    assertArrayEquals(ONE_TO_TWELVE, features("arrays.pth", "list/1/0").data());
  }

  @Test
  void features_checksumIsSha256OfTheFile() {
    assertEquals(Fixtures.sha256(Fixtures.format("arrays.pth")), features("arrays.pth", "features").sha256());
  }

  @Test
  void open_osSystemInThePickle_refusesTheGlobalWithoutRunningIt() {
    // fails if the unpickler resolved or called an arbitrary global: the fixture's payload would
    // create /tmp/pmbench-pwned through os.system (module 'posix' on Linux)
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> ArrayFileTesting.open(Fixtures.format("evil.pth")));
    assertMessage(e.getMessage(), "evil.pth", "refusing pickle global 'posix.system'");
    assertFalse(Files.exists(Path.of("/tmp/pmbench-pwned")));
  }

  @Test
  void open_numpyArrayInThePickle_refusesNumpysGlobal() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ArrayFileTesting.open(Fixtures.format("numpy_inside.pth")));
    assertMessage(e.getMessage(), "numpy_inside.pth", "refusing pickle global 'numpy.");
  }

  @Test
  void open_legacySerialization_saysHowToResave() {
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> ArrayFileTesting.open(Fixtures.format("legacy.pth")));
    assertMessage(e.getMessage(), "legacy.pth", "legacy PyTorch serialization");
  }

  @Test
  void features_boolTensor_reportsUnsupportedDtype() {
    assertMessage(error("bad.pth", f -> f.features(Optional.of("flags"), RowRouting.whole())), "bad.pth[flags]",
        "unsupported dtype 'torch.BoolStorage'");
  }

  @Test
  void labels_floatTensor_reportsUnsupportedDtype() {
    assertMessage(error("bad.pth", f -> f.labels(Optional.of("float_labels"))), "bad.pth[float_labels]",
        "unsupported dtype for labels: 'torch.DoubleStorage'");
  }
}
