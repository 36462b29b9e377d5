package io.pmbench.experiments.figures;

import static io.pmbench.experiments.figures.FiguresCliTest.DATA;
import static io.pmbench.experiments.figures.FiguresCliTest.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.audit.AuditFolder;
import io.pmbench.experiments.audit.AuditResults;
import io.pmbench.experiments.cli.Pmbench;
import io.pmbench.experiments.figures.FiguresCliTest.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit in the claims table and in every HTML report, on a tiny synthetic grid with few audit
 * runs. OFFICIAL_CODE privatemail (variance used as standard deviation) must come out "not
 * reproduced": its ε lower bound at 2,000 runs per side is near 5, fifty times its claimed 0.1, so
 * a pass of the honest calibrations and a failure of OFFICIAL_CODE are far from their thresholds
 * (false-failure probability at most that of the 95% intervals, AuditTest's tolerance). If the
 * OFFICIAL_CODE row said "reproduced", the audit or the claims row would hide a false claim.
 */
class AuditInReportsTest {
  private static final String OFFICIAL_ROW = "audit-privatemail-official-code-noisy-smlq-step";

  private static String[] claims(Path dir, int auditTrials) {
    List<String> a = new ArrayList<>(List.of("claims", "--dataset", DATA, "--public", "60", "--queries", "30",
        "--seeds", "1", "--mechanisms", "features,privatemail,label-only,random", "--epsilon", "0.1", "--parts",
        "fig6,audit", "--audit-trials", Integer.toString(auditTrials), "--out", dir.toString()));
    return a.toArray(new String[0]);
  }

  private static String row(Path claimsCsv, String id) throws Exception {
    return Files.readAllLines(claimsCsv).stream().filter(l -> l.startsWith(id + ",")).findFirst()
        .orElseThrow(() -> new AssertionError("no claims row " + id));
  }

  @Test
  void claims_tinyGridWithAudit_officialCodeNotReproducedAndAuditReused(@TempDir Path tmp) throws Exception {
    Outcome o = execute(claims(tmp, 2000));
    assertEquals(0, o.exit(), o.err());
    Path csv = tmp.resolve("claims.csv");
    String official = row(csv, OFFICIAL_ROW);
    assertTrue(official.contains("," + ClaimRow.NOT_REPRODUCED + ","), official);
    assertTrue(official.contains("Delta ratio") && official.contains("epsilon lower bound")
        && official.contains("vs claimed epsilon 0.1"), official);
    // the paper preset's calibration at epsilon = 0.1 is CLASSIC: audited, and not caught
    assertTrue(row(csv, "audit-privatemail-classic-noisy-smlq-step").contains("," + ClaimRow.REPRODUCED + ","));
    String html = Files.readString(tmp.resolve("report.html"));
    assertTrue(html.contains(">Audit</h2>") && html.contains("FAILED CLAIM: privatemail (OFFICIAL_CODE"), "claims "
        + "report must show the audit table and state the failed claim");
    assertTrue(Files.exists(tmp.resolve("audit").resolve("report.html")), "the audit part writes its own report");
    // the fig6 part's own report shows the audit of its mechanisms
    assertTrue(Files.readString(tmp.resolve("fig6").resolve("report.html")).contains(">Audit</h2>"));

    // same settings: the audit is reused, not recomputed
    Outcome again = execute(claims(tmp, 2000));
    assertEquals(0, again.exit(), again.err());
    assertTrue(again.err().lines().anyMatch(l -> l.matches("pmbench audit: 0 cells computed, [1-9]\\d* reused.*")),
        again.err());
    // other settings: one-line refusal, exit 2, the stored audit untouched; --fresh recomputes
    String settings = Files.readString(tmp.resolve("audit").resolve(AuditFolder.SETTINGS));
    Outcome changed = execute(claims(tmp, 1000));
    assertEquals(Pmbench.EXIT_BAD_INPUT, changed.exit(), changed.err());
    assertEquals(1, changed.err().lines().filter(l -> l.contains("holds an audit with other settings")
        && l.contains("--fresh")).count(), changed.err());
    assertEquals(settings, Files.readString(tmp.resolve("audit").resolve(AuditFolder.SETTINGS)));
  }

  @Test
  void auditAndClaims_correctedPreset_auditUnderTheRunsPreset(@TempDir Path tmp) throws Exception {
    Outcome a = execute("audit", "--preset", "corrected", "--mechanism", "private-rp", "--trials", "200", "--out",
        tmp.resolve("rp").toString());
    assertEquals(0, a.exit(), a.err());
    String csv = Files.readString(tmp.resolve("rp").resolve(AuditResults.FILE));
    assertTrue(csv.contains("private-rp,ANALYTIC,") && csv.contains(",secure,") && !csv.contains("CLASSIC"), csv);
    assertTrue(Files.readString(tmp.resolve("rp").resolve(AuditFolder.SETTINGS))
        .contains("--preset corrected --noise-sampler secure"));
    assertEquals(Pmbench.EXIT_BAD_INPUT, execute("audit", "--preset", "exact", "--out", tmp.toString()).exit());

    Outcome c = execute("claims", "--dataset", DATA, "--public", "60", "--queries", "30", "--seeds", "1",
        "--preset", "corrected", "--mechanisms", "features,privatemail", "--parts", "audit", "--audit-trials", "200",
        "--out", tmp.resolve("claims").toString());
    assertEquals(0, c.exit(), c.err());
    String settings = Files.readString(tmp.resolve("claims").resolve(AuditFolder.SUBFOLDER)
        .resolve(AuditFolder.SETTINGS));
    assertTrue(settings.contains("--preset corrected --noise-sampler secure") && settings.contains("CORRECTED"),
        settings);
  }

  @Test
  void report_runWithAuditFolder_containsAuditTable(@TempDir Path tmp) throws Exception {
    assertEquals(0, execute(FiguresCliTest.fig6(tmp)).exit());
    assertFalse(Files.readString(tmp.resolve("report.html")).contains(">Audit</h2>"), "no audit, no section");
    Outcome a = execute("audit", "--mechanism", "privatemail,private-rp", "--trials", "1000", "--out",
        tmp.resolve("audit").toString());
    assertEquals(0, a.exit(), a.err());
    String auditPage = Files.readString(tmp.resolve("audit").resolve("report.html"));
    assertTrue(auditPage.contains(">Audit</h2>") && auditPage.contains("private-rp"), "audit writes its report");

    Outcome r = execute("report", tmp.toString());
    assertEquals(0, r.exit(), r.err());
    String html = Files.readString(tmp.resolve("report.html"));
    assertTrue(html.contains(">Audit</h2>") && html.contains("<td>OFFICIAL_CODE</td>")
        && html.contains("FAILED CLAIM: privatemail (OFFICIAL_CODE"), "report must show the audit table");
    // only the run's mechanisms: private-rp is not in this fig6 grid
    assertFalse(html.contains("<td>private-rp</td>"), "rows of mechanisms outside the run are left out");
    assertFalse(html.contains("://"), "the section links nothing outside the file");

    Files.delete(tmp.resolve("audit").resolve("report.html"));
    Outcome ra = execute("report", tmp.resolve("audit").toString());
    assertEquals(0, ra.exit(), ra.err());
    assertTrue(Files.readString(tmp.resolve("audit").resolve("report.html")).contains("--trials 1000"),
        "an audit folder's report is redrawn with the command that reproduces it");
  }
}
