"""`pip install ./clients/python` into a fresh virtual environment (python3 -m venv), then import it there.

Needs PDS_TEST_INSTALL=1: pip fetches the build backend (flit_core) from PyPI when it has none cached.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from typing import List

from .support import PACKAGE_DIR, need

CHECK = r"""
import importlib.metadata as md, json, os, sys
import pds_client
from pds_client import Client, ProblemError
here = os.path.dirname(pds_client.__file__)
try:
    import pds_client.pvlib
    pvlib_error = None
except ImportError as err:
    pvlib_error = str(err)
meta = md.metadata("pds-client")
print(json.dumps({
    "version": pds_client.__version__,
    "file": pds_client.__file__,
    "prefix": sys.prefix,
    "typed": os.path.exists(os.path.join(here, "py.typed")),
    "requires": meta.get_all("Requires-Dist") or [],
    "requires_python": meta.get("Requires-Python"),
    "extras": meta.get_all("Provides-Extra") or [],
    "pvlib_error": pvlib_error,
    "distributions": sorted(d.metadata["Name"].lower() for d in md.distributions()),
}))
"""


class InstallTest(unittest.TestCase):
    def run_ok(self, args: List[str], cwd: str) -> str:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, f"{' '.join(args)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        return done.stdout

    def test_when_pip_installs_the_package_into_a_fresh_venv_then_it_imports_typed_and_without_pandas(self) -> None:
        need(os.environ.get("PDS_TEST_INSTALL") == "1", "PDS_TEST_INSTALL is not 1 (pip may need PyPI)")
        python3 = shutil.which("python3") or sys.executable
        with tempfile.TemporaryDirectory() as tmp:
            venv = os.path.join(tmp, "venv")
            self.run_ok([python3, "-m", "venv", venv], tmp)
            python = os.path.join(venv, "bin", "python")
            self.run_ok([python, "-m", "pip", "install", "--quiet", PACKAGE_DIR], tmp)
            report = json.loads(self.run_ok([python, "-c", CHECK], tmp).strip().splitlines()[-1])
        self.assertEqual(report["version"], "0.1.0")
        self.assertTrue(report["file"].startswith(report["prefix"]), report["file"])
        self.assertTrue(report["typed"], "py.typed is installed")
        self.assertEqual(report["requires_python"], ">=3.9")
        self.assertEqual(report["extras"], ["pvlib"])
        self.assertEqual(len(report["requires"]), 1, report["requires"])
        self.assertIn("pandas", report["requires"][0])
        self.assertIn('extra == "pvlib"', report["requires"][0])
        # No dependency came with it: only pip (and setuptools, on older Pythons' venvs) besides it.
        self.assertEqual(set(report["distributions"]) - {"pip", "setuptools"}, {"pds-client"})
        self.assertIn("pds-client[pvlib]", report["pvlib_error"] or "")


if __name__ == "__main__":
    unittest.main()
