package io.pmbench.experiments.sweep;

import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.protocol.ServerStore;
import io.pmbench.runs.AtomicFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The {@link ServerStore} of a run directory: one binary file per (server key, seed) under
 * {@code DIR/servers/}, written atomically ({@link AtomicFiles}), holding a header (format,
 * server key, seed, the run's fingerprint) and the gallery and public-row embeddings as raw
 * doubles, so a loaded server side is bit for bit the one that was built.
 */
final class ServerFiles implements ServerStore {
  /** The folder's name inside a run directory. */
  static final String DIR = "servers";
  private static final String FORMAT = "pmbench-server/1";

  private final Path dir;
  private final String fingerprint;

  ServerFiles(Path runDir, String fingerprint) {
    this.dir = runDir.resolve(DIR);
    this.fingerprint = fingerprint;
  }

  /** The file of (serverKey, seed): a digest of the key, so any key gives a safe file name. */
  Path file(String serverKey, long seed) {
    try {
      byte[] h = MessageDigest.getInstance("SHA-256").digest(serverKey.getBytes(StandardCharsets.UTF_8));
      return dir.resolve(HexFormat.of().formatHex(h, 0, 8) + "_s" + seed + ".bin");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  @Override
  public ServerSide load(String serverKey, long seed) {
    Path f = file(serverKey, seed);
    if (!Files.exists(f)) {
      return null;
    }
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(Files.readAllBytes(f)))) {
      String format = in.readUTF();
      String key = in.readUTF();
      long s = in.readLong();
      String fp = in.readUTF();
      if (!FORMAT.equals(format) || !serverKey.equals(key) || s != seed || !fingerprint.equals(fp)) {
        throw new IllegalStateException(f + " must hold the server embedding of " + serverKey + ", seed " + seed
            + ", configuration " + fingerprint + ". Provided value: " + key + ", seed " + s + ", configuration " + fp
            + " (delete the file to rebuild it)");
      }
      Embedding gallery = embedding(in);
      Embedding publicRows = embedding(in);
      if (in.read() != -1) {
        throw new IllegalStateException(f + " has bytes after its embeddings (delete the file to rebuild it)");
      }
      return ServerSide.of(gallery, publicRows);
    } catch (EOFException e) {
      throw new IllegalStateException(f + " is truncated (delete the file to rebuild it)", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the server embedding " + f, e);
    }
  }

  @Override
  public void save(String serverKey, long seed, ServerSide server) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeUTF(FORMAT);
      out.writeUTF(serverKey);
      out.writeLong(seed);
      out.writeUTF(fingerprint);
      write(out, server.gallery());
      write(out, server.publicRows());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot encode the server embedding of " + serverKey, e);
    }
    Path f = file(serverKey, seed);
    try {
      Files.createDirectories(dir);
      AtomicFiles.writeBytes(f, bytes.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the server embedding " + f, e);
    }
  }

  private static void write(DataOutputStream out, Embedding e) throws IOException {
    out.writeInt(e.rows());
    out.writeInt(e.dim());
    double[] d = e.data();
    for (int i = 0; i < e.rows() * e.dim(); i++) {
      out.writeDouble(d[i]);
    }
  }

  private static Embedding embedding(DataInputStream in) throws IOException {
    int rows = in.readInt();
    int dim = in.readInt();
    if (rows < 0 || dim < 0 || (long) rows * dim > in.available() / Double.BYTES) {
      throw new EOFException("embedding of " + rows + " x " + dim + " does not fit in the file");
    }
    double[] d = new double[rows * dim];
    for (int i = 0; i < d.length; i++) {
      d[i] = in.readDouble();
    }
    return new Embedding(d, rows, dim);
  }
}
