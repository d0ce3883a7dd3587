#!/usr/bin/env bash
# Builds the Debian package and checks it: its contents file by file, its metadata (desktop entry,
# AppStream, MIME type), an install into an empty root with dpkg, the installed programs run from
# there, removal leaving nothing behind, and lintian with no errors.
#   check-package.sh [BUILD_DIR]   (default build; configured already, or configured here)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
build=${1:-build}
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)" --target package_contents
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
deb="$build/fftscope_${version}_amd64.deb"
rm -f "$deb"
(cd "$build" && cpack -G DEB >/dev/null)
[ -f "$deb" ] || { echo "check-package.sh: cpack did not write $deb" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-package.sh: $*" >&2; exit 1; }

# Every file the package holds, with its mode and owner, and nothing else.
expected="-rwxr-xr-x root/root ./usr/bin/fftscope
-rwxr-xr-x root/root ./usr/bin/fftscope-cli
-rw-r--r-- root/root ./usr/share/applications/fftscope.desktop
-rw-r--r-- root/root ./usr/share/doc/fftscope/changelog.gz
-rw-r--r-- root/root ./usr/share/doc/fftscope/copyright
-rw-r--r-- root/root ./usr/share/icons/hicolor/scalable/apps/fftscope.svg
-rw-r--r-- root/root ./usr/share/man/man1/fftscope-cli.1.gz
-rw-r--r-- root/root ./usr/share/man/man1/fftscope.1.gz
-rw-r--r-- root/root ./usr/share/metainfo/io.github.fftscope.FFTScope.metainfo.xml
-rw-r--r-- root/root ./usr/share/mime/packages/fftscope.xml"
actual=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $1, $2, $6}' | sort -k3)
diff <(echo "$expected") <(echo "$actual") || fail "the package's files differ from the list above (< expected, > found)"
dpkg-deb -c "$deb" | awk '$1 ~ /^d/ && ($1 != "drwxr-xr-x" || $2 != "root/root") {bad = 1; print} END {exit bad}' ||
  fail "a folder is not root's with mode 0755"
depends=$(dpkg-deb -f "$deb" Depends)
for package in libqt6widgets6 libqt6svg6 libqcustomplot2.1-qt6 libopencv-imgcodecs406 libfftw3-single3 libclfft2 \
               libsndfile1 ocl-icd-libopencl1; do
  [[ "$depends" == *"$package"* ]] || fail "Depends lacks $package: $depends"
done

# The metadata as desktops and software centres read it.
dpkg-deb -x "$deb" "$work/extracted"
share="$work/extracted/usr/share"
desktop-file-validate "$share/applications/fftscope.desktop"
grep -q '^MimeType=.*application/x-fftscope-session;' "$share/applications/fftscope.desktop" ||
  fail "the desktop entry does not open session files"
appstreamcli validate --no-net --no-color "$share/metainfo/io.github.fftscope.FFTScope.metainfo.xml" >/dev/null
mkdir -p "$work/mime/packages"
cp "$share/mime/packages/fftscope.xml" "$work/mime/packages/"
update-mime-database "$work/mime" >/dev/null 2>&1
grep -qx '50:application/x-fftscope-session:\*\.fftscope' "$work/mime/globs2" ||
  fail "shared-mime-info did not register *.fftscope as application/x-fftscope-session"
for page in fftscope fftscope-cli; do
  zcat "$share/man/man1/$page.1.gz" | grep -q '^\.SH OPTIONS\|^\.SH DESCRIPTION' || fail "$page.1 has no body"
done

# apt finds every dependency among this machine's Debian packages (no download: it only simulates).
apt-get -s install "$(realpath "$deb")" > "$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt cannot install the package"; }
grep -q '^Inst fftscope ' "$work/apt.log" || { cat "$work/apt.log"; fail "apt would not install the package"; }

# Installed by dpkg into an empty root (its own database, no maintainer scripts to run), the
# programs run from there with the machine's libraries; removed, the root is as it was.
root="$work/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
(cd "$root" && find . | sort) > "$work/before"
# dpkg looks for ldconfig and start-stop-daemon on PATH, which a user's PATH may lack.
dpkg_root=(env PATH="$PATH:/usr/sbin:/sbin" dpkg --root="$root" --force-depends --log=/dev/null)
[ "$(id -u)" -eq 0 ] || dpkg_root+=(--force-not-root)
# The root has no libraries: the dependencies were checked by apt above.
"${dpkg_root[@]}" -i "$deb" > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i failed"; }
[ "$(cd "$root" && find usr -type f | wc -l)" -eq 10 ] || fail "dpkg installed other than the package's 10 files"
readelf -d "$root/usr/bin/fftscope" "$root/usr/bin/fftscope-cli" | grep -q 'RUNPATH\|RPATH' &&
  fail "an installed program still looks for libraries in the build folder"
"$root/usr/bin/fftscope" --version | grep -qx "fftscope $version" || fail "fftscope --version"
"$root/usr/bin/fftscope-cli" --version | grep -qx "fftscope-cli $version" || fail "fftscope-cli --version"
"$root/usr/bin/fftscope-cli" --help | grep -q 'Subcommands:' || fail "fftscope-cli --help"
# A headless filter, on the OpenCL device where there is one, with the kernels compiled into the
# program (FFTSCOPE_KERNEL_DIR would read them from a folder instead).
(cd "$work" && env -u FFTSCOPE_KERNEL_DIR "$root/usr/bin/fftscope" filter \
  "$repo/resources/samples/periodic-noise.png" -o "$work/clean.png" --auto-notch)
head -c 8 "$work/clean.png" | od -An -c | grep -q 'P   N   G' || fail "fftscope filter wrote no PNG"
"${dpkg_root[@]}" --purge fftscope >/dev/null
(cd "$root" && find . | sort | grep -v '^\./var/lib/dpkg') > "$work/after"
diff <(grep -v '^\./var/lib/dpkg' "$work/before") "$work/after" || fail "removing the package left files behind"

# Warnings are shown; an error fails the check.
lintian_rc=0
report=$(lintian --fail-on error "$deb" 2>&1) || lintian_rc=$?
grep -v 'root privileges' <<<"$report" || true
[ "$lintian_rc" -eq 0 ] || fail "lintian reports errors"
echo "check-package.sh: $deb passes ($(dpkg-deb -f "$deb" Installed-Size) KiB installed)"
