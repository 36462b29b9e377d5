"""pmbench's PrivateMail query against the official code's formulation in NumPy, in one run, on one core.

Runs, all pinned to the same CPU (taskset) and single-threaded (BLAS threads = 1):
  1. official_formulation.py (median of REPEATS queries),
  2. JMH PrivateMailQueryBenchmark.optimised at P = 1,000 (one fork, SIMD exp enabled),
  3. official_formulation.py again,
and prints both times, the ratio against the mean of the two NumPy medians, and the load average
before and after. A measuring tool, not part of CI (it needs NumPy).

Usage (from the repository root, after `mvn -B -DskipTests package`):
  python3 benchmarks/reference-numpy/side_by_side.py [CPU] [REPEATS] [OTHER_BENCHMARKS_JAR ...]
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


def jmh_millis(cpu, jar):
    with tempfile.TemporaryDirectory() as tmp:
        result = os.path.join(tmp, "jmh.csv")
        subprocess.run(["taskset", "-c", cpu, "java", "-Djmh.ignoreLock=true", "--add-modules", "jdk.incubator.vector", "-jar", jar,
                        r"PrivateMailQueryBenchmark\.optimised$", "-p", "nPublic=1000", "-f", "1", "-wi", "10",
                        "-w", "1", "-i", "10", "-r", "1", "-rf", "csv", "-rff", result], check=True,
                       stdout=subprocess.DEVNULL)
        with open(result) as f:
            row = next(csv.DictReader(f))
        print(f"{jar}: PrivateMailQueryBenchmark.optimised {float(row['Score']):.3f} "
              f"+- {float(row['Score Error (99.9%)']):.3f} ms/query")
        return float(row["Score"])


def main():
    cpu = sys.argv[1] if len(sys.argv) > 1 else "0"
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    print(f"cpu {cpu}; load average before: {load()}")
    others = sys.argv[3:]
    before = numpy_seconds(cpu, repeats)
    ms = jmh_millis(cpu, JAR)
    other_ms = [jmh_millis(cpu, jar) for jar in others]
    after = numpy_seconds(cpu, repeats)
    numpy_ms = 1000 * (before + after) / 2
    print(f"load average after: {load()}")
    print(f"side by side on cpu {cpu}: NumPy {numpy_ms:.1f} ms/query (mean of {before * 1000:.1f} and "
          f"{after * 1000:.1f}), pmbench {ms:.3f} ms/query: pmbench is {numpy_ms / ms:.1f}x faster")
    for jar, other in zip(others, other_ms):
        print(f"  {jar}: {other:.3f} ms/query, {numpy_ms / other:.1f}x")


if __name__ == "__main__":
    main()
