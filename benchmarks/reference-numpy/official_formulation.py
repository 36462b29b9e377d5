"""Times one PrivateMail client query in the official code's dense formulation, with NumPy.

The issue's baseline ("the official code needs about 0.2 s per query on a 2-core machine") is a
NumPy program: dense n x n Laplacians from all n^2 pairs, Diag(L_X)^-1 as an n x n matrix and an
n x n x n product in every SMLQ iteration (SPEC.md sections 3-5). This script re-states that
formulation (the same maths as benchmarks' DenseReference.java, which is the Java reference) so
that the baseline can be measured on the machine pmbench is measured on, instead of quoted.

It is a measuring tool only, not part of the product or of CI (it needs NumPy, which a JDK-only
machine lacks). Data are synthetic unit-norm rows of the benchmark's shape: n = 1 + 9 + 1000
(r, the dummies, P), d = 784, k = 2, T = 5, sigma = 6, alpha = 0.6, 10 classes; BLAS threads as
NumPy starts them (OMP_NUM_THREADS / OPENBLAS_NUM_THREADS to pin them).

Usage: python3 official_formulation.py [repeats]   -> prints median seconds per query
"""
import sys
import time

import numpy as np


def kernel_laplacian(z, scale):
    sq = (z * z).sum(1)
    d2 = np.maximum(sq[:, None] + sq[None, :] - 2.0 * z @ z.T, 0.0)
    w = np.exp(-d2 / scale)
    np.fill_diagonal(w, 0.0)
    return np.diag(w.sum(1)) - w  # dense n x n degree matrix, as the official code forms it


def label_laplacian(y, sigma):
    w = np.exp(-((y[:, None] - y[None, :]) ** 2) / (2.0 * sigma * sigma))  # GAUSSIAN_INTEGER
    np.fill_diagonal(w, 0.0)
    return np.diag(w.sum(1)) - w


def iterate(lx, ly, alpha, x):
    dinv = np.diag(1.0 / np.diag(lx))  # n x n
    m = dinv @ (alpha * ly - lx)  # n x n x n
    return 0.5 * (m @ x) + x


def query(features, labels, rng, sigma=6.0, alpha=0.6, k=2, iterations=5, noise=2.5e-4):
    n = features.shape[0]
    scale = 2.0 * sigma * sigma
    lx = kernel_laplacian(features, scale)
    ly = label_laplacian(labels.astype(float), sigma)
    q = rng.normal(0.0, 1e-8, (n, k))
    x = iterate(lx, ly, alpha, q) + rng.normal(0.0, noise, (n, k))
    lx = kernel_laplacian(x, scale)
    for _ in range(iterations):
        x = iterate(lx, ly, alpha, x)
    return x


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    rng = np.random.default_rng(7)
    n, d = 1010, 784
    f = np.abs(rng.normal(size=(n, d)))
    f /= np.linalg.norm(f, axis=1, keepdims=True)
    y = rng.integers(0, 10, n)
    query(f, y, rng)  # warm-up
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        query(f, y, rng)
        times.append(time.perf_counter() - t0)
    times.sort()
    print(f"official dense formulation (NumPy {np.__version__}): median {times[len(times) // 2]:.4f} s/query, "
          f"min {times[0]:.4f} s over {repeats} queries")


if __name__ == "__main__":
    main()
