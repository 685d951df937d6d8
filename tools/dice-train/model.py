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

# The face classifier on a CROP x CROP crop: six faces and "no die".
CLASSIFIER = [
    ("c1", "conv3", 3, 16, 1),
    ("p1", "pool", None, None, None),
    ("c2", "conv3", 16, 32, 1),
    ("p2", "pool", None, None, None),
    ("c3", "conv3", 32, 48, 1),
    ("p3", "pool", None, None, None),
    ("c4", "conv3", 48, 64, 1),
    ("p4", "pool", None, None, None),  # 2 x 2 x 64
    ("f1", "dense", 256, 64, None),
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
    """The weights in the order the Rust reader reads them: per layer its
    kernel (HWIO, or in x out) then its bias."""
    chunks = []
    for name, kind, *_ in spec:
        if name in params:
            w, b = params[name]
            chunks += [np.asarray(w, np.float32).ravel(), np.asarray(b, np.float32).ravel()]
    return np.concatenate(chunks)


def count(spec):
    return sum(int(np.prod(np.shape(t))) for t in jax.tree.leaves(init(spec, 0)))


def load(spec, path):
    """Weights written by train.write, as parameters again."""
    w = np.frombuffer(open(path, "rb").read(), "<f2").astype(np.float32)
    params, i = {}, 0
    for name, kind, cin, cout, _ in spec:
        if kind in ("conv3", "conv1", "dense"):
            shape = {"conv3": (3, 3, cin, cout), "conv1": (1, 1, cin, cout), "dense": (cin, cout)}[kind]
            n = int(np.prod(shape))
            params[name] = (jnp.asarray(w[i : i + n].reshape(shape)), jnp.asarray(w[i + n : i + n + cout]))
            i += n + cout
    assert i == w.size, f"{path}: {w.size} weights, the network takes {i}"
    return params
