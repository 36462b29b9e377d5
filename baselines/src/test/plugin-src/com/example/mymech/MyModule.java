package com.example.mymech;

public final class MyModule extends io.pmbench.core.mechanism.MechanismModule {
  @Override protected void configure() { register("my-mech", MyMechanism.class); }
}
