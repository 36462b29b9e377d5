package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Reporting.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The claims are about the mechanism that declares itself their subject in its {@code Reporting},
 * and compare it with the mechanisms that declare a role, not with names written into the claims
 * code. Fails if no registered mechanism, or a second one, declares the subject, if a role moves to
 * another mechanism or loses its player, or if the claims code quotes a registered mechanism's name.
 */
class ClaimsSubjectTest {
  /** The claims code: the claims table and its readings. */
  private static final List<String> CLAIMS_CODE = List.of("Claims.java", "ExplainClaims.java", "FigureReadings.java");

  @Test
  void subject_registeredMechanisms_isPrivateMail() {
    assertEquals("privatemail", ReportPages.subject());
  }

  @Test
  void withAnyRole_registeredMechanisms_eachRolePlayedByThePinnedMechanisms() {
    Map<Role, List<String>> expected = new EnumMap<>(Role.class);
    expected.put(Role.RAW_FEATURES, List.of("features"));
    expected.put(Role.NON_PRIVATE_EMBEDDING, List.of("smlq"));
    expected.put(Role.NON_PRIVATE_BASELINE, List.of("tsne"));
    expected.put(Role.LABEL_ONLY, List.of("label-only"));
    expected.put(Role.SHUFFLED_LABELS, List.of("shuffled-labels"));
    expected.put(Role.PLAIN_GAUSSIAN, List.of("public-pca"));
    expected.put(Role.CHANCE, List.of("random"));
    assertEquals(EnumSet.complementOf(EnumSet.of(Role.NONE)), EnumSet.copyOf(expected.keySet()), "every role pinned");
    for (Map.Entry<Role, List<String>> e : expected.entrySet()) {
      assertEquals(e.getValue(), ReportPages.withAnyRole(EnumSet.of(e.getKey())), e.getKey().name());
    }
  }

  @Test
  void claimsCode_source_quotesNoRegisteredMechanismName() throws IOException {
    Path dir = Path.of("src/main/java/io/pmbench/experiments/figures");
    List<String> quoted = new ArrayList<>();
    for (String file : CLAIMS_CODE) {
      String source = Files.readString(dir.resolve(file));
      for (String name : MechanismRegistry.discover().names()) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\"").matcher(source);
        while (m.find()) {
          quoted.add(file + ": \"" + name + "\"");
        }
      }
    }
    assertEquals(List.of(), quoted);
  }
}
