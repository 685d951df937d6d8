"""Trains the dice reader's two networks on the CPU and writes their
weights for the Rust reader (reader/model/*.bin: model.export).

    python train.py classifier [--all] [--steps N] [--seed S]
    python train.py detector   [--all] [--steps N] [--seed S]

Without --all it trains on four photos in five of each source and keeps
the fifth for an honest measure (reader/src/bin/genius_dice.rs and
scripts/bench measure them; tools/dice-train/README.md). Seeded: the same
command gives the same weights on the same machine."""

import argparse
import json
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
import optax
from PIL import Image

import data
import model

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "..", "reader", "model"))
PAD = 160  # pixels of repeated edge around a photo, for crops that cross it


def padded(photos):
    return [
        (n, Image.fromarray(np.pad(im, ((PAD, PAD), (PAD, PAD), (0, 0)), mode="edge")), ds)
        for n, im, ds in photos
    ]


def colour(x, rng, grey=0.2):
    """Lighting and dice colours the photos may not have: the channels
    shuffled, some in grey, brightness, contrast and a tint; x in [0, 1],
    N x H x W x 3."""
    n = x.shape[0]
    for i in range(n):
        if rng.random() < 0.5:
            x[i] = x[i][..., rng.permutation(3)]
        if rng.random() < grey:
            x[i] = x[i].mean(-1, keepdims=True)
    gain = rng.uniform(0.65, 1.35, (n, 1, 1, 1))
    tint = rng.uniform(-0.06, 0.06, (n, 1, 1, 3))
    mean = x.mean(axis=(1, 2, 3), keepdims=True)
    contrast = rng.uniform(0.7, 1.3, (n, 1, 1, 1))
    x = (x - mean) * contrast + mean * gain + tint
    x += rng.normal(0, rng.uniform(0, 0.03), x.shape)
    return np.clip(x, 0, 1).astype(np.float32)


def dihedral(x, k, flip):
    x = np.rot90(x, k, axes=(0, 1))
    return x[:, ::-1] if flip else x


# ---- the face classifier -------------------------------------------------


def classifier_samples(photos, rng, negatives_per_photo, hard):
    """Crops of every die (jittered in place and size), of places that are
    no die's middle (between dice, half on one, the table) and of the
    places an earlier detector took for dice that are none (`hard`, by
    photo: a magnet, a sticker, a die's side)."""
    xs, ys = [], []
    for name, im, dice in photos:
        for x, y, size in hard.get(name, []):
            jx, jy = rng.normal(0, 0.06 * size, 2)
            xs.append(_crop(im, x + jx, y + jy, size * rng.uniform(0.85, 1.18)))
            ys.append(6)
        for cx, cy, size, value in dice:
            jx, jy = rng.normal(0, 0.06 * size, 2)
            s = size * rng.uniform(0.85, 1.18)
            xs.append(_crop(im, cx + jx, cy + jy, s))
            ys.append(value - 1)
        if not dice:
            continue
        typical = float(np.median([d[2] for d in dice]))
        w, h = im.size[0] - 2 * PAD, im.size[1] - 2 * PAD
        made, tries = 0, 0
        while made < negatives_per_photo and tries < 60:
            tries += 1
            if rng.random() < 0.5:  # off a die's middle by half a die or more
                cx, cy, size, _ = dice[rng.integers(len(dice))]
                angle = rng.uniform(0, 2 * np.pi)
                dist = size * rng.uniform(0.55, 1.1)
                x, y = cx + dist * np.cos(angle), cy + dist * np.sin(angle)
            else:
                x, y = rng.uniform(0, w), rng.uniform(0, h)
            if any(np.hypot(x - cx, y - cy) < 0.45 * size for cx, cy, size, _ in dice):
                continue
            xs.append(_crop(im, x, y, typical * rng.uniform(0.7, 1.4)))
            ys.append(6)
            made += 1
    return xs, ys


def _crop(im, cx, cy, size):
    side = data.CROP_MARGIN * size
    box = (cx - side / 2 + PAD, cy - side / 2 + PAD, cx + side / 2 + PAD, cy + side / 2 + PAD)
    return np.asarray(im.resize((data.CROP, data.CROP), Image.BILINEAR, box=box), np.float32) / 255.0


def hard_negatives(path, photos):
    """From genius-dice's lines on the photos: by photo, the dice read where
    none is labelled (their middle and size)."""
    if not path:
        return {}
    labelled = {n: ds for n, _, ds in photos}
    hard = {}
    for line in open(path):
        v = json.loads(line)
        name = v["file"].split("dice-photos/")[-1]
        if name not in labelled:
            continue
        for d in v["dice"]:
            x0, y0, x1, y1 = d["box"]
            x, y, size = (x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0)
            if all(np.hypot(x - cx, y - cy) >= 0.6 * max(size, s) for cx, cy, s, _ in labelled[name]):
                hard.setdefault(name, []).append((x, y, size))
    return hard


def train_classifier(train, steps, seed, log, hard, start=None, peak=3e-3):
    rng = np.random.default_rng(seed)
    params = start or model.init(model.CLASSIFIER, seed)
    schedule = optax.cosine_onecycle_schedule(steps, peak, pct_start=0.1)
    opt = optax.adamw(schedule, weight_decay=1e-4)
    state = opt.init(params)

    def loss_fn(p, x, y):
        logits = model.apply(model.CLASSIFIER, p, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    @jax.jit
    def step(p, s, x, y):
        loss, g = jax.value_and_grad(loss_fn)(p, x, y)
        u, s = opt.update(g, s, p)
        return optax.apply_updates(p, u), s, loss

    pool_x, pool_y, used = [], [], 0
    batch = 128
    start = time.time()
    for i in range(steps):
        if used >= len(pool_x):
            pool_x, pool_y = classifier_samples(train, rng, 2, hard)
            order = rng.permutation(len(pool_x))
            pool_x = [pool_x[j] for j in order]
            pool_y = [pool_y[j] for j in order]
            used = 0
        xb = np.stack(pool_x[used : used + batch])
        yb = np.array(pool_y[used : used + batch])
        used += batch
        xb = np.stack([dihedral(x, rng.integers(4), rng.random() < 0.5) for x in xb])
        # few in grey: red pips on a dark die are the same grey as the die
        xb = colour(xb, rng, grey=0.05) - 0.5
        params, state, loss = step(params, state, jnp.asarray(xb), jnp.asarray(yb))
        if i % 50 == 0 or i == steps - 1:
            log(f"classifier step {i}/{steps} loss {float(loss):.4f} ({time.time() - start:.0f} s)")
    return params


# ---- the detector --------------------------------------------------------


def detector_batch(photos, rng, batch, side):
    """Windows of side x side of photos scaled for the detector (with a
    random extra scale, turn and flip), and their targets on the grid: the
    centre heat map (a Gaussian per die), log size and offset at centres."""
    cells = side // data.STRIDE
    xs = np.zeros((batch, side, side, 3), np.float32)
    heat = np.zeros((batch, cells, cells), np.float32)
    size = np.zeros((batch, cells, cells), np.float32)
    off = np.zeros((batch, cells, cells, 2), np.float32)
    mask = np.zeros((batch, cells, cells), np.float32)
    yy, xx = np.mgrid[0:cells, 0:cells]
    for b in range(batch):
        _, im, dice = photos[rng.integers(len(photos))]
        w, h = im.size[0] - 2 * PAD, im.size[1] - 2 * PAD
        s = data.DETECT_SIDE / max(w, h) * np.exp(rng.uniform(np.log(0.75), np.log(1.35)))
        # the window in photo pixels: around a die half of the time
        span = side / s
        if dice and rng.random() < 0.5:
            cx, cy = dice[rng.integers(len(dice))][:2]
            x0 = cx - rng.uniform(0.15, 0.85) * span
            y0 = cy - rng.uniform(0.15, 0.85) * span
        else:
            x0 = rng.uniform(-0.1 * span, max(w - 0.9 * span, -0.1 * span + 1))
            y0 = rng.uniform(-0.1 * span, max(h - 0.9 * span, -0.1 * span + 1))
        x0 = float(np.clip(x0, -PAD + 1, w + PAD - span - 1)) if span < w + 2 * PAD - 2 else -PAD
        y0 = float(np.clip(y0, -PAD + 1, h + PAD - span - 1)) if span < h + 2 * PAD - 2 else -PAD
        box = (x0 + PAD, y0 + PAD, x0 + span + PAD, y0 + span + PAD)
        box = (max(box[0], 0), max(box[1], 0), min(box[2], im.size[0]), min(box[3], im.size[1]))
        win = np.asarray(im.resize((side, side), Image.BILINEAR, box=box), np.float32) / 255.0
        sx, sy = side / (box[2] - box[0]), side / (box[3] - box[1])
        k, flip = int(rng.integers(4)), bool(rng.random() < 0.5)
        xs[b] = dihedral(win, k, flip)
        for cx, cy, sz, _ in dice:
            px, py = (cx + PAD - box[0]) * sx, (cy + PAD - box[1]) * sy
            # the same turn and flip as the pixels
            for _ in range(k):  # rot90 counter-clockwise: (x, y) -> (y, side - x)
                px, py = py, side - px
            if flip:
                px = side - px
            if not (0 <= px < side and 0 <= py < side):
                continue
            gx, gy = px / data.STRIDE, py / data.STRIDE
            c = sz * sx / data.STRIDE
            sigma = max(c / 6.0, 0.5)
            g = np.exp(-((xx + 0.5 - gx) ** 2 + (yy + 0.5 - gy) ** 2) / (2 * sigma**2))
            heat[b] = np.maximum(heat[b], g)
            ix, iy = min(int(gx), cells - 1), min(int(gy), cells - 1)
            heat[b, iy, ix] = 1.0
            size[b, iy, ix] = np.log(c)
            off[b, iy, ix] = (gx - ix, gy - iy)
            mask[b, iy, ix] = 1.0
    return colour(xs, rng) - 0.5, heat, size, off, mask


def focal(logit, target):
    p = jax.nn.sigmoid(logit)
    pos = (target >= 1.0).astype(jnp.float32)
    lp = jax.nn.log_sigmoid(logit)
    ln = jax.nn.log_sigmoid(-logit)
    loss = -pos * (1 - p) ** 2 * lp - (1 - pos) * (1 - target) ** 4 * p**2 * ln
    return loss.sum() / jnp.maximum(pos.sum(), 1.0)


def train_detector(train, steps, seed, log, side=128):
    rng = np.random.default_rng(seed)
    params = model.init(model.DETECTOR, seed)
    schedule = optax.cosine_onecycle_schedule(steps, 2e-3, pct_start=0.05)
    opt = optax.adamw(schedule, weight_decay=1e-4)
    state = opt.init(params)

    def loss_fn(p, x, heat, size, off, mask):
        y = model.apply(model.DETECTOR, p, x)
        n = jnp.maximum(mask.sum(), 1.0)
        l_heat = focal(y[..., 0], heat)
        l_size = (jnp.abs(y[..., 1] - size) * mask).sum() / n
        l_off = (jnp.abs(y[..., 2:] - off).sum(-1) * mask).sum() / n
        return l_heat + l_size + l_off

    @jax.jit
    def step(p, s, *batch):
        loss, g = jax.value_and_grad(loss_fn)(p, *batch)
        u, s = opt.update(g, s, p)
        return optax.apply_updates(p, u), s, loss

    start = time.time()
    for i in range(steps):
        batch = detector_batch(train, rng, 16, side)
        params, state, loss = step(params, state, *map(jnp.asarray, batch))
        if i % 50 == 0 or i == steps - 1:
            log(f"detector step {i}/{steps} loss {float(loss):.4f} ({time.time() - start:.0f} s)")
    return params


def write(spec, params, name):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name)
    with open(path, "wb") as f:
        f.write(model.export(spec, params))
    return path, sum(int(np.size(w)) + int(np.size(b)) for w, b in params.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("stage", choices=["classifier", "detector"])
    parser.add_argument("--all", action="store_true", help="train on every photo (no held-out fifth)")
    parser.add_argument("--steps", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--photos", default=data.default_photos())
    parser.add_argument("--out", help="file name under reader/model/")
    parser.add_argument("--start", help="weights under reader/model/ to go on training from (a second round, at a third of the rate)")
    parser.add_argument("--crop", type=int, default=data.CROP, help="the classifier's crop, pixels a side (a multiple of 16)")
    parser.add_argument("--negatives", help="genius-dice's lines on the photos: what it read where no die is, as more 'no die' crops")
    args = parser.parse_args()
    if args.crop != data.CROP:
        data.CROP = args.crop
        model.CLASSIFIER[-2] = ("f1", "dense", 64 * (args.crop // 16) ** 2, 64, None)
    photos = data.load(args.photos)
    train = photos if args.all else data.split(photos)[0]
    train = padded(train)
    log = lambda m: print(m, flush=True)  # noqa: E731
    log(f"{args.stage}: {len(train)} photos, {sum(len(d) for *_, d in train)} dice")
    if args.stage == "classifier":
        hard = hard_negatives(args.negatives, train)
        log(f"hard negatives: {sum(len(v) for v in hard.values())} on {len(hard)} photos")
        start = model.load(model.CLASSIFIER, os.path.join(OUT, args.start)) if args.start else None
        peak = 1e-3 if start else 3e-3
        params = train_classifier(train, args.steps or 3000, args.seed, log, hard, start, peak)
        path, n = write(model.CLASSIFIER, params, args.out or "classifier.bin")
    else:
        params = train_detector(train, args.steps or 4000, args.seed, log)
        path, n = write(model.DETECTOR, params, args.out or "detector.bin")
    log(f"wrote {n} weights to {path}")


if __name__ == "__main__":
    main()
