package io.pmbench.core.mechanism;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;

/**
 * The plugin entry point: a Guice module that registers one or more mechanisms by name. Concrete
 * subclasses are found with {@link java.util.ServiceLoader} through a
 * {@code META-INF/services/io.pmbench.core.mechanism.MechanismModule} entry, so a jar on the
 * class path adds mechanisms without any edit to pmbench. A name registered twice fails loudly
 * (no {@code permitDuplicates()}).
 */
public abstract class MechanismModule extends AbstractModule {
  /** Binds {@code type} under {@code name} in the mechanism map. */
  protected final void register(String name, Class<? extends EmbeddingMechanism> type) {
    MapBinder.newMapBinder(binder(), String.class, EmbeddingMechanism.class).addBinding(name).to(type);
  }
}
