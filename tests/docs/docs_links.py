#!/usr/bin/env python3
"""Every relative link in README.md and docs/*.md (and the other tracked Markdown files) resolves:
the file or folder exists and, where the link names a heading (#anchor), the heading exists.

  docs_links.py SOURCE_DIR"""
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from markdown_anchors import anchors  # noqa: E402
from script_checks import Checks  # noqa: E402

source = sys.argv[1]
try:
    listed = subprocess.run(["git", "-C", source, "ls-files", "*.md"], stdout=subprocess.PIPE, text=True,
                            check=True).stdout.split()
except (OSError, subprocess.CalledProcessError):
    listed = [os.path.relpath(os.path.join(d, f), source) for d, _, fs in os.walk(source)
              if "/build" not in d and "/.git" not in d for f in fs if f.endswith(".md")]
link = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
checks = Checks()
checked = 0
for md in listed:
    path = os.path.join(source, md)
    if not os.path.isfile(path):
        continue
    text = open(path, encoding="utf-8").read()
    # Links inside code spans and blocks are examples, not links.
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    for target in link.findall(text):
        if re.match(r"^[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        checked += 1
        if not os.path.exists(dest):
            checks.check(f"{md}: {target}", False, f"no {os.path.relpath(dest, source)}")
        elif anchor and dest.endswith(".md") and anchor not in anchors(open(dest, encoding="utf-8").read()):
            checks.check(f"{md}: {target}", False, f"no heading #{anchor}")
        else:
            checks.check(f"{md}: {target}", True)
print(f"{checked} relative links checked in {len(listed)} files")
checks.check("some relative link is checked", checked > 0)
checks.finish()
