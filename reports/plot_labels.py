"""Labels of points on a matplotlib plot placed so that none covers another.

:func:`place_labels` measures each label once and tries places around its point, nearest
first, above before below: the first place inside the axes that covers no label placed before
it, no obstacle (the legend) and no labelled point, and where possible whose leader (the thin
line to its point) crosses no label and no leader, and near the point, no data point. It
places the labels in a few orders and keeps the one that gives up the fewest of those wishes.
Matplotlib is imported by the caller (it is slow to import).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: How far (in label heights) a place over no data point is looked for before places over
#: data points are tried.
NEAR_RINGS = 4
#: How far a label may go up or down, in label heights (a place is always found on a plot of
#: a handful of labels).
RINGS = 16
#: How far a label may go sideways, in label widths.
WIDTHS = 4
#: Orders of placing the labels tried at most.
ORDERS = 24
#: The white box around each label, in font sizes.
PAD = 0.15


#: A point in display pixels.
Point = tuple[float, float]
#: A line from one display point to another.
Segment = tuple[Point, Point]


@dataclass(frozen=True)
class Box:
    """A rectangle in display pixels."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two share an area (touching is not overlapping)."""
        return (min(self.x1, other.x1) > max(self.x0, other.x0)
                and min(self.y1, other.y1) > max(self.y0, other.y0))

    def holds(self, x: float, y: float) -> bool:
        """Whether the point lies inside."""
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def crossed_by(self, seg: Segment) -> bool:
        """Whether the segment passes through the box's inside (Liang-Barsky clipping)."""
        (x0, y0), (x1, y1) = seg
        dx, dy = x1 - x0, y1 - y0
        lo, hi = 0.0, 1.0
        for p, q in ((-dx, x0 - self.x0), (dx, self.x1 - x0),
                     (-dy, y0 - self.y0), (dy, self.y1 - y0)):
            if p == 0:
                if q <= 0:
                    return False
            elif p < 0:
                lo = max(lo, q / p)
            else:
                hi = min(hi, q / p)
        return hi - lo > 1e-9

    def within(self, other: Box) -> bool:
        """Whether the box lies wholly inside ``other``."""
        return (other.x0 <= self.x0 and self.x1 <= other.x1
                and other.y0 <= self.y0 and self.y1 <= other.y1)


def box_of(bbox: Any) -> Box:
    """A matplotlib ``Bbox`` as a :class:`Box`."""
    return Box(bbox.x0, bbox.y0, bbox.x1, bbox.y1)


def place_labels(ax: Any, labels: Sequence[tuple[float, float, str]],
                 obstacles: Sequence[Box] = (), points: Sequence[Point] = (),
                 gap: float = 6.0, fontsize: float = 7.0, color: str = "#b00020") -> list[Any]:
    """Annotate ``(x, y, text)`` in data coordinates; ``obstacles`` and ``points`` (data
    points to keep visible) are in display pixels. The figure's layout must be final
    (``tight_layout`` done). Returns the annotations, in the order of ``labels``."""
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    px_per_pt = fig.dpi / 72.0
    frame = box_of(ax.bbox)
    frame = Box(frame.x0 + 1, frame.y0 + 1, frame.x1 - 1, frame.y1 - 1)
    pad = PAD * fontsize * px_per_pt + 0.5
    out, items = [], []
    for x, y, text in labels:
        ann = ax.annotate(text, (x, y), xytext=(0, 0), textcoords="offset points",
                          ha="center", va="center", fontsize=fontsize, color=color,
                          bbox={"boxstyle": f"round,pad={PAD}", "fc": "white", "ec": "none",
                                "alpha": 0.85},
                          arrowprops={"arrowstyle": "-", "lw": 0.5, "color": color,
                                      "shrinkA": 0, "shrinkB": 2})
        text_box = _text_extent(ann, renderer)
        ax_, ay = ax.transData.transform((x, y))
        items.append(((float(ax_), float(ay)), text_box.width + 2 * pad,
                      text_box.height + 2 * pad))
        out.append(ann)
    centres = _layout(items, gap * px_per_pt, frame, obstacles, points)
    for ann, ((x, y), _, _), (cx, cy) in zip(out, items, centres, strict=True):
        ann.xyann = ((cx - x) / px_per_pt, (cy - y) / px_per_pt)
    return out


def _layout(items: Sequence[tuple[Point, float, float]], gap: float, frame: Box,
            obstacles: Sequence[Box], points: Sequence[Point]) -> list[Point]:
    """The centres of the labels ``(anchor, width, height)``, placed one by one in each of a
    few orders (as given, left to right, right to left, then shuffled by a fixed seed, up to
    :data:`ORDERS`): the first order that gives up no wish, else the one that gives up the
    fewest (:func:`_first_free`), then has the shortest leaders."""
    indices = list(range(len(items)))
    shuffled = random.Random(0)
    best: tuple[tuple[int, float], list[Point]] | None = None
    for k in range(ORDERS if len(items) > 1 else 1):
        order = list(indices)
        if k == 1 or k == 2:
            order.sort(key=lambda i: items[i][0], reverse=k == 2)
        elif k > 2:
            shuffled.shuffle(order)
        placed: list[Box] = []
        leaders: list[Segment] = []
        centres: dict[int, Point] = {}
        broken, length = 0, 0.0
        for i in order:
            anchor, w, h = items[i]
            others = [items[j][0] for j in indices if j != i]
            (cx, cy), relaxed = _first_free(anchor, w, h, gap, frame, [*placed, *obstacles],
                                            leaders, others, points)
            broken += relaxed
            length += math.dist((cx, cy), anchor)
            placed.append(Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
            leaders.append(((cx, cy), anchor))
            centres[i] = (cx, cy)
        score = (broken, length)
        if best is None or score < best[0]:
            best = (score, [centres[i] for i in indices])
        if broken == 0:
            break
    return best[1] if best is not None else []


def _text_extent(ann: Any, renderer: Any) -> Any:
    """The extent of an annotation's text alone (``Annotation.get_window_extent`` adds the
    arrow)."""
    from matplotlib.text import Text

    return Text.get_window_extent(ann, renderer)


def _first_free(anchor: Point, w: float, h: float, gap: float, frame: Box,
                taken: Sequence[Box], leaders: Sequence[Segment], anchors: Sequence[Point],
                points: Sequence[Point]) -> tuple[Point, int]:
    """The centre of the nearest place of a ``w`` x ``h`` label for the point ``anchor``:
    inside ``frame``, over no box of ``taken`` and no point of ``anchors``; if possible
    neither crossing a leader nor crossed by one, and near places over no data point first.
    With it, how many of those two wishes it gives up (0-2)."""
    x, y = anchor
    candidates = []
    step_x, step_y = w / 4, h / 2 + 0.5
    for i in range(-2 * RINGS, 2 * RINGS + 1):
        for j in range(-WIDTHS * 4, WIDTHS * 4 + 1):
            cx = min(max(x + j * step_x, frame.x0 + w / 2), frame.x1 - w / 2)
            cy = y + i * step_y
            # the label leaves ``gap`` free around its point
            if abs(cx - x) < w / 2 + gap and abs(cy - y) < h / 2 + gap:
                continue
            candidates.append((math.hypot(cx - x, cy - y), cy < y, cx, cy))
    candidates.sort()
    near = gap + h / 2 + NEAR_RINGS * (h + 1)
    for relaxed, (keep_points, keep_leaders) in enumerate(((True, True), (False, True),
                                                           (False, False))):
        for distance, _, cx, cy in candidates:
            if keep_points and distance > near:
                break
            box = Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if (not box.within(frame) or any(box.overlaps(t) for t in taken)
                    or any(box.holds(*a) for a in anchors)):
                continue
            if keep_points and any(box.holds(*p) for p in points):
                continue
            leader = ((cx, cy), (x, y))
            if keep_leaders and (any(t.crossed_by(leader) for t in taken)
                                 or any(box.crossed_by(s) for s in leaders)
                                 or any(_segments_cross(leader, s) for s in leaders)):
                continue
            return (cx, cy), relaxed
    return (candidates[0][2], candidates[0][3]), 3  # no free place: the nearest


def _segments_cross(a: Segment, b: Segment) -> bool:
    """Whether two segments cross at a point inside both."""
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    (p1, p2), (p3, p4) = a, b
    return (side(p1, p2, p3) * side(p1, p2, p4) < 0
            and side(p3, p4, p1) * side(p3, p4, p2) < 0)
