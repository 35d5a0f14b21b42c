"""The review plot: every mistake labelled, no label over another, the legend or the frame."""

from __future__ import annotations

import math
from typing import Any

import pytest

from solver.games import get_game
from solver.play.review import MoveReview, Review, Thresholds, review_figure


def review_with_mistakes(numbers: list[int], value: Any, moves: int = 60) -> Review:
    """A two-seat Numbridge review of ``moves`` moves whose moves ``numbers`` are mistakes
    (longest loss first), the value of move ``k`` being ``value(k)``."""
    review = Review(get_game("numbridge"), 2, Thresholds(0.02, 0.05, 0.1), max_nodes=10,
                    total=moves)
    for k in range(1, moves + 1):
        bad = k in numbers
        loss = 0.3 - 0.01 * numbers.index(k) if bad else 0.0
        review.moves.append(MoveReview(k, (k - 1) % 2, f"claim a{k % 9 + 1} {k % 7 + 1}",
                                       "pass", value(k) + loss, value(k), loss,
                                       "blunder" if bad else "best"))
    return review


def label_boxes(review: Review) -> tuple[list[Any], Any, Any, list[Any]]:
    """The drawn boxes of the labels (their white patches), of the legend and of the axes,
    and the annotations."""
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    fig = review_figure(review)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        ax = fig.axes[0]
        labels = list(ax.texts)
        boxes = []
        for t in labels:
            patch = t.get_bbox_patch()
            box = patch.get_window_extent(renderer) if patch is not None else None
            boxes.append(box if box is not None else Text.get_window_extent(t, renderer))
        return boxes, ax.get_legend().get_window_extent(renderer), ax.bbox.frozen(), labels
    finally:
        plt.close(fig)


def overlap(a: Any, b: Any) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return max(0.0, w) * max(0.0, h)


CASES = {
    # five mistakes on neighbouring moves of both seats at nearly one value: the layout that
    # stacked labels by the rank of the loss put two of them over each other
    "neighbours": ([30, 31, 32, 33, 34], lambda k: 0.5 + 0.04 * math.sin(k)),
    # two moves apart, the later one lower: its higher label fell onto the earlier one's
    "staggered": ([20, 22, 21, 40, 41], lambda k: 0.6 - 0.008 * k),
    # at the top of the scale, where there is no room above
    "top": ([55, 56, 57, 58, 59], lambda k: 0.97 + 0.03 * (k % 2)),
    # at the left edge and at the bottom
    "edge": ([1, 2, 3, 4, 5], lambda k: 0.02 * (k % 2)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_no_label_covers_another_the_legend_or_the_frame(case: str) -> None:
    numbers, value = CASES[case]
    review = review_with_mistakes(numbers, value)
    boxes, legend, frame, labels = label_boxes(review)
    # every mistake is labelled with its move, pointing at its own point
    assert sorted((t.get_text(), t.xy) for t in labels) == sorted(
        (m.move, (m.number, m.played_value)) for m in review.mistakes())
    shared = [(labels[i].get_text(), labels[j].get_text())
              for i in range(len(boxes)) for j in range(i) if overlap(boxes[i], boxes[j]) > 0]
    assert shared == []
    named = list(zip((t.get_text() for t in labels), boxes, strict=True))
    assert [text for text, b in named if overlap(b, legend) > 0] == []
    assert [text for text, b in named
            if not (frame.x0 <= b.x0 and b.x1 <= frame.x1
                    and frame.y0 <= b.y0 and b.y1 <= frame.y1)] == []


def test_a_leader_crosses_a_box_only_through_its_inside() -> None:
    from reports.plot_labels import Box

    box = Box(0, 0, 10, 10)
    assert box.crossed_by(((-5, 5), (15, 5)))  # straight through
    assert box.crossed_by(((5, 5), (50, 50)))  # from inside
    assert not box.crossed_by(((-5, 11), (15, 11)))  # above it
    assert not box.crossed_by(((-5, 10), (15, 10)))  # along its edge
    assert not box.crossed_by(((11, -5), (30, 30)))  # beside it
    assert not box.crossed_by(((-20, 5), (-1, 5)))  # ends before it
