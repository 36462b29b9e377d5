package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A numpy {@code .npz}: a zip archive of {@code .npy} members, as written by {@code numpy.savez}
 * (stored) and {@code numpy.savez_compressed} (deflated). Array {@code x} is member
 * {@code x.npy}. Each member is streamed through {@link NpyReader}'s decoder straight into its
 * array; nothing is unpickled (object arrays are refused like in {@code .npy}).
 */
final class NpzFile extends NamedArrayFile {
  private static final String SUFFIX = ".npy";

  private final ZipFile zip;
  private final SortedSet<String> names;
  private final NpyReader npy = new NpyReader();

  NpzFile(DataSource source) {
    super(source, FileFormat.NPZ);
    Path path = source.requireFile("npz");
    ZipMagic.require(path, name(), ".npz");
    this.zip = ZipMagic.open(path, name(), ".npz");
    SortedSet<String> n = new TreeSet<>();
    try {
      zip.stream().map(ZipEntry::getName).filter(e -> e.endsWith(SUFFIX))
          .forEach(e -> {
            requirePlainName(e);
            n.add(e.substring(0, e.length() - SUFFIX.length()));
          });
    } catch (InvalidDataException e) {
      close();
      throw e;
    } catch (RuntimeException e) {
      close();
      throw new InvalidDataException(name() + ": corrupt .npz (zip) directory (" + describe(e) + ")", e);
    }
    this.names = Collections.unmodifiableSortedSet(n);
  }

  /**
   * A member must be a plain {@code NAME.npy}, as {@code numpy.savez} writes: no {@code /} or
   * {@code \}, no {@code ..}, no drive letter or absolute path, no control characters. Names
   * that point outside the archive ({@code ../../x.npy}, {@code /abs/x.npy}) are refused, not
   * loaded under a surprising array name.
   */
  private void requirePlainName(String member) {
    String stem = member.substring(0, member.length() - SUFFIX.length());
    boolean plain = !stem.isEmpty() && !stem.equals(".") && !stem.equals("..")
        && stem.chars().noneMatch(c -> c == '/' || c == '\\' || c == ':' || c < 0x20 || c == 0x7f);
    if (!plain) {
      throw new InvalidDataException(name() + ": member '" + Printable.escape(member, 200)
          + "' is not a plain name (an .npz member must be NAME.npy with no '/', '\\', '..', drive letter or absolute path)");
    }
  }

  @Override
  public SortedSet<String> arrayNames() {
    return names;
  }

  @Override
  public long[] shape(Optional<String> array) {
    String a = resolve(array);
    return guarded(a, () -> npy.readHeader(member(a)).shape().clone());
  }

  @Override
  public List<FeatureArray> features(Optional<String> array, RowRouting routing) {
    String a = resolve(array);
    ZipEntry e = zip.getEntry(a + SUFFIX);
    List<FeatureArray> parts = guarded(a, () -> npy.readFeatures(member(a), routing, false, size(e)));
    String sha = sha256();
    return parts.stream().map(p -> new FeatureArray(p.source(), p.data(), p.rows(), p.cols(), sha)).toList();
  }

  @Override
  public LabelArray labels(Optional<String> array) {
    String a = resolve(array);
    ZipEntry e = zip.getEntry(a + SUFFIX);
    LabelArray y = guarded(a, () -> npy.readLabels(member(a), false, size(e)));
    return new LabelArray(y.source(), y.values(), sha256());
  }

  /**
   * The member's size when the archive proves it: a stored member's bytes lie in the file, so its
   * size is at most the file's. A deflated member's stated size is not trusted (empty: the reader
   * checks what the stream really holds before allocating).
   */
  private OptionalLong size(ZipEntry e) {
    long fileSize = source.size().orElse(-1);
    boolean proven = e.getMethod() == ZipEntry.STORED && e.getSize() >= 0 && e.getSize() <= fileSize;
    return proven ? OptionalLong.of(e.getSize()) : OptionalLong.empty();
  }

  private DataSource member(String array) {
    ZipEntry e = zip.getEntry(array + SUFFIX);
    return new DataSource(label(array), () -> zip.getInputStream(e));
  }

  /** Runs a read, turning a damaged archive's zip errors into one line naming the member. */
  private <T> T guarded(String array, java.util.function.Supplier<T> read) {
    try {
      return read.get();
    } catch (InvalidDataException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new InvalidDataException(label(array) + ": corrupt .npz member (" + describe(e) + ")", e);
    }
  }

  @Override
  public void close() {
    try {
      zip.close();
    } catch (IOException e) {
      // read-only; nothing to lose
    }
  }
}
