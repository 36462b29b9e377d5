package io.pmbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Parameter errors name parameters by their model names and let a front end spell them. */
class ParameterExceptionTest {
  @Test
  void getMessage_namesParametersPlainly() {
    ParameterException e = new ParameterException("encoder", "${encoder} must be vae; or use ${encoder} ppca");
    assertEquals("encoder must be vae; or use encoder ppca", e.getMessage());
    assertEquals("encoder", e.parameter());
  }

  @Test
  void message_spellingGiven_everyNamedParameterRespelled() {
    ParameterException e = new ParameterException("vaeModel", "pass another ${vaeModel} or ${encoder} ppca");
    assertEquals("pass another --vae-model or --encoder ppca",
        e.message(n -> n.equals("vaeModel") ? "--vae-model" : "--" + n));
  }

  @Test
  void require_failing_throwsParameterExceptionOfThatName() {
    ParameterException e = assertThrows(ParameterException.class,
        () -> Preconditions.require(false, "sigmaQ", "> 0", -1));
    assertEquals("sigmaQ", e.parameter());
    assertEquals("sigmaQ must be > 0. Provided value: -1", e.getMessage());
    assertEquals("--sigma-q must be > 0. Provided value: -1", e.message(n -> "--sigma-q"));
  }

  /** A provided value is data: a "${...}" in it must not be taken for a parameter reference. */
  @Test
  void require_providedValueLooksLikeReference_notRespelled() {
    ParameterException e = assertThrows(ParameterException.class,
        () -> Preconditions.require(false, "epsilon", "> 0", "${alpha}"));
    assertEquals("--epsilon must be > 0. Provided value: $ {alpha}", e.message(n -> "--" + n));
  }
}
