package io.pmbench.runs;

import io.pmbench.core.Preconditions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The git commit the code was run from, and whether the work tree differed from it.
 *
 * @param commit full hex object name of HEAD (40 digits, or 64 in a SHA-256 repository), or
 *     {@link #UNKNOWN} outside a git checkout or before the first commit
 * @param dirty {@code true} unless {@code git status} confirmed that no tracked file is modified
 *     and no untracked, non-ignored file exists: when git cannot be asked, the tree is reported
 *     dirty, because a clean claim that was never checked would mislead
 */
public record GitInfo(String commit, boolean dirty) {
  /** The commit reported when none can be found. */
  public static final String UNKNOWN = "unknown";

  private static final Pattern OBJECT_NAME = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
  private static final Pattern SAFE_REF = Pattern.compile("[A-Za-z0-9._/-]+");
  private static final int MAX_SYMREF_DEPTH = 8;
  private static final long GIT_STATUS_TIMEOUT_SECONDS = 20;

  public GitInfo {
    Preconditions.nonNull(commit, "commit");
    Preconditions.require(commit.equals(UNKNOWN) || OBJECT_NAME.matcher(commit).matches(), "commit",
        "a 40- or 64-digit lower-case hex object name or \"" + UNKNOWN + "\"", commit);
  }

  /**
   * Finds the checkout containing {@code start} and reads its HEAD commit from the files of
   * {@code .git} ({@link #commitOf}); then runs {@code git status --porcelain} once, pinned to
   * that repository by {@code GIT_DIR}/{@code GIT_WORK_TREE}, to decide {@link #dirty()}.
   */
  public static GitInfo detect(Path start) {
    Optional<Repository> repository = Repository.find(start);
    if (repository.isEmpty()) {
      return new GitInfo(UNKNOWN, true);
    }
    String commit = repository.get().headCommit().orElse(UNKNOWN);
    boolean dirty = commit.equals(UNKNOWN) || !repository.get().confirmedClean();
    return new GitInfo(commit, dirty);
  }

  /**
   * The commit of the running code: the checkout that holds the jar or class folder of
   * {@code anchor} (so a run started from another directory, even from another git repository,
   * records pmbench's commit, not that directory's); when the code lies outside any checkout
   * (a jar copied elsewhere), the checkout containing {@code workingDirectory}, else
   * {@link #UNKNOWN}.
   */
  public static GitInfo ofCode(Class<?> anchor, Path workingDirectory) {
    Optional<Path> code = codeLocation(anchor);
    if (code.isPresent() && Repository.find(code.get()).isPresent()) {
      return detect(code.get());
    }
    return detect(workingDirectory);
  }

  /** The jar or class folder {@code anchor} was loaded from, if the class loader says. */
  static Optional<Path> codeLocation(Class<?> anchor) {
    try {
      var source = anchor.getProtectionDomain().getCodeSource();
      return source == null || source.getLocation() == null ? Optional.empty()
          : Optional.of(Path.of(source.getLocation().toURI()));
    } catch (java.net.URISyntaxException | IllegalArgumentException | SecurityException
        | java.nio.file.FileSystemNotFoundException e) {
      return Optional.empty();
    }
  }

  /**
   * The HEAD commit of the checkout containing {@code start}, without spawning a process: walks
   * up from {@code start} to the first {@code .git} (a directory, or a file {@code gitdir: ...}
   * as in worktrees and submodules), reads {@code HEAD} and resolves a symbolic ref through
   * {@code refs/...} or {@code packed-refs}. Returns {@link #UNKNOWN} when there is no checkout,
   * HEAD names a branch with no commit yet, or anything cannot be read.
   */
  public static String commitOf(Path start) {
    return Repository.find(start).flatMap(Repository::headCommit).orElse(UNKNOWN);
  }

  /** A located repository: the work tree, its git directory and the common directory. */
  private record Repository(Path workTree, Path gitDir, Path commonDir) {
    static Optional<Repository> find(Path start) {
      Preconditions.nonNull(start, "start");
      for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
        Path dotGit = dir.resolve(".git");
        try {
          if (Files.isDirectory(dotGit)) {
            return Optional.of(of(dir, dotGit));
          }
          if (Files.isRegularFile(dotGit)) {
            String line = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
            if (!line.startsWith("gitdir:")) {
              return Optional.empty();
            }
            Path gitDir = dir.resolve(line.substring("gitdir:".length()).strip()).normalize();
            return Optional.of(of(dir, gitDir));
          }
        } catch (IOException e) {
          return Optional.empty();
        }
      }
      return Optional.empty();
    }

    private static Repository of(Path workTree, Path gitDir) throws IOException {
      Path commonDirFile = gitDir.resolve("commondir");
      Path commonDir = Files.isRegularFile(commonDirFile)
          ? gitDir.resolve(Files.readString(commonDirFile, StandardCharsets.UTF_8).strip())
              .normalize()
          : gitDir;
      return new Repository(workTree, gitDir, commonDir);
    }

    Optional<String> headCommit() {
      try {
        return resolve(Files.readString(gitDir.resolve("HEAD"), StandardCharsets.UTF_8).strip(),
            0);
      } catch (IOException e) {
        return Optional.empty();
      }
    }

    /** {@code content} is the text of a ref file: an object name or {@code ref: <name>}. */
    private Optional<String> resolve(String content, int depth) throws IOException {
      if (!content.startsWith("ref:")) {
        String name = content.toLowerCase(Locale.ROOT);
        return OBJECT_NAME.matcher(name).matches() ? Optional.of(name) : Optional.empty();
      }
      String ref = content.substring("ref:".length()).strip();
      if (depth >= MAX_SYMREF_DEPTH || !SAFE_REF.matcher(ref).matches() || ref.contains("..")) {
        return Optional.empty();
      }
      for (Path base : List.of(gitDir, commonDir)) {
        Path loose = base.resolve(ref);
        if (Files.isRegularFile(loose)) {
          return resolve(Files.readString(loose, StandardCharsets.UTF_8).strip(), depth + 1);
        }
      }
      return packedRef(ref);
    }

    private Optional<String> packedRef(String ref) throws IOException {
      Path packed = commonDir.resolve("packed-refs");
      if (!Files.isRegularFile(packed)) {
        return Optional.empty();
      }
      for (String line : Files.readAllLines(packed, StandardCharsets.UTF_8)) {
        if (line.startsWith("#") || line.startsWith("^")) {
          continue;
        }
        String[] parts = line.strip().split(" ", 2);
        if (parts.length == 2 && parts[1].equals(ref)) {
          return resolve(parts[0], MAX_SYMREF_DEPTH);
        }
      }
      return Optional.empty();
    }

    /**
     * True only if {@code git status --porcelain} exits 0 with no output within the timeout.
     * {@code GIT_OPTIONAL_LOCKS=0} stops it from rewriting the index of a checkout that other
     * processes may be using.
     */
    boolean confirmedClean() {
      Path output = null;
      try {
        output = Files.createTempFile("pmbench-git-status", ".txt");
        ProcessBuilder builder = new ProcessBuilder(
            "git", "status", "--porcelain", "--untracked-files=normal")
            .directory(workTree.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .redirectOutput(output.toFile());
        builder.environment().put("GIT_DIR", gitDir.toString());
        builder.environment().put("GIT_WORK_TREE", workTree.toString());
        builder.environment().put("GIT_OPTIONAL_LOCKS", "0");
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(GIT_STATUS_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          return false;
        }
        return process.exitValue() == 0 && Files.size(output) == 0;
      } catch (IOException e) {
        return false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      } finally {
        if (output != null) {
          try {
            Files.deleteIfExists(output);
          } catch (IOException e) {
            // A leftover empty-or-short temp file in java.io.tmpdir is harmless.
          }
        }
      }
    }
  }
}
