"""Run the phone's pure ES modules in node (no browser), for tests that hold them to the Python."""

import json
import shutil
import subprocess
from pathlib import Path

from support import missing

FRONTEND_JS = Path(__file__).resolve().parents[1] / "frontend" / "js"
NODE = shutil.which("node")


def module_url(module: str) -> str:
    """The file URL node imports ``frontend/js/<module>`` by."""
    return (FRONTEND_JS / module).as_uri()


def run_js(module: str, body: str, cases: list, prelude: str = "") -> list:
    """Import ``frontend/js/<module>`` as ``m`` and evaluate ``body`` (a JS expression of ``c``,
    one case) for every case; the JSON of the results, in order. ``prelude`` (JS statements, run
    first) may define what ``body`` needs."""
    if NODE is None:
        missing("node is not installed")  # a failure under CI
    script = (
        f"import * as m from {json.dumps(module_url(module))};\n"
        "import { readFileSync } from 'node:fs';\n"
        "const cases = JSON.parse(readFileSync(0, 'utf8'));\n"
        f"{prelude}\n"
        f"process.stdout.write(JSON.stringify(cases.map((c) => {body})));\n"
    )
    done = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps(cases),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
