package io.pmbench.experiments.cli;

import io.pmbench.runs.CodeVersion;
import io.pmbench.runs.GitInfo;
import java.nio.file.Path;
import picocli.CommandLine;

/** {@code pmbench --version}: project version and git commit. */
public final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    GitInfo git = GitInfo.ofCode(VersionProvider.class, Path.of("").toAbsolutePath());
    return new String[] {"pmbench " + CodeVersion.current() + " (commit " + git.commit() + (git.dirty() ? ", dirty" : "")
        + ")", "Java " + System.getProperty("java.version")};
  }
}
