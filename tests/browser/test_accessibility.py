"""An accessibility audit of the widgets in real JupyterLab, light and dark, with axe-core.

axe-core (installed at a pinned version by ``scripts/install-axe.sh``, which ``make browser``
runs) is injected into the JupyterLab page and audits the City, Chapter and Game widgets where
a learner sees them: in a notebook's output, under JupyterLab's own stylesheets and theme. No
serious or critical violation may remain, in either theme.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from .lab import TIMEOUT, open_notebook, run_cell

pytestmark = pytest.mark.slow

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"

CELLS = [
    "import alhambra_nb as alh\n"
    'city = alh.City.from_text("0,0 fountain\\n1,0 garden-10-NE\\n1,1 tower-9-E\\n")\n'
    'alh.CityWidget(city, tiles=["tower-9-NE", "garden-6"], selected=0)',
    'alh.ChapterWidget("building")',
    'alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: alh.GreedyBot(seed=1)})',
]

WIDGETS = {"city": ".alh-city", "chapter": ".alh-chapter", "game": ".alh-game"}

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}

# The impacts axe-core grades as blocking for some readers.
BLOCKING = {"serious", "critical"}

AUDIT = """async (selector) => {
  const result = await window.axe.run(document.querySelector(selector));
  return {
    passed: result.passes.map((p) => p.id),
    violations: result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({target: n.target, summary: n.failureSummary})),
    })),
  };
}"""

# Rules that only pass when the widget has what they look at: the audit reached its grid,
# its controls and what it hides from screen readers.
EXPECTED_PASSES = {"aria-allowed-role", "aria-required-children", "aria-hidden-focus"}


def _axe_script() -> Path:
    if AXE.is_file():
        return AXE
    reason = f"ACCESSIBILITY AUDIT NOT RUN: no axe-core at {AXE}. Run `make browser`."
    if os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}:
        pytest.fail(reason + " CI=true, so this is a failure.", pytrace=False)
    pytest.skip(reason)


def set_theme(page, theme: str) -> None:
    page.evaluate(
        "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})",
        THEMES[theme],
    )
    light = "true" if theme == "light" else "false"
    page.wait_for_function(
        f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=TIMEOUT
    )
    page.wait_for_timeout(500)  # the theme's stylesheet applies after the flag


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v["impact"] in BLOCKING]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_widgets_have_no_serious_accessibility_violation(page, lab, theme, artifacts_dir):
    script = _axe_script()
    open_notebook(page, lab, height=1000)
    for index in range(len(CELLS)):
        run_cell(page, index)
    for selector in WIDGETS.values():
        # Attached, not visible: JupyterLab leaves cells out of the window undrawn.
        page.locator(selector).first.wait_for(state="attached", timeout=TIMEOUT)
    set_theme(page, theme)
    page.add_script_tag(path=str(script))

    found = {}
    for name, selector in WIDGETS.items():
        widget = page.locator(selector).first
        widget.scroll_into_view_if_needed()
        widget.wait_for(state="visible", timeout=TIMEOUT)
        widget.screenshot(path=str(artifacts_dir / f"axe-{name}-{theme}.png"))
        audit = page.evaluate(AUDIT, selector)
        assert set(audit["passed"]) | {v["id"] for v in audit["violations"]} >= EXPECTED_PASSES, (
            audit["passed"]
        )
        found[name] = blocking(audit["violations"])
    report = {name: v for name, v in found.items() if v}
    assert not report, json.dumps(report, indent=1)
