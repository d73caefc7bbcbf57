"""The palette: contrast against the page in both themes, and building colours that colour-blind
readers can tell apart. Formulas are written out here, from their published definitions, so the
test does not take the palette's word for anything."""

from __future__ import annotations

import itertools
import math

import pytest

from alhambra_nb.render.palette import (
    BUILDING_COLOURS,
    MARKER_FILLS,
    MARKER_ROLES,
    PAGE_BACKGROUNDS,
    PALETTE,
    TEXT_ROLES,
    THEMES,
)


def channels(colour: str) -> tuple[float, float, float]:
    """sRGB channels of '#rrggbb', linearised (IEC 61966-2-1)."""
    values = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values)
    return r, g, b


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance."""
    r, g, b = channels(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG 2.x contrast ratio, 1 … 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
SIMULATIONS = {
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def seen_as(colour: str, vision: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a colour as a reader with ``vision`` sees it."""
    rgb = channels(colour)
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
        for row in SIMULATIONS[vision]
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_formulas_agree_with_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert seen_as("#ffffff", "normal vision") == pytest.approx((100, 0, 0), abs=0.05)
    # A grey is seen as the same grey whatever the vision.
    for vision in SIMULATIONS:
        assert seen_as("#808080", vision)[0] == pytest.approx(
            seen_as("#808080", "normal vision")[0], abs=0.5
        )
    # Red and green, the classic confusion, come out close for a deuteranope.
    far = math.dist(seen_as("#cc3333", "normal vision"), seen_as("#339933", "normal vision"))
    near = math.dist(seen_as("#cc3333", "deuteranopia"), seen_as("#339933", "deuteranopia"))
    assert near < far / 2


def test_both_themes_give_every_role():
    assert set(THEMES["light"]) == set(THEMES["dark"])
    assert PALETTE is THEMES["light"]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_reaches_4_5_to_1_on_the_page(theme):
    colours = THEMES[theme]
    for role in TEXT_ROLES:
        for background in PAGE_BACKGROUNDS[theme]:
            ratio = contrast(colours[role], background)
            assert ratio >= 4.5, (theme, role, background, round(ratio, 2))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_walls_and_markers_reach_3_to_1_on_the_page(theme):
    colours = THEMES[theme]
    for mark, roles in MARKER_ROLES.items():
        for background in PAGE_BACKGROUNDS[theme]:
            # A mark drawn in two tones (a line in a casing) stands out by its stronger one.
            ratio = max(contrast(colours[role], background) for role in roles)
            assert ratio >= 3, (theme, mark, background, round(ratio, 2))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_numbers_and_ticks_are_readable_on_their_markers(theme):
    colours = THEMES[theme]
    for role in MARKER_FILLS:
        assert contrast(colours["marker-text"], colours[role]) >= 4.5, (theme, role)


def test_ink_is_readable_on_every_tile_face():
    for role in [*BUILDING_COLOURS, "camp", "fountain"]:
        assert contrast(PALETTE["ink"], PALETTE[role]) >= 4.5, role


def test_tile_faces_are_the_same_in_both_themes():
    for role in [*BUILDING_COLOURS, "camp", "fountain", "ink"]:
        assert THEMES["light"][role] == THEMES["dark"][role]


@pytest.mark.parametrize("vision", list(SIMULATIONS))
def test_building_colours_stay_apart_for_colour_blind_readers(vision):
    # 15 units of CIE76 colour difference: two tiles side by side read as different at a glance.
    faces = {**BUILDING_COLOURS, "camp": PALETTE["camp"]}
    for (one, a), (other, b) in itertools.combinations(faces.items(), 2):
        difference = math.dist(seen_as(a, vision), seen_as(b, vision))
        assert difference >= 15, (vision, one, other, round(difference, 1))
