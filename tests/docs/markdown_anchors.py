"""The anchors a Markdown file's headings get on GitHub: lower case, punctuation but hyphens
dropped, spaces made hyphens, a repeated heading numbered -1, -2, ...; code blocks skipped."""
import re


def anchors(text):
    found = set()
    counts = {}
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = counts.get(slug, 0)
        counts[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found
