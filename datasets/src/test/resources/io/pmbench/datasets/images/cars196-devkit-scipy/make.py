# Writes the three devkit files of a tiny Cars196 copy, and the later release's test labels, with
# scipy.io.savemat (MATLAB v5; an independent writer for the reader's tests), in the types the
# real devkit uses: bbox_* and class as 1 x 1 uint8/uint16 arrays, fname as a char row, class_names
# a 1 x 196 cell of char rows. cars_meta.mat is written compressed (miCOMPRESSED), the others not.
# Train rows (fname, x1, y1, x2, y2, class): see TRAIN; test rows have no class field, as in the
# original devkit; cars_test_annos_withlabels.mat adds TEST_CLASSES.
import numpy as np
import scipy.io as sio

TRAIN = [('00001.jpg', 2, 3, 10, 8, 14), ('00002.jpg', 1, 1, 300, 300, 99),
         ('00003.jpg', 5, 2, 5, 2, 98), ('00004.jpg', 3, 4, 12, 9, 196)]
TEST = [('00001.jpg', 1, 1, 4, 4), ('00002.jpg', 2, 2, 6, 7), ('00003.jpg', 4, 1, 9, 5)]
TEST_CLASSES = [1, 150, 97]


def annos(rows, classes):
    fields = ['bbox_x1', 'bbox_y1', 'bbox_x2', 'bbox_y2'] + (['class'] if classes else []) + ['fname']
    a = np.zeros((1, len(rows)), dtype=[(f, 'O') for f in fields])
    for i, r in enumerate(rows):
        small = lambda v: np.array([[v]], dtype=np.uint8 if v < 256 else np.uint16)
        values = [small(v) for v in r[1:5]] + ([small(classes[i])] if classes else []) + [np.array([r[0]])]
        a[0, i] = tuple(values)
    return {'annotations': a}


sio.savemat('cars_train_annos.mat', annos(TRAIN, [r[5] for r in TRAIN]))
sio.savemat('cars_test_annos.mat', annos(TEST, None))
sio.savemat('cars_test_annos_withlabels.mat', annos(TEST, TEST_CLASSES))
names = np.empty((1, 196), dtype=object)
for k in range(196):
    names[0, k] = np.array(['Make Model %d' % (k + 1)])
sio.savemat('cars_meta.mat', {'class_names': names}, do_compression=True)
