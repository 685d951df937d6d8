"""The labelled photos of ../shared/dice-photos, as the trainer and the
evaluation read them, and the one resampling both the trainer and the Rust
reader use (a triangle filter widened when it shrinks, as Pillow's BILINEAR
resize does: the reader's `resample` is the same arithmetic)."""

import json
import os

import numpy as np
from PIL import Image

# A crop for the face classifier is this many times a die's size, square,
# around its middle, scaled to CROP x CROP pixels.
CROP = 32
CROP_MARGIN = 1.4
# The detector sees the photo scaled to this many pixels on its long side,
# and answers on a grid of one cell every STRIDE pixels of that.
DETECT_SIDE = 256
STRIDE = 4


def default_photos():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "..", "shared", "dice-photos"))


def source_of(name):
    return name.split("/")[0]


def load(photos_dir):
    """Every photo as (name, RGB array, dice), a die being (cx, cy, size,
    value) in pixels of the photo. Penlington's boxes are the top face, or
    for a one only its pip: a box smaller than most of that set's dice of
    four to six (whose pips span the face) is widened to that size around
    its middle, so that a die's size means the same everywhere."""
    labels = json.load(open(os.path.join(photos_dir, "labels.json")))
    photos = []
    for entry in sorted(labels, key=lambda e: e["file"]):
        image = np.asarray(Image.open(os.path.join(photos_dir, entry["file"])).convert("RGB"))
        dice = []
        for d in entry["dice"]:
            x0, y0, x1, y1 = d["box"]
            dice.append([(x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0), d["value"]])
        photos.append((entry["file"], image, dice))
    for source in {source_of(n) for n, _, _ in photos}:
        wide = [d[2] for n, _, ds in photos if source_of(n) == source for d in ds if d[3] >= 4]
        floor = 0.85 * float(np.median(wide))
        for n, _, ds in photos:
            if source_of(n) == source:
                for d in ds:
                    d[2] = max(d[2], floor) if source == "penlington" else d[2]
    return [(n, im, [tuple(d) for d in ds]) for n, im, ds in photos]


def split(photos):
    """Every fifth photo of each source held out, for an honest measure."""
    train, held = [], []
    counts = {}
    for p in photos:
        s = source_of(p[0])
        counts[s] = counts.get(s, 0) + 1
        (held if counts[s] % 5 == 0 else train).append(p)
    return train, held


def resample(image, box, out_w, out_h):
    """The region box = (x0, y0, x1, y1) of an H x W x C float image scaled
    to out_h x out_w by a triangle filter (widened by the scale when
    shrinking), separably; pixels outside the image repeat its edge."""
    x0, y0, x1, y1 = box
    wx = _weights(x0, x1, out_w, image.shape[1])
    wy = _weights(y0, y1, out_h, image.shape[0])
    rows = np.einsum("oy,yxc->oxc", wy, image.astype(np.float32))
    return np.einsum("px,oxc->opc", wx, rows)


def _weights(a, b, n, size):
    scale = (b - a) / n
    support = max(scale, 1.0)
    w = np.zeros((n, size), np.float32)
    for i in range(n):
        centre = a + (i + 0.5) * scale
        lo = int(np.floor(centre - support))
        hi = int(np.ceil(centre + support))
        total = 0.0
        for j in range(lo, hi + 1):
            t = 1.0 - abs((j + 0.5 - centre) / support)
            if t > 0:
                w[i, min(max(j, 0), size - 1)] += t
                total += t
        if total > 0:
            w[i] /= total
    return w


def detector_scale(width, height):
    """The factor from a photo's pixels to the detector's input."""
    return DETECT_SIDE / max(width, height)


def detector_input(image, scale=None):
    """The photo scaled for the detector (its long side DETECT_SIDE, or by
    `scale`), each side rounded up to a whole number of cells' multiple of
    16 with the edge repeated, in [0, 1]; and the scale used."""
    h, w = image.shape[:2]
    s = scale or detector_scale(w, h)
    ow, oh = max(1, round(w * s)), max(1, round(h * s))
    small = resample(image, (0, 0, w, h), ow, oh)
    pw, ph = -(-ow // 16) * 16, -(-oh // 16) * 16
    small = np.pad(small, ((0, ph - oh), (0, pw - ow), (0, 0)), mode="edge")
    return small / 255.0, (ow / w, oh / h)


def crop(image, cx, cy, size):
    side = CROP_MARGIN * size
    box = (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)
    return resample(image, box, CROP, CROP) / 255.0
