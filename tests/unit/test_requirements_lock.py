"""requirements.lock names every package the others need: scripts/setup.sh installs it with --no-deps, so a package
left out of it would be missing from the virtual environment rather than pulled in by pip's resolver."""
import subprocess
import sys


def test_every_package_installed_from_the_lock_has_what_it_requires():
    result = subprocess.run([sys.executable, "-m", "pip", "check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
