"""Wisdom shared with fftscope-cli: the same file, read and written by the engine's own code
(engine/planning/Wisdom.h through PlanPolicy). What the CLI measured, Python plans use; what
Python measured, the CLI's planner takes. FFTSCOPE_CLI names the CLI (ctest sets it)."""

import json
import os
import subprocess

import numpy as np
import pytest

import fftscope

CLI = os.environ.get("FFTSCOPE_CLI", "")
pytestmark = [pytest.mark.skipif(not fftscope.devices(), reason="wisdom is kept for OpenCL devices"),
              pytest.mark.skipif(not os.path.exists(CLI), reason="FFTSCOPE_CLI does not name fftscope-cli")]


def cli(*args, cache=None):
    env = dict(os.environ)
    if cache:
        env["XDG_CACHE_HOME"] = str(cache)
    return subprocess.run([CLI, *args], capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(autouse=True)
def estimate_again():
    yield
    fftscope.set_planning("estimate")


def test_default_file_is_the_clis(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    fftscope.set_planning("estimate")
    assert fftscope.wisdom_path() == str(tmp_path / "fftscope" / "wisdom.json")
    fftscope.set_planning("estimate", tmp_path / "other.json")
    assert fftscope.wisdom_path() == str(tmp_path / "other.json")


def test_python_uses_what_the_cli_measured(tmp_path):
    wisdom = tmp_path / "wisdom.json"
    r = cli("plan", "--size", "512", "--batch", "3", "--plan", "measure", "--wisdom", str(wisdom))
    assert r.returncode == 0 and wisdom.exists(), r.stderr
    stored = json.loads(wisdom.read_text())["entries"]
    assert len(stored) == 1

    fftscope.set_planning("estimate", wisdom)
    x = (np.arange(3 * 512) % 7).astype(np.complex64).reshape(3, 512)
    plan = fftscope.Plan(x.shape, np.complex64)
    assert plan.plan_sources == ["wisdom"]
    assert np.allclose(plan(x), np.fft.fft(x), atol=1e-3)
    other = fftscope.Plan((3, 256), np.complex64)  # a description the file does not hold
    assert other.plan_sources == ["estimate"]
    assert json.loads(wisdom.read_text())["entries"] == stored, "estimating wrote to the file"


def test_the_cli_uses_what_python_measured(tmp_path):
    fftscope.set_planning("measure")  # the default file, under this test's cache folder
    os.environ["XDG_CACHE_HOME"] = str(tmp_path)
    try:
        x = np.ones((4, 384), np.complex64)
        got = fftscope.fft(x)
        plan = fftscope.plan_cache.get(x.shape, x.dtype, (-1,), None, None, "fft", None)
        assert plan.plan_sources == ["measured"]
        assert np.allclose(got, np.fft.fft(x), atol=1e-3)
    finally:
        del os.environ["XDG_CACHE_HOME"]
    wisdom = tmp_path / "fftscope" / "wisdom.json"
    assert wisdom.exists()

    r = cli("plan", "--size", "384", "--batch", "4", "--json", cache=tmp_path)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["source"] == "wisdom" and doc["wisdom"] == str(wisdom)
    r = cli("wisdom", "--list", "--json", cache=tmp_path)
    entries = json.loads(r.stdout)["entries"]
    assert [e["description"] for e in entries] == ["1D 384 x4 f32 forward table complex"]

    # Measuring again in Python finds it there and measures nothing.
    fftscope.set_planning("measure", wisdom)
    assert fftscope.Plan((4, 384), np.complex64).plan_sources == ["wisdom"]


def test_an_unusable_file_is_named_and_left_alone(tmp_path):
    wisdom = tmp_path / "wisdom.json"
    wisdom.write_text("{ not wisdom")
    fftscope.set_planning("measure", wisdom)
    with pytest.warns(RuntimeWarning, match="wisdom.json"):
        plan = fftscope.Plan((2, 128), np.complex64)
    assert plan.plan_sources == ["measured"]
    assert np.allclose(plan(np.ones((2, 128), np.complex64))[:, 0], 128)
    assert wisdom.read_text() == "{ not wisdom"
