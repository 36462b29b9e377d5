"""pmbench's PrivateMail query against the official code's formulation in NumPy, in one run, on one core.

Runs, all pinned to the same CPU (taskset) and single-threaded (BLAS threads = 1):
  1. official_formulation.py (median of REPEATS queries; kernel, Umeyama and k-NN included),
  2. JMH PrivateMailQueryBenchmark.optimised (the client kernel) and WholeQueryBenchmark.query (the
     whole per-query path of a run: D, release, Umeyama, k-NN over 10,000 gallery rows) at
     P = 1,000 in one fork, SIMD exp enabled,
  3. with PMBENCH_RUN=1 in the environment, a real run: `./pmbench run --dataset fashion-mnist
     --mechanisms privatemail --epsilon 0.1 --seeds 1 --queries 500 --parallel 1` (its timings.csv),
  4. official_formulation.py again,
and prints each time, its ratio against the mean of the two NumPy medians, and the load average
before and after. A measuring tool, not part of CI (it needs NumPy).

Usage (from the repository root, after `mvn -B -DskipTests package`):
  [PMBENCH_RUN=1] python3 benchmarks/reference-numpy/side_by_side.py [CPU] [REPEATS] [OTHER_BENCHMARKS_JAR ...]
Each OTHER_BENCHMARKS_JAR (e.g. the benchmarks.jar of an earlier commit) is timed the same way
right after this tree's, and its ratio printed too.
"""
import csv
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
JAR = os.path.normpath(os.path.join(HERE, "..", "target", "benchmarks.jar"))


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def numpy_seconds(cpu, repeats):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run(["taskset", "-c", cpu, sys.executable, os.path.join(HERE, "official_formulation.py"),
                          str(repeats)], env=env, check=True, capture_output=True, text=True).stdout
    print(out.strip())
    return float(re.search(r"median ([0-9.]+) s/query", out).group(1))


def jmh_millis(cpu, jar, whole=True):
    """ms/query of the kernel benchmark and (when the jar has it) of the whole query path, or None."""
    pattern = r"PrivateMailQueryBenchmark\.optimised$" + (r"|WholeQueryBenchmark\.query$" if whole else "")
    with tempfile.TemporaryDirectory() as tmp:
        result = os.path.join(tmp, "jmh.csv")
        subprocess.run(["taskset", "-c", cpu, "java", "-Djmh.ignoreLock=true", "--add-modules", "jdk.incubator.vector", "-jar", jar,
                        pattern, "-p", "nPublic=1000", "-f", "1", "-wi", "10",
                        "-w", "1", "-i", "10", "-r", "1", "-rf", "csv", "-rff", result], check=True,
                       stdout=subprocess.DEVNULL)
        scores = {}
        with open(result) as f:
            for row in csv.DictReader(f):
                name = row["Benchmark"].rsplit(".", 2)[-2] + "." + row["Benchmark"].rsplit(".", 1)[-1]
                scores[name] = float(row["Score"])
                print(f"{jar}: {name} {float(row['Score']):.3f} +- {float(row['Score Error (99.9%)']):.3f} ms/query")
        return scores.get("PrivateMailQueryBenchmark.optimised"), scores.get("WholeQueryBenchmark.query")


def run_millis(cpu):
    """ms/query of a real 500-query PrivateMail run on Fashion-MNIST (timings.csv), pinned to cpu."""
    root = os.path.normpath(os.path.join(HERE, "..", ".."))
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["taskset", "-c", cpu, os.path.join(root, "pmbench"), "run", "--dataset", "fashion-mnist",
                        "--mechanisms", "privatemail", "--epsilon", "0.1", "--seeds", "1", "--queries", "500",
                        "--parallel", "1", "--out", os.path.join(tmp, "run")], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(os.path.join(tmp, "run", "timings.csv")) as f:
            row = next(csv.DictReader(f))
        ms = float(row["ms/query"])
        print(f"pmbench run (fashion-mnist, privatemail, 500 queries, one core): {ms:.3f} ms/query, "
              f"set-up {float(row['server s']):.1f} s")
        return ms


def main():
    cpu = sys.argv[1] if len(sys.argv) > 1 else "0"
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    print(f"cpu {cpu}; load average before: {load()}")
    others = sys.argv[3:]
    before = numpy_seconds(cpu, repeats)
    ms, whole_ms = jmh_millis(cpu, JAR)
    other_ms = [jmh_millis(cpu, jar, whole=False)[0] for jar in others]
    run_ms = run_millis(cpu) if os.environ.get("PMBENCH_RUN") == "1" else None
    after = numpy_seconds(cpu, repeats)
    numpy_ms = 1000 * (before + after) / 2
    print(f"load average after: {load()}")
    print(f"side by side on cpu {cpu}: NumPy {numpy_ms:.1f} ms/query (mean of {before * 1000:.1f} and "
          f"{after * 1000:.1f}), pmbench kernel {ms:.3f} ms/query: pmbench is {numpy_ms / ms:.1f}x faster")
    if whole_ms is not None:
        print(f"  whole query path (JMH): {whole_ms:.3f} ms/query, {numpy_ms / whole_ms:.1f}x end to end, "
              f"{whole_ms / ms:.2f}x the kernel")
    if run_ms is not None:
        print(f"  real run (timings.csv): {run_ms:.3f} ms/query, {numpy_ms / run_ms:.1f}x end to end, "
              f"{run_ms / ms:.2f}x the kernel")
    for jar, other in zip(others, other_ms):
        print(f"  {jar}: {other:.3f} ms/query, {numpy_ms / other:.1f}x")


if __name__ == "__main__":
    main()
