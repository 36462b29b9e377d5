package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a reader sees it: headless Chromium (Debian package {@code chromium}) opens
 * report.html offline, takes a screenshot and dumps the DOM after load. The page must render
 * (the screenshot is not blank) and every image must decode (the report's own load script sets
 * {@code data-broken-images="0"}). Skips with a message when no Chromium is installed. Set
 * {@code -Dpmbench.screenshot=PATH} to keep the screenshot (docs/report-screenshot.png).
 */
@Tag("slow")
class ReportBrowserTest {
  private static Optional<String> chromium() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser")) {
        if (Files.isExecutable(Path.of(dir, name))) {
          return Optional.of(Path.of(dir, name).toString());
        }
      }
    }
    return Optional.empty();
  }

  private static String browse(String exe, Path profile, Path report, String... mode) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + profile, "--window-size=1280,2000", "--virtual-time-budget=5000"));
    cmd.addAll(List.of(mode));
    cmd.add(report.toUri().toString());
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish in 120 s");
    return out;
  }

  @Test
  void reportHtml_inHeadlessChromium_rendersFiguresWithoutBrokenImages(@TempDir Path tmp) throws Exception {
    Optional<String> exe = chromium();
    assumeTrue(exe.isPresent(), "skipped: no chromium on PATH (Debian: apt-get install -y chromium)");
    Path run = tmp.resolve("run");
    FiguresCliTest.Outcome o = FiguresCliTest.execute(FiguresCliTest.fig6(run));
    assertEquals(0, o.exit(), o.err());
    Path report = run.resolve("report.html");
    Path png = tmp.resolve("shot.png");
    browse(exe.get(), tmp.resolve("profile1"), report, "--screenshot=" + png);
    BufferedImage img = ImageIO.read(png.toFile());
    assertTrue(img != null && img.getWidth() == 1280, "screenshot must be a 1280-wide PNG");
    Set<Integer> colours = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y += 4) {
      for (int x = 0; x < img.getWidth(); x += 4) {
        colours.add(img.getRGB(x, y));
      }
    }
    assertTrue(colours.size() > 50, "screenshot looks blank: " + colours.size() + " distinct colours");
    String dom = browse(exe.get(), tmp.resolve("profile2"), report, "--dump-dom");
    Matcher images = Pattern.compile("data-images=\"(\\d+)\"").matcher(dom);
    Matcher broken = Pattern.compile("data-broken-images=\"(\\d+)\"").matcher(dom);
    assertTrue(images.find() && broken.find(), "the load script did not run");
    assertTrue(Integer.parseInt(images.group(1)) >= 1, "no image in the report");
    assertEquals(0, Integer.parseInt(broken.group(1)), "broken images in the report");
    String keep = System.getProperty("pmbench.screenshot");
    if (keep != null) {
      Files.copy(png, Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
