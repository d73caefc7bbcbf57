"""A widget's page code in a blank page of real Chromium, driven by a small fake model.

The module loaded is exactly what anywidget loads (the widget's ``_esm``, from a blob URL, and
its ``_css``); the fake model starts from the state of a real Python widget and records what
the page sends, so a test can hand the messages to Python and push the answer back.
"""

from __future__ import annotations

import json
from typing import Any

import anywidget

FAKE_MODEL = """
(state) => {
  const handlers = new Map();
  const sent = [];
  const model = {
    get: (key) => state[key],
    set: (key, value) => {
      state[key] = value;
      for (const f of handlers.get(`change:${key}`) || []) f();
    },
    on: (event, f) => handlers.set(event, [...(handlers.get(event) || []), f]),
    off: (event, f) => handlers.set(event, (handlers.get(event) || []).filter((g) => g !== f)),
    save_changes: () => {},
    send: (message) => sent.push(message),
  };
  window.__model = model;
  window.__sent = sent;
  const el = document.getElementById("root");
  window.__cleanup = window.__module.default.render({ model, el });
}
"""

LOAD_MODULE = """
async (source) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  window.__module = await import(url);
}
"""

# JupyterLab's dark theme values for the variables the widgets read.
JP_DARK = {
    "--jp-layout-color0": "#111111",
    "--jp-layout-color1": "#212121",
    "--jp-layout-color2": "#424242",
    "--jp-ui-font-color1": "rgba(255,255,255,0.87)",
    "--jp-ui-font-color2": "rgba(255,255,255,0.54)",
    "--jp-border-color1": "#616161",
    "--jp-brand-color1": "#64b5f6",
}


def state_of(widget: anywidget.AnyWidget) -> dict[str, Any]:
    """The synced state, as JSON would carry it to the page."""
    return json.loads(json.dumps(widget.get_state()))


def mount(
    page,
    widget: anywidget.AnyWidget,
    *,
    state: dict[str, Any] | None = None,
    root_style: str = "",
    dark: bool = False,
    dark_background: str = "--jp-layout-color0",
) -> None:
    """Show ``widget`` in a blank page with a fake model holding ``state`` (by default the
    widget's). ``dark`` sets JupyterLab's dark theme variables, on the background a notebook
    shows behind the widget (``dark_background``)."""
    page.goto("about:blank")
    background = JP_DARK[dark_background] if dark else "#ffffff"
    variables = ";".join(f"{k}:{v}" for k, v in JP_DARK.items()) if dark else ""
    # JupyterLab marks its theme on the body as well; the widgets' colours follow that mark.
    theme = ' data-jp-theme-light="false"' if dark else ' data-jp-theme-light="true"'
    page.set_content(
        f'<body{theme} style="margin:0;background:{background};{variables}">'
        f'<div id="root" style="{root_style}"></div></body>'
    )
    page.add_style_tag(content=widget._css)
    page.evaluate(LOAD_MODULE, widget._esm)
    page.evaluate(FAKE_MODEL, state_of(widget) if state is None else state)


def push(page, widget: anywidget.AnyWidget, *names: str) -> None:
    """Send the Python widget's current value of traits (all by default) to the page, like
    comm updates."""
    state = state_of(widget)
    for name in names or state:
        page.evaluate("([k, v]) => window.__model.set(k, v)", [name, state[name]])


def sent(page) -> list[dict[str, Any]]:
    """Every message the page has sent so far."""
    return page.evaluate("window.__sent")
