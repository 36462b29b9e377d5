package io.pmbench.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation lives in the repository and the code's citations of it resolve
 * (docs/README.md, "Citations in the code"):
 *
 * <ul>
 *   <li>every relative link (and image) in {@code README.md} and {@code docs/**.md} names a file or
 *       folder inside the repository, and a {@code #fragment} into a Markdown file names one of its
 *       headings (GitHub's anchor rule);
 *   <li>every "SPEC.md §N", "BASELINES.md §N.M", "DATASETS.md section N" cited in a module's
 *       {@code src/main/java} or {@code src/test/java} names a heading ({@code ## N.} or
 *       {@code ### N.M}) of that file in {@code docs/};
 *   <li>nothing in the README, docs or main sources (help texts, reports) points to {@code ../shared/},
 *       the folder outside the repository the specification first lived in.
 * </ul>
 *
 * <p>For it to fail, a document or a link target must have been moved or renamed without its
 * links, or a section renumbered or cited wrongly. Each failure message lists every offender.
 */
class DocsLinksTest {
  /** [text](target) or ![alt](target); the target stops at whitespace or ')'. */
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  /** "SPEC.md §5.2", "BASELINES.md §2", "DATASETS.md section 6", "SPEC.md sections 3-5", "SPEC.md §1–§2". */
  private static final Pattern CITATION = Pattern.compile(
      "(SPEC|BASELINES|DATASETS)\\.md,?\\s*(?:\\*\\s*)?(?:§\\s*|sections?\\s+)(\\d+(?:\\.\\d+)*)"
          + "(?:\\s*[–-]\\s*§?(\\d+(?:\\.\\d+)*))?");
  private static final Pattern SECTION_HEADING = Pattern.compile("^#{2,4} (\\d+(?:\\.\\d+)*)\\.?\\s.*");
  private static final List<String> MODULES =
      List.of("core", "datasets", "runs", "reports", "baselines", "filter", "experiments", "benchmarks",
          "spark");

  private final Path root = repositoryRoot();

  @Test
  void relativeLinks_inReadmeAndDocs_resolveInsideTheRepository() throws IOException {
    List<String> broken = new ArrayList<>();
    List<Path> pages = markdownPages();
    assertTrue(pages.size() >= 5, "expected README.md and the docs/ pages, found " + pages);
    for (Path page : pages) {
      Matcher m = LINK.matcher(withoutCode(read(page)));
      while (m.find()) {
        String problem = checkLink(page, m.group(1));
        if (problem != null) {
          broken.add(root.relativize(page) + ": (" + m.group(1) + ") " + problem);
        }
      }
    }
    assertEquals(List.of(), broken, "links that do not resolve inside the repository");
  }

  @Test
  void citedSections_inSources_existInDocs() throws IOException {
    Map<String, Set<String>> sections = new HashMap<>();
    for (String doc : List.of("SPEC", "BASELINES", "DATASETS")) {
      sections.put(doc, sectionNumbers(root.resolve("docs").resolve(doc + ".md")));
    }
    assertTrue(sections.get("SPEC").containsAll(List.of("1", "5.2", "10")), "SPEC.md headings: " + sections);
    List<String> missing = new ArrayList<>();
    int citations = 0;
    for (Path source : javaSources(List.of("src/main/java", "src/test/java"))) {
      Matcher m = CITATION.matcher(read(source));
      while (m.find()) {
        citations++;
        for (String number : new String[] {m.group(2), m.group(3)}) {
          if (number != null && !sections.get(m.group(1)).contains(number)) {
            missing.add(root.relativize(source) + ": \"" + m.group().replaceAll("\\s+", " ") + "\"");
          }
        }
      }
    }
    assertTrue(citations > 100, "expected the sources' citations of docs/, found " + citations);
    assertEquals(List.of(), missing, "citations of a section that docs/ does not have");
  }

  @Test
  void nothing_pointsToTheSharedFolderOutsideTheRepository() throws IOException {
    List<String> offenders = new ArrayList<>();
    List<Path> files = new ArrayList<>(markdownPages());
    files.addAll(javaSources(List.of("src/main/java")));
    for (Path f : files) {
      if (read(f).contains("../shared/")) {
        offenders.add(root.relativize(f).toString());
      }
    }
    assertEquals(List.of(), offenders, "files citing ../shared/ instead of docs/");
  }

  @Test
  void anchor_followsGitHubHeadingRule() {
    assertEquals("where-to-add-what", anchor("Where to add what"));
    assertEquals("the-jmh-run-as-report-writes-it", anchor("The JMH run, as Report writes it"));
    assertEquals("52-sensitivity", anchor("5.2 Sensitivity"));
    assertEquals("exact-draws-columndrawexact-for-k--2", anchor("Exact draws: `columnDraw=EXACT` for k ≤ 2"));
    assertEquals("privacy-caveats-specmd-54", anchor("Privacy caveats ([SPEC.md](SPEC.md) §5.4)"));
  }

  /** Null when {@code target}, linked from {@code page}, resolves; otherwise what is wrong. */
  private String checkLink(Path page, String target) {
    if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
      return null; // an absolute URL: not a file of the repository
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    String fragment = hash < 0 ? null : target.substring(hash + 1);
    Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
    if (!resolved.startsWith(root)) {
      return "points outside the repository";
    }
    if (!Files.exists(resolved)) {
      return "no such file";
    }
    if (fragment != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(fragment)) {
      return "no heading with anchor #" + fragment + " in " + root.relativize(resolved);
    }
    return null;
  }

  /** The anchors GitHub gives the headings of a Markdown file (duplicates get -1, -2, ...). */
  private static Set<String> anchors(Path md) {
    Set<String> out = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    // fenced blocks hold no headings; inline code in a heading keeps its text in GitHub's anchor
    for (String line : read(md).replaceAll("(?s)```.*?```", "").split("\n")) {
      if (line.matches("^#{1,6} .*")) {
        String a = anchor(line.replaceFirst("^#{1,6} ", ""));
        int n = seen.merge(a, 1, Integer::sum) - 1;
        out.add(n == 0 ? a : a + "-" + n);
      }
    }
    return out;
  }

  /** GitHub's rule: the heading's text, lower case, punctuation dropped, spaces to hyphens. */
  static String anchor(String heading) {
    String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1").replace("`", "").trim();
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  private static Set<String> sectionNumbers(Path md) {
    Set<String> out = new HashSet<>();
    for (String line : withoutCode(read(md)).split("\n")) {
      Matcher m = SECTION_HEADING.matcher(line);
      if (m.matches()) {
        out.add(m.group(1));
      }
    }
    assertFalse(out.isEmpty(), md + " has no numbered section");
    return out;
  }

  /** The text with fenced code blocks and inline code spans blanked out. */
  private static String withoutCode(String text) {
    return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "``");
  }

  private List<Path> markdownPages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> s = Files.walk(root.resolve("docs"))) {
      pages.addAll(s.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
    }
    return pages;
  }

  private List<Path> javaSources(List<String> trees) throws IOException {
    List<Path> out = new ArrayList<>();
    for (String module : MODULES) {
      for (String tree : trees) {
        Path dir = root.resolve(module).resolve(tree);
        if (Files.isDirectory(dir)) {
          try (Stream<Path> s = Files.walk(dir)) {
            s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(out::add);
          }
        }
      }
    }
    return out;
  }

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The folder holding the root pom.xml and docs/ (surefire runs in the module's folder). */
  private static Path repositoryRoot() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("docs"))
          && Files.isRegularFile(p.resolve("README.md"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root (pom.xml, README.md and docs/) above "
        + Path.of("").toAbsolutePath());
  }
}
