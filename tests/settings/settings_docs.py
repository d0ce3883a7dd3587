#!/usr/bin/python3
"""`fftscope-cli tuning --json` lists every setting with its value and where the value came from,
and docs/engine.md's `## Settings` section names exactly the settings the registry holds, each
with the registry's `who` and default. Also: a variable set in the environment is listed with
source environment, a bad value and an unknown FFTSCOPE_ name are named on stderr.
Usage: settings_docs.py PATH/TO/fftscope-cli PATH/TO/docs/engine.md"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

run = runner(sys.argv[1], {k: v for k, v in os.environ.items() if not k.startswith("FFTSCOPE_")}, timeout=60)
doc_path = sys.argv[2]
checks = Checks()
expect = checks.check


def tuning(extra):
    return run("tuning", "--json", env=extra)


r = tuning({"FFTSCOPE_WIDE_RADICES": "0", "FFTSCOPE_RUN_BYTES": "100", "FFTSCOPE_WIDE_RADIX": "0"})
expect("tuning --json exits 0", r.returncode == 0, r.stderr)
entries = json.loads(r.stdout)["settings"] if r.returncode == 0 else []
registry = {e["name"]: e for e in entries}
expect("tuning lists 40 settings or more", len(registry) >= 40, str(len(registry)))
wide = registry.get("FFTSCOPE_WIDE_RADICES", {})
expect("a variable set is listed with its value and source environment",
       wide.get("value") == "0" and wide.get("source") == "environment", str(wide))
run_bytes = registry.get("FFTSCOPE_RUN_BYTES", {})
expect("a bad value keeps the default", run_bytes.get("source") == "default" and run_bytes.get("value") == "128",
       str(run_bytes))
expect("a bad value is named with what the setting takes",
       "FFTSCOPE_RUN_BYTES=100: expected a power of two from 32 to 1024" in r.stderr, r.stderr)
expect("an unknown FFTSCOPE_ variable is named with the nearest known one",
       "FFTSCOPE_WIDE_RADIX is not a setting (did you mean FFTSCOPE_WIDE_RADICES?" in r.stderr, r.stderr)
for e in entries:
    expect(f"{e['name']} has who, type and a description",
           e.get("who") in ("user", "experiment", "test") and e.get("type") and len(e.get("description", "")) > 20, str(e))

with open(doc_path, encoding="utf-8") as f:
    text = f.read()
start = text.find("## Settings\n")
expect("docs/engine.md has a `## Settings` section", start >= 0)
end = text.find("\n## ", start + 1)
section = text[start:end if end >= 0 else len(text)]
rows = {}
for line in section.splitlines():
    m = re.match(r"\| `(FFTSCOPE_[A-Z0-9_]+)` \| (\w+) \| (`([^`]*)`|\(unset\)) \|", line)
    if m:
        rows[m.group(1)] = (m.group(2), m.group(4) or "")
for name, e in registry.items():
    expect(f"docs/engine.md's Settings has a row for {name}", name in rows)
    if name in rows:
        expect(f"docs/engine.md gives {name} the registry's who and default", rows[name] == (e["who"], e["default"]),
               f"{rows[name]} against {(e['who'], e['default'])}")
for name in sorted(set(re.findall(r"FFTSCOPE_[A-Z0-9_]*[A-Z0-9]", section))):
    expect(f"docs/engine.md's Settings names {name}, which the registry holds", name in registry)

checks.finish()
