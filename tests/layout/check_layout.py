#!/usr/bin/env python3
"""Checks the source tree's layout from its #include lines, so that the folders keep showing the
design: the engine's folders (core/engine/*) depend on each other without a cycle, the engine
includes nothing of core's other parts, nothing under core/ includes Qt, and nothing under
core/engine includes OpenCV. Prints the engine's folder order when all hold; otherwise names each
broken rule (a cycle with the include behind each of its steps) and exits 1.

Usage: check_layout.py [SOURCE_ROOT]    (default: the tree this file is in)
       check_layout.py --self-test      (the checks against small planted trees)
"""
import os
import re
import sys
import tempfile

SOURCE_SUFFIXES = ('.h', '.hpp', '.cpp', '.cc', '.mm')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
QT_HEADER = re.compile(r'^(Qt\w*/|Q[A-Z]\w*(\.h)?$)')
OPENCV_HEADER = re.compile(r'^opencv2?/')
ENGINE = 'core/engine'
# The libraries the engine stands on: files written atomically and .npy (io), the settings read
# where a program starts (settings). Neither includes the engine.
BELOW_ENGINE = ('core/io/', 'core/settings/')


def sources(root, top):
    for folder, dirs, files in os.walk(os.path.join(root, top)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, '/')


def includes(root, path):
    """(line number, '"' or '<', included name) for each #include of a file."""
    with open(os.path.join(root, path), encoding='utf-8', errors='replace') as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, match.group(1), match.group(2)


def resolve(root, path, name):
    """The tree path a quoted include names: beside the file, else under core/; None if neither."""
    for base in (os.path.dirname(path), 'core'):
        candidate = os.path.normpath(os.path.join(base, name)).replace(os.sep, '/')
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def engine_folder(path):
    """The engine folder a path lies in ('top' for files at the engine's top), or None outside it."""
    if not path.startswith(ENGINE + '/'):
        return None
    parts = path[len(ENGINE) + 1:].split('/')
    return parts[0] if len(parts) > 1 else 'top'


def find_cycle(edges):
    """One cycle of folders as a list [a, b, ..., a], or None. edges: {folder: {folder: why}}."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 'open'
        stack.append(node)
        for nxt in sorted(edges.get(node, {})):
            if state.get(nxt) == 'open':
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 'done'
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def folder_order(edges, folders):
    """The folders, each after every folder it includes from (ties by name)."""
    order, placed = [], set()
    while len(order) < len(folders):
        ready = sorted(f for f in folders if f not in placed and all(d in placed for d in edges.get(f, {})))
        order.append(ready[0])
        placed.add(ready[0])
    return order


def check(root):
    """The broken rules as lines of text (none: the layout holds), and the engine's folder order."""
    problems = []
    edges = {}
    folders = set()
    for top in ('core', 'app'):
        for path in sources(root, top):
            source_folder = engine_folder(path)
            if source_folder is not None:
                folders.add(source_folder)
            for number, kind, name in includes(root, path):
                where = f'{path}:{number}'
                if path.startswith('core/') and QT_HEADER.match(name):
                    problems.append(f'{where}: core/ includes the Qt header {name}')
                if source_folder is not None and OPENCV_HEADER.match(name):
                    problems.append(f'{where}: the engine includes the OpenCV header {name}')
                if kind == '"' and path.startswith(BELOW_ENGINE) and name.startswith('engine/'):
                    problems.append(f'{where}: {path} includes the engine, which stands on it')
                if kind != '"' or source_folder is None:
                    continue
                target = resolve(root, path, name)
                if target is None:
                    continue
                target_folder = engine_folder(target)
                if target_folder is None and target.startswith(BELOW_ENGINE):
                    continue
                if target_folder is None:
                    problems.append(f'{where}: the engine includes {target}, outside {ENGINE}')
                elif target_folder != source_folder:
                    edges.setdefault(source_folder, {}).setdefault(target_folder, f'{where} includes "{name}"')
    cycle = find_cycle(edges)
    if cycle:
        steps = '\n'.join(f'  {a} -> {b}: {edges[a][b]}' for a, b in zip(cycle, cycle[1:]))
        problems.append(f'the engine\'s folders include each other in a cycle: {" -> ".join(cycle)}\n{steps}')
        return problems, None
    return problems, folder_order(edges, folders)


def report(root):
    problems, order = check(root)
    for problem in problems:
        print('layout: ' + problem)
    if problems:
        return 1
    print('layout: the engine\'s folders, each including only from those before it: ' + ' <- '.join(order))
    return 0


def self_test():
    """Plants each broken rule in a small tree and expects the check to name it; a clean tree passes."""
    def check_tree(files):
        with tempfile.TemporaryDirectory(prefix='layout-') as root:
            for path, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
                with open(os.path.join(root, path), 'w') as f:
                    f.write(text)
            return check(root)

    clean = {
        'core/engine/low/A.h': '#pragma once\n#include <vector>\n',
        'core/engine/high/B.h': '#include "engine/low/A.h"\n',
        'core/engine/high/B.cpp': '#include "engine/high/B.h"\n#include "B.h"\n',
        'core/imaging/Image.cpp': '#include "engine/high/B.h"\n#include <opencv2/core.hpp>\n',
        'app/gui/Window.cpp': '#include <QWidget>\n#include "engine/low/A.h"\n',
        'core/io/Write.h': '#pragma once\n',
        'core/engine/low/W.cpp': '#include "io/Write.h"\n',
    }
    cases = [
        ('a clean tree', {}, None),
        ('a cycle', {'core/engine/low/A.cpp': '#include "engine/high/B.h"\n'},
         'cycle: high -> low -> high'),
        ('a cycle through a file beside it', {'core/engine/low/A.cpp': '#include "../high/B.h"\n'},
         'cycle: high -> low -> high'),
        ('Qt in core', {'core/imaging/View.h': '#include <QImage>\n'}, 'Qt header QImage'),
        ('a Qt module in core', {'core/graph/G.cpp': '#include <QtCore/QString>\n'}, 'Qt header QtCore/QString'),
        ('OpenCV in the engine', {'core/engine/low/C.cpp': '#include <opencv2/core.hpp>\n'},
         'OpenCV header opencv2/core.hpp'),
        ('io on the engine', {'core/io/Bad.cpp': '#include "engine/low/A.h"\n'}, 'which stands on it'),
        ('the engine above imaging', {'core/engine/low/D.cpp': '#include "imaging/Image.h"\n',
                                      'core/imaging/Image.h': '#pragma once\n'}, 'outside core/engine'),
    ]
    failures = 0
    for label, extra, expected in cases:
        problems, order = check_tree({**clean, **extra})
        text = '\n'.join(problems)
        if expected is None:
            ok = not problems and order == ['low', 'high']
        else:
            ok = expected in text
        print(f'layout self-test, {label}: {"ok" if ok else "WRONG"}' + (f'\n{text}' if text else ''))
        failures += not ok
    return 1 if failures else 0


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        sys.exit(self_test())
    default_root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
    sys.exit(report(sys.argv[1] if len(sys.argv) > 1 else default_root))
