"""Prints the paths of the photos the training leaves out without --all
(every fifth photo of each source, by name), for genius-dice."""

import os

import data

photos = data.default_photos()
names = sorted(e["file"] for e in __import__("json").load(open(os.path.join(photos, "labels.json"))))
counts = {}
for name in names:
    source = data.source_of(name)
    counts[source] = counts.get(source, 0) + 1
    if counts[source] % 5 == 0:
        print(os.path.join(photos, name))
