# Writes train, test and meta here as the official CIFAR-100 python version was written: Python 2
# cPickle, protocol 2 (run with Python 2.7: the opcodes -- SHORT_BINSTRING/BINSTRING for str,
# BINPUT memo, APPENDS batches, dict order by Python 2's hash -- are cPickle's own).
# numpy is not installed for Python 2 here, so the three numpy names are stand-ins whose
# __reduce__ returns what numpy 1.x's ndarray and dtype return: _reconstruct(ndarray, (0,), 'b')
# with state (1, shape, dtype, False, raw bytes), and dtype('u1', 0, 1) with state
# (3, '|', None, None, None, -1, -1, 0).
# Pixel p (0-1023, row-major) of image i in channel c (0 red, 1 green, 2 blue) is (7 * i + 3 * c + p) % 256; fine label 3 * i % 100 (train) or
# (3 * i + 1) % 100 (test); coarse label fine // 5; class names 'fine_k' and 'coarse_k'.
import cPickle
import sys
import types

numpy = types.ModuleType('numpy')
core = types.ModuleType('numpy.core')
multiarray = types.ModuleType('numpy.core.multiarray')
sys.modules.update({'numpy': numpy, 'numpy.core': core, 'numpy.core.multiarray': multiarray})


def _reconstruct(cls, shape, code):
    raise RuntimeError('never called when writing')
_reconstruct.__module__ = 'numpy.core.multiarray'
multiarray._reconstruct = _reconstruct


class dtype(object):
    def __reduce__(self):
        return (dtype, ('u1', 0, 1), (3, '|', None, None, None, -1, -1, 0))
dtype.__module__ = 'numpy'
numpy.dtype = dtype


class ndarray(object):
    def __init__(self, rows, raw):
        self.rows, self.raw = rows, raw

    def __reduce__(self):
        return (_reconstruct, (ndarray, (0,), 'b'), (1, (self.rows, 3072), dtype(), False, self.raw))
ndarray.__module__ = 'numpy'
numpy.ndarray = ndarray


def split(name, n, shift):
    raw = ''.join(chr((7 * i + 3 * (p // 1024) + p % 1024) % 256) for i in range(n) for p in range(3072))
    fine = [(3 * i + shift) % 100 for i in range(n)]
    return {'batch_label': name + 'ing batch 1 of 1', 'data': ndarray(n, raw), 'fine_labels': fine,
            'coarse_labels': [f // 5 for f in fine], 'filenames': ['%s_%d.png' % (name, i) for i in range(n)]}


for name, n, shift in (('train', 4, 0), ('test', 3, 1)):
    with open(name, 'wb') as f:
        cPickle.dump(split(name, n, shift), f, 2)
with open('meta', 'wb') as f:
    cPickle.dump({'fine_label_names': ['fine_%d' % k for k in range(100)],
                  'coarse_label_names': ['coarse_%d' % k for k in range(20)]}, f, 2)
