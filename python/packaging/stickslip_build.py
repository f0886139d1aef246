"""The PEP 517 build backend of `pip install .` (docs/python.md, "Installing with pip").

It needs nothing beyond the standard library: Debian has no scikit-build-core, and PyPI may be out
of reach, so pyproject.toml lists no build requirements and pip's isolated build environment stays
empty. The backend drives CMake: it configures a build tree (once; an existing tree is only built,
never configured again, so a tree made by `make build` is reused as it is), builds the command and
the Python module, and packs them into a wheel: the package `stickslip` with its extension, and the
`stickslip` command as a script, which pip installs into the environment's bin/.

Settings (pip install . --config-settings NAME=VALUE, or -C with pip >= 23.1):
  build-dir   the CMake build tree (default: build-pip in the checkout; `--config-settings build-dir=build`
              reuses the tree of `make build`)
  jobs        parallel compile jobs (default: the number of processors)
"""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = "stickslip"
SUMMARY = "Nonsmooth multibody dynamics: rigid bodies, joints, contacts with impacts and dry friction"


def _version():
    text = open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8").read()
    return re.search(r"project\(stickslip VERSION ([0-9.]+)", text).group(1)


def _tag():
    """The wheel's tag: this interpreter and this platform (the extension is compiled for both)."""
    import sysconfig
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{impl}-{platform}"


def _setting(config_settings, name, default):
    value = (config_settings or {}).get(name)
    return default if value in (None, "") else value


def _build(config_settings):
    """Configures (a new tree only) and builds the command and the module; returns the tree."""
    build_dir = os.path.abspath(os.path.join(ROOT, _setting(config_settings, "build-dir", "build-pip")))
    jobs = str(_setting(config_settings, "jobs", os.cpu_count() or 1))
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        generator = ["-GNinja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", "-S", ROOT, "-B", build_dir, *generator, "-DCMAKE_BUILD_TYPE=Release",
                        f"-DPython3_EXECUTABLE={sys.executable}", "-DSTICKSLIP_BENCHMARKS=OFF"],
                       check=True, stdout=sys.stderr)
    subprocess.run(["cmake", "--build", build_dir, "-j", jobs, "--target", "stickslip_cli", "stickslip_python"],
                   check=True, stdout=sys.stderr)
    return build_dir


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _metadata():
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\nSummary: {SUMMARY}\n"
            "Requires-Python: >=3.9\nRequires-Dist: numpy\nLicense: see the repository\n")


def _wheel_files(build_dir):
    """(path in the wheel, file on disk, executable) for the package and the command."""
    package = os.path.join(build_dir, "python", NAME)
    files = []
    for name in sorted(os.listdir(package)):
        if name.endswith(".py") or (name.startswith("_core") and name.endswith(".so")):
            files.append((f"{NAME}/{name}", os.path.join(package, name), False))
    cli = os.path.join(build_dir, "bin", NAME)
    if not os.path.exists(cli) or not any(p.startswith(f"{NAME}/_core") for p, _, _ in files):
        raise RuntimeError(f"the build tree {build_dir} lacks the command or the Python module")
    files.append((f"{NAME}-{_version()}.data/scripts/{NAME}", cli, True))
    return files


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    build_dir = _build(config_settings)
    version, tag = _version(), _tag()
    dist_info = f"{NAME}-{version}.dist-info"
    wheel_name = f"{NAME}-{version}-{tag}.whl"
    records = []
    path = os.path.join(wheel_directory, wheel_name)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        def add(name, data, executable=False):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o100755 if executable else 0o100644) << 16  # a regular file and its mode
            wheel.writestr(info, data)
            records.append(_record_line(name, data))

        for name, source, executable in _wheel_files(build_dir):
            with open(source, "rb") as f:
                add(name, f.read(), executable)
        add(f"{dist_info}/METADATA", _metadata().encode())
        add(f"{dist_info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: stickslip_build\nRoot-Is-Purelib: false\n"
                                   f"Tag: {tag}\n").encode())
        records.append(f"{dist_info}/RECORD,,")
        wheel.writestr(zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(1980, 1, 1, 0, 0, 0)),
                       "\n".join(records) + "\n")
    return wheel_name


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = f"{NAME}-{_version()}.dist-info"
    os.makedirs(os.path.join(metadata_directory, dist_info), exist_ok=True)
    with open(os.path.join(metadata_directory, dist_info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return dist_info


def build_sdist(sdist_directory, config_settings=None):
    """The checkout's tracked files (git ls-files) as NAME-VERSION.tar.gz."""
    import tarfile
    version = _version()
    base = f"{NAME}-{version}"
    files = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"{base}.tar.gz")
        with tarfile.open(path, "w:gz") as tar:
            for name in filter(None, files.decode().split("\0")):
                tar.add(os.path.join(ROOT, name), arcname=f"{base}/{name}", recursive=False)
            info = tarfile.TarInfo(f"{base}/PKG-INFO")
            data = _metadata().encode()
            info.size = len(data)
            import io
            tar.addfile(info, io.BytesIO(data))
        shutil.move(path, os.path.join(sdist_directory, f"{base}.tar.gz"))
    return f"{base}.tar.gz"
