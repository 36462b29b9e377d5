package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.protocol.ServerStore;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The finished cells of one run directory: {@code DIR/run.json} (the {@link Manifest}) and one
 * file per cell under {@code DIR/cells/}. Every cell is written to a temporary file, forced to
 * disk and renamed into place ({@link AtomicFiles}), so a killed process leaves either the whole
 * cell or none of it (plus, at worst, a hidden temporary file, which the next open deletes).
 * A key maps to one file name, so a cell is never counted twice.
 *
 * <p>While open for writing the store holds an exclusive lock on {@code DIR/.lock}: a second
 * process on the same directory fails at once instead of racing the first. The operating system
 * releases the lock when the process dies, even by {@code kill -9}.
 */
public final class CellStore implements AutoCloseable {
  /** The manifest's file name ({@link RunLayout#MANIFEST}). */
  public static final String MANIFEST = RunLayout.MANIFEST;
  /** The folder of the cell files ({@link RunLayout#CELLS}). */
  public static final String CELLS = RunLayout.CELLS;
  /** The folder of the query logs of unfinished cells ({@link QueryJournal}; {@link RunLayout#PARTIAL}). */
  public static final String PARTIAL = RunLayout.PARTIAL;

  private final Path dir;
  private final Manifest manifest;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ConcurrentSkipListMap<CellKey, CellRecord> cells = new ConcurrentSkipListMap<>();
  /** Cell file name to the SHA-256 it carries, as run.json lists them. */
  private final ConcurrentSkipListMap<String, String> hashes = new ConcurrentSkipListMap<>();
  /** The directory's lock while open for writing; null when read-only. */
  private final RunLock lock;

  private CellStore(Path dir, Manifest manifest, RunLock lock) {
    this.dir = dir;
    this.manifest = manifest;
    this.lock = lock;
  }

  /**
   * Opens {@code dir} for a run with {@code manifest}: creates it if new; if it already holds a
   * run of another configuration, fails naming the differing keys unless {@code fresh}, which
   * discards the old cells. Loads the finished cells and deletes stale temporary files.
   *
   * @throws IllegalStateException for a configuration clash or a second process on the directory
   */
  public static CellStore open(Path dir, Manifest manifest, boolean fresh) throws IOException {
    return open(dir, manifest, fresh, false, w -> { });
  }

  /**
   * As {@link #open(Path, Manifest, boolean)}; before resuming, the cells already there must
   * verify ({@link RunCheck}): a run that does not is refused unless {@code acceptModified}
   * (then {@code warn} is told); a run made before cell hashes is stamped as it is, with a warning.
   */
  public static CellStore open(Path dir, Manifest manifest, boolean fresh, boolean acceptModified,
      java.util.function.Consumer<String> warn) throws IOException {
    RunLock lock = RunLock.take(dir);
    try {
      Path manifestFile = dir.resolve(MANIFEST);
      Path cellDir = dir.resolve(CELLS);
      if (Files.exists(manifestFile) && !fresh) {
        Manifest old = Manifest.parse(Files.readString(manifestFile), manifestFile.toString());
        if (!old.fingerprint().equals(manifest.fingerprint())) {
          throw new IllegalStateException(dir + " holds cells of another configuration (differs in "
              + String.join(", ", manifest.differences(old)) + "); rerun with --fresh to discard them, or choose "
              + "another --out");
        }
      }
      if (Files.exists(manifestFile) && !fresh) {
        if (RunCheck.of(dir).unhashed()) {
          warn.accept("warning: " + dir + " is " + RunCheck.UNHASHED + "; resuming stamps its cells as they are now");
          RunCheck.rehash(dir, warn);
        } else {
          RunCheck.require(dir, acceptModified, warn);
        }
      }
      if (fresh) {
        deleteCells(cellDir);
        deleteCells(dir.resolve(PARTIAL));
        deleteCells(dir.resolve(ServerFiles.DIR));
        Files.deleteIfExists(dir.resolve(InvocationLog.FILE)); // its elapsed time was spent on the discarded cells
      }
      Files.createDirectories(cellDir);
      CellStore store = new CellStore(dir, manifest, lock);
      store.load(cellDir, true);
      store.writeManifest();
      for (CellKey key : store.cells.keySet()) {
        Files.deleteIfExists(store.journalFile(key)); // left by a process killed right after storing the cell
      }
      return store;
    } catch (IOException | RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  /** Opens a finished run directory read-only (for {@code pmbench report}). */
  public static CellStore read(Path dir) throws IOException {
    Path manifestFile = dir.resolve(MANIFEST);
    if (!Files.exists(manifestFile)) {
      throw new IllegalArgumentException(dir + " must be a pmbench run directory. Provided value: no " + MANIFEST
          + " in " + dir);
    }
    CellStore store = new CellStore(dir, Manifest.parse(Files.readString(manifestFile), manifestFile.toString()),
        null);
    store.load(dir.resolve(CELLS), false);
    return store;
  }

  private void load(Path cellDir, boolean cleanTemporaries) throws IOException {
    if (!Files.isDirectory(cellDir)) {
      return;
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(cellDir)) {
      ds.forEach(files::add);
    }
    files.sort(null);
    String fingerprint = manifest.fingerprint();
    for (Path f : files) {
      if (AtomicFiles.isTemporary(f)) {
        if (cleanTemporaries) {
          Files.deleteIfExists(f); // left by a killed process mid-write: the cell was not finished
        }
        continue;
      }
      if (!f.getFileName().toString().endsWith(".json")) {
        continue;
      }
      CellRecord r;
      try {
        r = CellRecord.parse(Files.readString(f, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(f + ": " + e.getMessage() + " (delete the file to recompute the cell)", e);
      }
      if (!r.key().fileName().equals(f.getFileName().toString())) {
        throw new IllegalStateException(f + " holds the cell " + r.key().fileName() + " (renamed?); delete it to "
            + "recompute the cell");
      }
      if (!r.fingerprint().equals(fingerprint)) {
        throw new IllegalStateException(f + " was made under configuration " + r.fingerprint() + ", not this run's "
            + fingerprint + "; rerun with --fresh");
      }
      cells.put(r.key(), r);
      hashes.put(f.getFileName().toString(), stampedHash(f));
    }
  }

  /** The hash a cell file carries ("" when it has none: the manifest then lists it as such and verify names it). */
  private static String stampedHash(Path f) throws IOException {
    JsonNode h = JSON.readTree(Files.readString(f, StandardCharsets.UTF_8)).get(CellHashes.FIELD);
    return h == null ? "" : h.asText();
  }

  /** Rewrites run.json listing every cell's hash (atomically; after each stored cell). */
  private synchronized void writeManifest() throws IOException {
    AtomicFiles.write(dir.resolve(MANIFEST), out -> out.write(manifest.toJson(hashes)));
  }

  private static void deleteCells(Path cellDir) throws IOException {
    if (!Files.isDirectory(cellDir)) {
      return;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(cellDir)) {
      for (Path f : ds) {
        Files.delete(f);
      }
    }
  }

  public Path dir() {
    return dir;
  }

  public Manifest manifest() {
    return manifest;
  }

  /** The finished cell of {@code key}, if any. */
  public Optional<CellRecord> get(CellKey key) {
    return Optional.ofNullable(cells.get(key));
  }

  /** Every finished cell, in key order. */
  public List<CellRecord> all() {
    return List.copyOf(cells.values());
  }

  /**
   * The query log of an unfinished cell: recalls the queries an interrupted run of it finished
   * and records those this run finishes. {@link #put} deletes it once the cell is stored.
   */
  public QueryJournal journal(CellKey key) {
    return journal(key, 1);
  }

  /**
   * As {@link #journal(CellKey)} for a cell whose mechanism is at {@code revision}: the queries an
   * interrupted run of another revision logged are discarded, not recalled.
   */
  public QueryJournal journal(CellKey key, int revision) {
    return journal(key, revision, "");
  }

  /**
   * As {@link #journal(CellKey, int)} for a cell run with parameters of digest {@code paramsDigest}
   * ({@link CellRecord#paramsDigest}; empty: not stated): queries logged under other parameters
   * are discarded, not recalled.
   */
  public QueryJournal journal(CellKey key, int revision, String paramsDigest) {
    if (lock == null) {
      throw new IllegalStateException("store of " + dir + " is read-only");
    }
    try {
      return QueryJournal.open(journalFile(key), key.fileName(), manifest.fingerprint(), revision, paramsDigest);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the query log of cell " + key.fileName() + " in " + dir, e);
    }
  }

  /** Whether the cell has a query log: an interrupted or piloted run finished some of its queries. */
  public boolean hasJournal(CellKey key) {
    return Files.exists(journalFile(key));
  }

  /**
   * The server embeddings kept in this directory (for mechanisms that persist them), so that a
   * resumed run does not rebuild them.
   */
  public ServerStore servers() {
    if (lock == null) {
      throw new IllegalStateException("store of " + dir + " is read-only");
    }
    return new ServerFiles(dir, manifest.fingerprint());
  }

  /**
   * The query logs of unfinished cells: {@code [cells with at least one finished query, finished
   * queries]} (a torn last line counts as a query here; the journal drops it when opened).
   */
  public long[] partialProgress() throws IOException {
    Path partial = dir.resolve(PARTIAL);
    long[] out = new long[2];
    if (!Files.isDirectory(partial)) {
      return out;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(partial)) {
      for (Path f : ds) {
        long queries;
        try (var lines = Files.lines(f, StandardCharsets.UTF_8)) {
          queries = Math.max(0, lines.count() - 1); // minus the header
        }
        out[0] += queries > 0 ? 1 : 0;
        out[1] += queries;
      }
    }
    return out;
  }

  private Path journalFile(CellKey key) {
    String name = key.fileName();
    return dir.resolve(PARTIAL).resolve(name.substring(0, name.length() - ".json".length()) + ".queries.jsonl");
  }

  /**
   * Writes a finished cell at once (atomically), then deletes its query log; safe to call from
   * several threads.
   */
  public void put(CellRecord r) {
    if (lock == null) {
      throw new IllegalStateException("store of " + dir + " is read-only");
    }
    if (!r.fingerprint().equals(manifest.fingerprint())) {
      throw new IllegalArgumentException("cell fingerprint must be the run's " + manifest.fingerprint()
          + ". Provided value: " + r.fingerprint());
    }
    try {
      String json = r.toJson();
      // listed first: a process killed in between leaves a listed cell without a file, which a
      // resumed run recomputes, never an unlisted file (which would not verify)
      hashes.put(r.key().fileName(), JSON.readTree(json).get(CellHashes.FIELD).asText());
      writeManifest();
      AtomicFiles.write(dir.resolve(CELLS).resolve(r.key().fileName()), out -> out.write(json));
      Files.deleteIfExists(journalFile(r.key()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write cell " + r.key().fileName() + " in " + dir, e);
    }
    cells.put(r.key(), r);
  }

  @Override
  public void close() throws IOException {
    if (lock != null) {
      Path partial = dir.resolve(PARTIAL);
      if (Files.isDirectory(partial)) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(partial)) {
          if (!ds.iterator().hasNext()) {
            Files.delete(partial); // no cell left part-done: a finished run leaves no empty folder
          }
        }
      }
      lock.close();
    }
  }
}
