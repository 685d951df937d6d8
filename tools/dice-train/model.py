"""The reader's two networks in JAX, layer by layer as the Rust reader
(reader/src/net.rs) runs them: 3x3 and 1x1 convolutions with a bias and
ReLU, nearest-neighbour upsampling, channel concatenation, 2x2 max pooling
and dense layers. Weights are HWIO (the output channel innermost)."""

import jax
import jax.numpy as jnp
import numpy as np

# The detector: (name, kind, in, out, stride). "up" doubles the size of the
# layer before and puts the named skip's channels after its own.
DETECTOR = [
    ("e1", "conv3", 3, 16, 2),
    ("e2", "conv3", 16, 24, 2),
    ("e3", "conv3", 24, 32, 2),
    ("e4", "conv3", 32, 32, 1),
    ("e5", "conv3", 32, 48, 2),
    ("e6", "conv3", 48, 48, 1),
    ("e7", "conv3", 48, 48, 1),
    ("u1", "up", "e4", None, None),
    ("d1", "conv1", 80, 32, 1),
    ("d2", "conv3", 32, 32, 1),
    ("u2", "up", "e2", None, None),
    ("d3", "conv1", 56, 24, 1),
    ("d4", "conv3", 24, 24, 1),
    ("head", "conv1", 24, 4, 1),  # centre logit, log size, offset x, offset y
]

# The face classifier on a CROP x CROP crop: six faces and "no die". Two
# convolutions at the middle sizes, where a die's pips are a few pixels
# across and must be told from the marbling of dark dice.
CLASSIFIER = [
    ("c1", "conv3", 3, 16, 1),
    ("p1", "pool", None, None, None),
    ("c2", "conv3", 16, 32, 1),
    ("c2b", "conv3", 32, 32, 1),
    ("p2", "pool", None, None, None),
    ("c3", "conv3", 32, 64, 1),
    ("c3b", "conv3", 64, 64, 1),
    ("p3", "pool", None, None, None),
    ("c4", "conv3", 64, 64, 1),
    ("p4", "pool", None, None, None),  # 3 x 3 x 64 for a 48-pixel crop
    ("f1", "dense", 576, 64, None),
    ("f2", "dense", 64, 7, None),
]


def init(spec, seed):
    rng = np.random.default_rng(seed)
    params = {}
    for name, kind, cin, cout, _ in spec:
        if kind in ("conv3", "conv1"):
            k = 3 if kind == "conv3" else 1
            fan = k * k * cin
            params[name] = (
                (rng.standard_normal((k, k, cin, cout)) * np.sqrt(2.0 / fan)).astype(np.float32),
                np.zeros(cout, np.float32),
            )
        elif kind == "dense":
            params[name] = (
                (rng.standard_normal((cin, cout)) * np.sqrt(2.0 / cin)).astype(np.float32),
                np.zeros(cout, np.float32),
            )
    if "head" in params:  # the centre starts unlikely (CenterNet's prior)
        w, b = params["head"]
        b = b.copy()
        b[0] = -2.19
        params["head"] = (w * 0.1, b)
    return jax.tree.map(jnp.asarray, params)


def _conv(x, w, b, stride):
    k = w.shape[0]
    pad = k // 2
    y = jax.lax.conv_general_dilated(
        x, w, (stride, stride), ((pad, pad), (pad, pad)), dimension_numbers=("NHWC", "HWIO", "NHWC")
    )
    return y + b


def apply(spec, params, x):
    out = {}
    last = len(spec) - 1
    for i, (name, kind, a, _, stride) in enumerate(spec):
        if kind in ("conv3", "conv1"):
            w, b = params[name]
            x = _conv(x, w, b, stride)
            if i != last:
                x = jax.nn.relu(x)
        elif kind == "up":
            x = jnp.repeat(jnp.repeat(x, 2, axis=1), 2, axis=2)
            x = jnp.concatenate([x, out[a]], axis=-1)
        elif kind == "pool":
            x = jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        elif kind == "dense":
            w, b = params[name]
            x = x.reshape(x.shape[0], -1) @ w + b
            if i != last:
                x = jax.nn.relu(x)
        out[name] = x
    return x


def export(spec, params):
    """The weights as the Rust reader reads them (reader/src/net.rs), layer
    by layer: one scale per output channel (f16), the kernel in those
    scales (int8, HWIO or in x out, the output channel innermost), then the
    bias (f16). Eight bits a weight halve the reader's download; the scale
    per output channel keeps every channel's range."""
    chunks = []
    for name, kind, *_ in spec:
        if name in params:
            w, b = (np.asarray(t, np.float32) for t in params[name])
            cols = w.reshape(-1, w.shape[-1])
            scale = (np.abs(cols).max(axis=0) / 127.0).astype("<f2")
            scale[scale == 0] = 1.0
            q = np.clip(np.round(cols / scale.astype(np.float32)), -127, 127).astype(np.int8)
            chunks += [scale.tobytes(), q.tobytes(), b.astype("<f2").tobytes()]
    return b"".join(chunks)


def count(spec):
    return sum(int(np.prod(np.shape(t))) for t in jax.tree.leaves(init(spec, 0)))


def load(spec, path):
    """Weights written by export, as parameters again."""
    raw = open(path, "rb").read()
    params, i = {}, 0

    def take(n, dtype):
        nonlocal i
        size = np.dtype(dtype).itemsize
        v = np.frombuffer(raw[i : i + n * size], dtype).astype(np.float32)
        assert v.size == n, f"{path}: too short for the network"
        i += n * size
        return v

    for name, kind, cin, cout, _ in spec:
        if kind in ("conv3", "conv1", "dense"):
            shape = {"conv3": (3, 3, cin, cout), "conv1": (1, 1, cin, cout), "dense": (cin, cout)}[kind]
            scale = take(cout, "<f2")
            w = take(int(np.prod(shape)), np.int8).reshape(-1, cout) * scale
            params[name] = (jnp.asarray(w.reshape(shape)), jnp.asarray(take(cout, "<f2")))
    assert i == len(raw), f"{path}: {len(raw)} bytes, the network takes {i}"
    return params
