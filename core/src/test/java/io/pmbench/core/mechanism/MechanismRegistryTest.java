package io.pmbench.core.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link MechanismRegistry}: discovery through ServiceLoader + Guice MapBinder, loud name clashes. */
class MechanismRegistryTest {
  private static final List<String> CORE = List.of("features", "label-only", "privatemail", "random",
      "shuffled-labels", "smlq");

  /** A do-nothing mechanism whose name is set by the subclass. */
  abstract static class Stub implements EmbeddingMechanism {
    @Override
    public String description() {
      return "test stub";
    }

    @Override
    public void validate(MechanismParams params) {}

    @Override
    public boolean alignsOnPublic() {
      return false;
    }

    @Override
    public ServerSide server(ServerView view, MechanismParams params) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ClientSide client(ClientView view, MechanismParams params) {
      throw new UnsupportedOperationException();
    }
  }

  static final class TwinA extends Stub {
    @Override
    public String name() {
      return "twin";
    }
  }

  static final class TwinB extends Stub {
    @Override
    public String name() {
      return "twin";
    }
  }

  static final class ModuleA extends MechanismModule {
    @Override
    protected void configure() {
      register("twin", TwinA.class);
    }
  }

  static final class ModuleB extends MechanismModule {
    @Override
    protected void configure() {
      register("twin", TwinB.class);
    }
  }

  static final class Misnamed extends MechanismModule {
    @Override
    protected void configure() {
      register("alias", TwinA.class);
    }
  }

  @Test
  void discover_coreClassPath_listsTheFiveCoreMechanismsSorted() {
    // Fails if the META-INF/services entry or a binding in CoreMechanismsModule is missing, or if
    // names are not sorted.
    assertEquals(CORE, MechanismRegistry.discover().names());
  }

  @Test
  void get_everyCoreName_returnsMechanismReportingThatName() {
    MechanismRegistry registry = MechanismRegistry.discover();
    for (String name : CORE) {
      assertEquals(name, registry.get(name).name());
    }
  }

  @Test
  void get_sameNameTwice_returnsSameSingletonInstance() {
    // The MapBinder is not scoped, so each get could construct a new instance; mechanisms are
    // stateless, but the registry freezes the map at construction, so the instance is shared.
    MechanismRegistry registry = MechanismRegistry.discover();
    assertSame(registry.get("smlq"), registry.get("smlq"));
  }

  @Test
  void get_unknownName_throwsIllegalArgumentExceptionListingKnownNames() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MechanismRegistry.discover().get("nope"));

    assertTrue(e.getMessage().contains(String.join(", ", CORE)), e.getMessage());
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
  }

  @Test
  void of_twoModulesRegisteringSameName_throwsIllegalStateException() {
    // STYLE.md: no permitDuplicates(); a clash between two plugins must fail loudly, not let one
    // silently win. Fails if the registry swallows Guice's duplicate-key error.
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> MechanismRegistry.of(List.of(new ModuleA(), new ModuleB())));

    assertTrue(e.getMessage().contains("twin"), e.getMessage());
  }

  @Test
  void of_bindingNameDiffersFromMechanismName_throwsIllegalStateException() {
    assertThrows(IllegalStateException.class, () -> MechanismRegistry.of(List.of(new Misnamed())));
  }

  @Test
  void of_noModules_isEmpty() {
    assertEquals(List.of(), MechanismRegistry.of(List.of()).names());
  }
}
