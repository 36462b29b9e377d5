package io.pmbench.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitInfoTest {
  private static final String SHA = "89abcdef0123456789abcdef0123456789abcdef";
  private static final String OTHER = "fedcba9876543210fedcba9876543210fedcba98";

  @TempDir Path dir;

  private Path fakeGit() throws IOException {
    Path git = Files.createDirectories(dir.resolve(".git"));
    Files.writeString(git.resolve("HEAD"), "ref: refs/heads/main\n");
    return git;
  }

  @Test
  void commitOf_looseRef_returnsThatCommit() throws IOException {
    Path git = fakeGit();
    Files.createDirectories(git.resolve("refs/heads"));
    Files.writeString(git.resolve("refs/heads/main"), SHA + "\n");
    Path nested = Files.createDirectories(dir.resolve("reports/src"));
    assertEquals(SHA, GitInfo.commitOf(nested));
  }

  @Test
  void commitOf_packedRef_returnsThatCommit() throws IOException {
    Path git = fakeGit();
    Files.writeString(git.resolve("packed-refs"), "# pack-refs with: peeled fully-peeled sorted\n"
        + OTHER + " refs/heads/feature\n" + SHA + " refs/heads/main\n^" + OTHER + "\n");
    assertEquals(SHA, GitInfo.commitOf(dir));
  }

  @Test
  void commitOf_detachedHead_returnsHeadCommit() throws IOException {
    Path git = fakeGit();
    Files.writeString(git.resolve("HEAD"), SHA.toUpperCase(Locale.ROOT) + "\n");
    assertEquals(SHA, GitInfo.commitOf(dir));
  }

  @Test
  void commitOf_worktreeGitFile_followsGitdirAndCommondir() throws IOException {
    Path common = Files.createDirectories(dir.resolve("main/.git"));
    Files.createDirectories(common.resolve("refs/heads"));
    Files.writeString(common.resolve("refs/heads/topic"), SHA + "\n");
    Path worktreeGit = Files.createDirectories(common.resolve("worktrees/wt"));
    Files.writeString(worktreeGit.resolve("HEAD"), "ref: refs/heads/topic\n");
    Files.writeString(worktreeGit.resolve("commondir"), "../..\n");
    Path worktree = Files.createDirectories(dir.resolve("wt"));
    Files.writeString(worktree.resolve(".git"), "gitdir: ../main/.git/worktrees/wt\n");
    assertEquals(SHA, GitInfo.commitOf(worktree));
  }

  @Test
  void commitOf_branchWithoutCommits_returnsUnknown() throws IOException {
    fakeGit();
    assertEquals(GitInfo.UNKNOWN, GitInfo.commitOf(dir));
  }

  @Test
  void commitOf_noGitDirectory_returnsUnknown() {
    assertEquals(GitInfo.UNKNOWN, GitInfo.commitOf(dir));
  }

  // A fake .git cannot be checked by git status, so the tree must not be claimed clean.
  @Test
  void detect_fakeRepository_commitFoundAndReportedDirty() throws IOException {
    Path git = fakeGit();
    Files.createDirectories(git.resolve("refs/heads"));
    Files.writeString(git.resolve("refs/heads/main"), SHA + "\n");
    GitInfo info = GitInfo.detect(dir);
    assertEquals(SHA, info.commit());
    assertTrue(info.dirty());
  }

  @Test
  void ofCode_runFromAnotherRepository_recordsTheCodesCheckout() throws IOException {
    // A run started inside someone else's git repository (here a fake one with commit SHA) must
    // record the commit of the checkout its classes come from, not that repository's.
    var code = GitInfo.codeLocation(GitInfoTest.class);
    assumeTrue(code.isPresent() && !GitInfo.commitOf(code.get()).equals(GitInfo.UNKNOWN),
        "the test classes are not inside a git checkout");
    Path git = fakeGit();
    Files.createDirectories(git.resolve("refs/heads"));
    Files.writeString(git.resolve("refs/heads/main"), SHA + "\n");

    assertEquals(GitInfo.commitOf(code.get()), GitInfo.ofCode(GitInfoTest.class, dir).commit());
  }

  @Test
  void ofCode_codeOutsideAnyCheckout_fallsBackToWorkingDirectory() throws IOException {
    // JDK classes have no code source: the working directory's checkout is the only clue.
    Path git = fakeGit();
    Files.createDirectories(git.resolve("refs/heads"));
    Files.writeString(git.resolve("refs/heads/main"), SHA + "\n");

    assertEquals(SHA, GitInfo.ofCode(String.class, dir).commit());
  }

  @Test
  void detect_noGitDirectory_unknownAndDirty() {
    assertEquals(new GitInfo(GitInfo.UNKNOWN, true), GitInfo.detect(dir));
  }

  // Against a real repository: the file-based commit must equal git rev-parse HEAD, and the
  // dirty flag must follow the work tree. Skipped where no git executable is installed.
  @Test
  void detect_realRepository_matchesGitAndTracksDirtiness() throws Exception {
    assumeTrue(git("--version").exitCode == 0, "git is not installed");
    assertEquals(0, git("init", "-q", "-b", "main").exitCode);
    Files.writeString(dir.resolve("a.txt"), "one\n");
    assertEquals(0, git("add", "a.txt").exitCode);
    assertEquals(0, git("-c", "user.name=t", "-c", "user.email=t@example.org",
        "-c", "commit.gpgsign=false", "commit", "-q", "-m", "first").exitCode);
    String head = git("rev-parse", "HEAD").output.strip();

    assertEquals(new GitInfo(head, false), GitInfo.detect(dir));
    Files.writeString(dir.resolve("a.txt"), "two\n");
    GitInfo modified = GitInfo.detect(dir);
    assertEquals(head, modified.commit());
    assertTrue(modified.dirty());
    assertFalse(GitInfo.detect(dir).commit().equals(GitInfo.UNKNOWN));
  }

  private record Result(int exitCode, String output) {}

  private Result git(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
        .redirectErrorStream(true);
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("HOME", dir.toString());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      return new Result(-1, e.getMessage());
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(30, TimeUnit.SECONDS));
    return new Result(process.exitValue(), output);
  }
}
