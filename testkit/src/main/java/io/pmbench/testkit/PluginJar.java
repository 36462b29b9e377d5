package io.pmbench.testkit;

import io.pmbench.core.mechanism.MechanismModule;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Builds a plugin jar from its sources at test time, as a third party would: every {@code .java}
 * file under a source folder compiled against the test class path (with {@code -Xlint:all
 * -Werror}), and packed with the folder's other files (its {@code META-INF/services} entry).
 */
public final class PluginJar {
  private PluginJar() {}

  /**
   * Compiles and packs {@code sources} into {@code work/<name>.jar}; throws
   * {@link IllegalStateException} with the compiler's messages when the sources do not compile cleanly.
   */
  public static Path build(Path sources, Path work, String name) throws IOException {
    List<Path> javaFiles;
    try (Stream<Path> s = Files.walk(sources)) {
      javaFiles = s.filter(p -> p.toString().endsWith(".java")).toList();
    }
    Path classes = Files.createDirectories(work.resolve(name + "-classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    try (StandardJavaFileManager fm = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = List.of("--release", "17", "-Xlint:all,-path", "-Werror", "-proc:none", "-classpath",
          classPath(), "-d", classes.toString());
      if (!javac.getTask(diagnostics, fm, null, options, null, fm.getJavaFileObjectsFromPaths(javaFiles)).call()) {
        throw new IllegalStateException("plugin did not compile cleanly: " + diagnostics);
      }
    }
    Path jar = work.resolve(name + ".jar");
    List<Path[]> entries = new ArrayList<>(); // {root, file}
    for (Path root : new Path[] {classes, sources}) {
      try (Stream<Path> s = Files.walk(root)) {
        s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".java"))
            .forEach(p -> entries.add(new Path[] {root, p}));
      }
    }
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (Path[] e : entries) {
        out.putNextEntry(new JarEntry(e[0].relativize(e[1]).toString().replace(File.separatorChar, '/')));
        out.write(Files.readAllBytes(e[1]));
        out.closeEntry();
      }
    }
    return jar;
  }

  /** The test class path plus the code sources of the plugin API (robust to manifest-only class paths). */
  public static String classPath() {
    Set<String> entries = new LinkedHashSet<>(List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
    for (Class<?> c : new Class<?>[] {MechanismModule.class, com.google.inject.AbstractModule.class}) {
      try {
        entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
      } catch (URISyntaxException e) {
        throw new IllegalStateException("code source of " + c.getName() + " is not a path", e);
      }
    }
    return String.join(File.pathSeparator, entries);
  }
}
