package io.pmbench.core.mechanism;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The registry of mechanisms: every {@link MechanismModule} on the class path (found with
 * {@link ServiceLoader}) contributes to one Guice {@code MapBinder<String, EmbeddingMechanism>}.
 */
public final class MechanismRegistry {
  private final SortedMap<String, EmbeddingMechanism> mechanisms;

  private MechanismRegistry(Map<String, EmbeddingMechanism> mechanisms) {
    this.mechanisms = Collections.unmodifiableSortedMap(new TreeMap<>(mechanisms));
    for (Map.Entry<String, EmbeddingMechanism> e : this.mechanisms.entrySet()) {
      if (!e.getKey().equals(e.getValue().name())) {
        throw new IllegalStateException("mechanism bound as '" + e.getKey() + "' reports name '"
            + e.getValue().name() + "'");
      }
    }
  }

  /** Discovers every module on the class path of this class's loader. */
  public static MechanismRegistry discover() {
    return discover(MechanismRegistry.class.getClassLoader());
  }

  /** Discovers every module visible to {@code loader}. */
  public static MechanismRegistry discover(ClassLoader loader) {
    List<MechanismModule> modules = new ArrayList<>();
    ServiceLoader.load(MechanismModule.class, loader).forEach(modules::add);
    return of(modules);
  }

  /** A registry of exactly these modules. */
  public static MechanismRegistry of(List<? extends MechanismModule> modules) {
    Injector injector;
    try {
      injector = Guice.createInjector(modules);
    } catch (CreationException e) {
      throw new IllegalStateException("mechanism registry: " + e.getErrorMessages().iterator().next().getMessage(), e);
    }
    Key<Map<String, EmbeddingMechanism>> key = Key.get(new TypeLiteral<Map<String, EmbeddingMechanism>>() {});
    Map<String, EmbeddingMechanism> map = injector.getExistingBinding(key) == null ? Map.of() : injector.getInstance(key);
    return new MechanismRegistry(map);
  }

  /** Sorted names of every registered mechanism. */
  public List<String> names() {
    return List.copyOf(mechanisms.keySet());
  }

  /** The mechanism called {@code name}; an unknown name lists the known ones. */
  public EmbeddingMechanism get(String name) {
    EmbeddingMechanism m = mechanisms.get(name);
    if (m == null) {
      throw new IllegalArgumentException("mechanism must be one of " + String.join(", ", names())
          + ". Provided value: " + name + io.pmbench.core.DidYouMean.hint(name, names()));
    }
    return m;
  }
}
