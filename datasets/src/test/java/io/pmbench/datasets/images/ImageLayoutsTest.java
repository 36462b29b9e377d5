package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.ParameterException;
import io.pmbench.core.data.InvalidDataException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageLayoutsTest {
  @TempDir
  Path tmp;

  @Test
  void open_unknownLayout_listsTheKnownOnesSorted() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ImageLayouts.open("cub:" + tmp, ImageOptions.NONE));
    assertEquals("images layout must be one of " + ImageLayouts.names() + ". Provided value: cub", e.getMessage());
  }

  @Test
  void open_noLayoutPrefix_saysTheShape() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ImageLayouts.open(tmp.toString(), ImageOptions.NONE));
    assertEquals(true, e.getMessage().startsWith("images must be LAYOUT:PATH"), e.getMessage());
    assertEquals("images", ((ParameterException) e).parameter());
  }

  @Test
  void open_missingPath_namesIt() {
    Path missing = tmp.resolve("nothing-here");
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> ImageLayouts.open("cifar100-binary:" + missing, ImageOptions.NONE));
    assertEquals(missing + ": no such file or folder (layout cifar100-binary)", e.getMessage());
  }
}
