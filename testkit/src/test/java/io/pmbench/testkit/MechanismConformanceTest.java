package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Each check of the kit passes on a correct mechanism and fails on one with the defect it guards
 * against ({@link GaussianRowsMechanism}). If one of the "fails" tests fails, the check it names
 * has become unable to see its defect (e.g. a tolerance widened until it accepts 1.2·s).
 */
class MechanismConformanceTest {
  private static MechanismConformance kit(String defect) {
    return MechanismConformance.of(new GaussianRowsMechanism(defect));
  }

  private static void fails(Executable check) {
    assertThrows(AssertionError.class, check);
  }

  @Test
  void everyCheck_correctMechanism_passes() {
    MechanismConformance k = kit("none");
    k.checkDeterminism();
    k.checkEpsilonIndependence();
    k.checkPrivacyClaim();
    k.checkNoiseCalibration();
    k.checkSensitivity();
  }

  @Test
  void checkNoiseCalibration_noiseTwentyPercentTooLarge_fails() {
    fails(kit("scale")::checkNoiseCalibration);
  }

  @Test
  void checkSensitivity_claimedDeltaHalfTheTrueOne_fails() {
    fails(kit("sensitivity")::checkSensitivity);
  }

  @Test
  void checkEpsilonIndependence_declaredFreeButReadsEpsilon_fails() {
    fails(kit("epsilon")::checkEpsilonIndependence);
  }

  @Test
  void checkDeterminism_noiseFromItsOwnGenerator_fails() {
    fails(kit("seed")::checkDeterminism);
  }
}
