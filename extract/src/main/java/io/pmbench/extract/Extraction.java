package io.pmbench.extract;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.images.ImageLayout;
import io.pmbench.datasets.images.ImageRecord;
import io.pmbench.datasets.images.ImageStream;
import io.pmbench.datasets.images.RgbImage;
import io.pmbench.datasets.images.Split;
import io.pmbench.experiments.extract.ExtractionListener;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the network over one split: the calling thread reads (and decodes) the records in order,
 * {@code threads} workers preprocess and run them, each writing its row at the record's index, so
 * the rows are in record order whatever the timing. At most {@code 2 × threads} images wait in
 * memory. The first failure stops the split and is rethrown naming the record.
 *
 * @param features {@code count × dim} floats, row {@code i} = record {@code i}
 * @param labels the records' labels (0-based, the layout's)
 * @param seconds wall time of the split
 */
public record Extraction(float[] features, int[] labels, double seconds) {

  /** Extracts {@code split} of {@code layout}. */
  public static Extraction run(ImageLayout layout, Split split, OnnxNetwork net, int threads, ExtractionListener listener)
      throws IOException {
    int n = layout.count(split);
    int dim = net.spec().dim();
    requireHeap(layout, split, dim);
    float[] features = new float[n * dim];
    int[] labels = new int[n];
    long start = System.nanoTime();
    listener.splitStarted(split, n);
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "extract-worker");
      t.setDaemon(true);
      return t;
    });
    Semaphore slots = new Semaphore(2 * threads);
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    int read = 0;
    try (ImageStream records = layout.open(split)) {
      for (Optional<ImageRecord> r = records.next(); r.isPresent() && failure.get() == null; r = records.next()) {
        ImageRecord rec = r.get();
        if (rec.index() != read || read >= n) {
          throw new InvalidDataException(layout.source() + ": " + split.label() + " record " + rec.id() + " has index "
              + rec.index() + ", expected " + read + " of " + n + " (a layout that miscounts)");
        }
        labels[read] = rec.label();
        slots.acquireUninterruptibly();
        int row = read;
        pool.execute(() -> {
          try {
            float[] f = net.run(Preprocessing.input(cropped(rec), net.spec().side())).features();
            System.arraycopy(f, 0, features, row * dim, dim);
            listener.imagesDone(1);
          } catch (RuntimeException e) {
            failure.compareAndSet(null, e instanceof InvalidDataException ? e
                : new IllegalStateException(layout.source() + ": " + rec.id() + ": " + e.getMessage(), e));
          } finally {
            slots.release();
          }
        });
        read++;
      }
    } finally {
      pool.shutdown();
      awaitQuietly(pool);
    }
    if (failure.get() != null) {
      throw failure.get();
    }
    if (read != n) {
      throw new InvalidDataException(layout.source() + ": " + split.label() + " has " + read + " records, the layout counted " + n);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    listener.splitFinished(split, n, seconds);
    return new Extraction(features, labels, seconds);
  }

  /**
   * Fails in one line, before anything is read or allocated, when the {@code dim}-d features of
   * the split's counted images would need more than half the heap (a corrupt count, or -Xmx too small).
   */
  static void requireHeap(ImageLayout layout, Split split, int dim) {
    long n = layout.count(split);
    long bytes = 4L * n * dim;
    if (n * dim > Integer.MAX_VALUE - 8 || bytes > Runtime.getRuntime().maxMemory() / 2) {
      throw new InvalidDataException(layout.source() + ": " + split.label() + " counts " + n + " images, whose " + dim
          + "-d features need " + (bytes >> 20) + " MiB, more than half the heap (" + (Runtime.getRuntime().maxMemory() >> 20)
          + " MiB; raise -Xmx, or the count is corrupt)");
    }
  }

  /** The record's image, cut to its bounding box when it has one. */
  static RgbImage cropped(ImageRecord rec) {
    return rec.box().flatMap(b -> b.within(rec.image().width(), rec.image().height())).map(rec.image()::crop)
        .orElse(rec.image());
  }

  private static void awaitQuietly(ExecutorService pool) {
    boolean interrupted = false;
    while (true) {
      try {
        if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
