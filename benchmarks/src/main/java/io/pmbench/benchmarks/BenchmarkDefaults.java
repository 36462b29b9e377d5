package io.pmbench.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The JMH settings pmbench's benchmarks share: one state object per benchmark, built once per
 * trial, and the average time of an operation in milliseconds. JMH annotations are inherited, so
 * a benchmark class extends this and states only what it does differently (as in JMH's sample
 * {@code JMHSample_24_Inheritance}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public abstract class BenchmarkDefaults {}
