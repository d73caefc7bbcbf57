"""Smoke test: the browser stack (Playwright + Debian's Chromium) works at all."""

from __future__ import annotations

PAGE = """<!doctype html>
<html><body>
  <button id="go" type="button">Place tile</button>
  <p id="status" role="status">waiting</p>
  <script>
    document.getElementById("go").addEventListener("click", () => {
      document.getElementById("status").textContent = "placed";
    });
  </script>
</body></html>"""


def test_click_changes_the_dom(page, artifacts_dir):
    page.goto("about:blank")
    page.set_content(PAGE)
    assert page.text_content("#status") == "waiting"

    page.click("#go")

    assert page.text_content("#status") == "placed"
    page.screenshot(path=str(artifacts_dir / "smoke.png"))


def test_es_module_runs(page):
    """Widgets ship plain ES modules; check that Chromium runs one from a page."""
    page.goto("about:blank")
    page.add_script_tag(
        type="module",
        content="export const answer = 6 * 7; window.__answer = answer;",
    )
    page.wait_for_function("window.__answer !== undefined")
    assert page.evaluate("window.__answer") == 42
