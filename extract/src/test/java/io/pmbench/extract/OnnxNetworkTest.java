package io.pmbench.extract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.Checksums;
import io.pmbench.datasets.images.ImageFiles;
import io.pmbench.datasets.images.RgbImage;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shipped network on the two test images of its source repository, with the stated preprocessing. */
class OnnxNetworkTest {
  private static OnnxNetwork net;

  @BeforeAll
  static void load() {
    net = OnnxNetwork.load(ModelSpec.SQUEEZENET_1_1);
  }

  @AfterAll
  static void close() {
    net.close();
  }

  static RgbImage image(String name) throws IOException {
    try (InputStream in = OnnxNetworkTest.class.getResourceAsStream(name)) {
      return ImageFiles.decode(in.readAllBytes(), name);
    }
  }

  private static OnnxNetwork.Output run(String name) throws IOException {
    return net.run(Preprocessing.input(image(name), 224));
  }

  @Test
  void run_kitten_top1IsTabby() throws IOException {
    // Fails if the channel order (BGR), the value range (0-255) or the resize were wrong: the
    // README measured top-1 281 "tabby" with p 0.93 for this image.
    OnnxNetwork.Output o = run("kitten_224.png");
    assertEquals(281, o.top1());
    assertTrue(net.label(281).startsWith("tabby"), net.label(281));
    assertEquals(512, o.features().length);
  }

  @Test
  void run_fish_top1IsTench() throws IOException {
    OnnxNetwork.Output o = run("fish.png");
    assertEquals(0, o.top1());
    assertTrue(net.label(0).startsWith("tench"), net.label(0));
  }

  @Test
  void run_sameImageTwice_sameBits() throws IOException {
    OnnxNetwork.Output a = run("kitten_224.png");
    OnnxNetwork.Output b = run("kitten_224.png");
    assertArrayEquals(a.features(), b.features());
    assertArrayEquals(a.scores(), b.scores());
  }

  @Test
  void run_rgbOrderInsteadOfBgr_changesTheFeatures() throws IOException {
    RgbImage kitten = image("kitten_224.png");
    byte[] swapped = kitten.rgb().clone();
    for (int p = 0; p < swapped.length; p += 3) {
      byte r = swapped[p];
      swapped[p] = swapped[p + 2];
      swapped[p + 2] = r;
    }
    float[] a = net.run(Preprocessing.input(kitten, 224)).features();
    float[] b = net.run(Preprocessing.input(new RgbImage(kitten.width(), kitten.height(), swapped), 224)).features();
    assertTrue(!Arrays.equals(a, b));
  }

  @Test
  void load_corruptModel_oneLineNamingIt() {
    byte[] garbage = "not an onnx model".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> OnnxNetwork.load(ModelSpec.SQUEEZENET_1_1, garbage, "bad.onnx", List.of()));
    assertTrue(e.getMessage().startsWith("bad.onnx: SHA-256 "), e.getMessage());
    ModelSpec pinned = ModelSpec.SQUEEZENET_1_1.withSha256(Checksums.hex(Checksums.sha256().digest(garbage)));
    List<String> labels = java.util.Collections.nCopies(1000, "x");
    e = assertThrows(InvalidDataException.class, () -> OnnxNetwork.load(pinned, garbage, "bad.onnx", labels));
    assertTrue(e.getMessage().startsWith("bad.onnx: not a loadable ONNX model"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"));
  }

  @Test
  void run_wrongInputLength_namesTheShape() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> net.run(new float[10]));
    assertEquals("input must hold 3 x 224 x 224 values. Provided value: 10", e.getMessage());
  }
}
