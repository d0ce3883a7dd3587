#!/usr/bin/env bash
# Regenerates the README's pictures of the real application under Xvfb. Needs a build
# (build/app/gui/fftscope) and xvfb.
#   screenshot.sh [image] [OUT]   docs/images/image-workspace.png: the sample image, auto notch and a
#                                 Butterworth low-pass applied, captured from the X root window
#                                 (needs ImageMagick: apt-get install imagemagick)
#   screenshot.sh signal [OUT]    docs/images/signal-workspace.png: the Signal workspace on the demo
#                                 recording (scripts/signal-demo.py), saved by the window itself once
#                                 the spectrum and the spectrogram are shown; SIZE=1518x854 gives a
#                                 1366 x 768 window (the window takes nine tenths of the screen)
#   screenshot.sh live-video [OUT] docs/images/live-video.png: the Image workspace with a test video of
#                                 moving stripes (build/core/video/fftscope-sample-video) as its live
#                                 source, auto notch on, saved by the window once 40 frames were
#                                 shown; SIZE=1518x854 gives a 1366 x 768 window
#   screenshot.sh live-audio [OUT] docs/images/live-audio.png: the Signal workspace's Live mode after six
#                                 seconds of its input (the generated signal where Xvfb has no sound
#                                 card); a 1518 x 854 screen gives a 1366 x 768 window (SIZE changes it)
#   screenshot.sh package [OUT]   docs/images/desktop-entry.png: the Debian package (build/fftscope_*.deb,
#                                 from scripts/check-package.sh) unpacked, and its desktop entry's
#                                 command run from there on a recording, as a file manager would
#   screenshot.sh sessions [DIR]  docs/images/session-opened.png and restore-prompt.png: a session
#                                 opened in a fresh window, and the prompt after a crash, on a
#                                 1366 x 768 screen (build/tests/fftscope-session-screenshots)
#   screenshot.sh video [DIR]     docs/images/live-camera-WxH.png and filter-video-WxH.png: live video
#                                 through the camera's path (a test video fed to its sink) with
#                                 File > Open Camera open, and Filter Video… at its end; SIZE=WxH
#                                 (1366x768 unless given) is the screen (build/tests/fftscope-video-screenshots)
#   screenshot.sh export [DIR]    docs/images/export-dialog.png: the Export dialog opened for the Image
#                                 workspace's spectrum (build/tests/fftscope-export-screenshots); SIZE=WxH
#                                 (1366x768 unless given) is the screen; ALL=1 also keeps the whole screen
#                                 (export-screen.png) and the captioned PNG the dialog writes (export-example.png)
#   screenshot.sh preferences [DIR] docs/images/preferences.png: Edit > Preferences (SIZE and ALL as for
#                                 export; the whole screen is preferences-screen.png)
set -euo pipefail
cd "$(dirname "$0")/.."
what=image
case "${1:-}" in image|signal|live-video|live-audio|package|sessions|video|export|preferences) what=$1; shift ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$what" = package ]; then
  out=${1:-docs/images/desktop-entry.png}
  deb=$(ls build/fftscope_*_amd64.deb | head -n 1)
  dpkg-deb -x "$deb" "$work/root"
  /usr/bin/python3 scripts/signal-demo.py "$work/signal-demo.wav"
  read -r program argument < <(sed -n 's/^Exec=//p' "$work/root/usr/share/applications/fftscope.desktop")
  [ "$argument" = %f ] || { echo "screenshot.sh: the desktop entry's Exec takes $argument, not %f" >&2; exit 1; }
  XDG_CONFIG_HOME="$work/config" xvfb-run -a -s "-screen 0 1600x1000x24" "$work/root/usr/bin/$program" \
    "$work/signal-demo.wav" --screenshot "$work/shot.png"
  convert "$work/shot.png" +dither -colors 256 "PNG8:$out" 2>/dev/null || cp "$work/shot.png" "$out"
  echo "wrote $out"
  exit 0
elif [ "$what" = video ]; then
  out=${1:-docs/images}
  size=${SIZE:-1366x768}
  XDG_CONFIG_HOME="$work/config" xvfb-run -a -s "-screen 0 ${size}x24" build/tests/fftscope-video-screenshots "$work" "$size"
  for name in "live-camera-$size" "filter-video-$size"; do
    convert "$work/$name.png" +dither -colors 256 "PNG8:$out/$name.png" 2>/dev/null || cp "$work/$name.png" "$out/$name.png"
    echo "wrote $out/$name.png"
  done
  exit 0
elif [ "$what" = export ] || [ "$what" = preferences ]; then
  out=${1:-docs/images}
  size=${SIZE:-1366x768}
  XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" xvfb-run -a -s "-screen 0 ${size}x24" \
    build/tests/fftscope-export-screenshots "$work" "$what" >/dev/null
  names=$what; [ "$what" = export ] && names=export-dialog
  [ -z "${ALL:-}" ] || names=$(cd "$work" && ls -- *.png | sed 's/\.png$//')
  for name in $names; do
    convert "$work/$name.png" +dither -colors 256 "PNG8:$out/$name.png" 2>/dev/null || cp "$work/$name.png" "$out/$name.png"
    echo "wrote $out/$name.png"
  done
  exit 0
elif [ "$what" = sessions ]; then
  out=${1:-docs/images}
  XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" xvfb-run -a -s "-screen 0 1366x768x24" \
    build/tests/fftscope-session-screenshots "$work"
  for name in session-opened restore-prompt; do
    convert "$work/$name.png" +dither -colors 256 "PNG8:$out/$name.png" 2>/dev/null || cp "$work/$name.png" "$out/$name.png"
    echo "wrote $out/$name.png"
  done
  exit 0
fi

if [ "$what" = live-video ]; then
  out=${1:-docs/images/live-video.png}
  size=${SIZE:-1600x1000}
  build/core/video/fftscope-sample-video "$work/stripes.mkv" 480 320 300 25 2>/dev/null
  XDG_CONFIG_HOME="$work/config" xvfb-run -a -s "-screen 0 ${size}x24" build/app/gui/fftscope --workspace image \
    --live-video "$work/stripes.mkv" --auto-notch --colour-map inferno --screenshot "$work/shot.png"
  convert "$work/shot.png" +dither -colors 256 "PNG8:$out" 2>/dev/null || cp "$work/shot.png" "$out"
  echo "wrote $out"
  exit 0
fi

if [ "$what" = live-audio ]; then
  out=${1:-docs/images/live-audio.png}
  XDG_CONFIG_HOME="$work/config" xvfb-run -a -s "-screen 0 ${SIZE:-1518x854}x24" build/app/gui/fftscope --workspace live \
    --screenshot "$work/shot.png"
  convert "$work/shot.png" +dither -colors 256 "PNG8:$out" 2>/dev/null || cp "$work/shot.png" "$out"
  echo "wrote $out"
  exit 0
fi
if [ "$what" = signal ]; then
  out=${1:-docs/images/signal-workspace.png}
  size=${SIZE:-1600x1000}
  python3 scripts/signal-demo.py "$work/signal-demo.wav"
  XDG_CONFIG_HOME="$work/config" xvfb-run -a -s "-screen 0 ${size}x24" build/app/gui/fftscope --workspace signal \
    --signal "$work/signal-demo.wav" --screenshot "$work/shot.png"
  # A 256-colour PNG keeps it small where ImageMagick is installed.
  convert "$work/shot.png" +dither -colors 256 "PNG8:$out" 2>/dev/null || cp "$work/shot.png" "$out"
  echo "wrote $out"
  exit 0
fi

command -v import >/dev/null || { echo "screenshot.sh: needs ImageMagick's import (apt-get install imagemagick)" >&2; exit 1; }
out=${1:-docs/images/image-workspace.png}
cat > "$work/shoot.sh" <<INNER
#!/usr/bin/env bash
XDG_CONFIG_HOME="$work/config" build/app/gui/fftscope --auto-notch --lowpass butterworth --cutoff 0.3 --order 4 \
  --colour-map inferno &
pid=\$!
sleep 8
import -window root "$work/root.png"
kill \$pid
INNER
xvfb-run -a -s "-screen 0 1600x1000x24" bash "$work/shoot.sh"
# The window (1440 x 900, centred on the 1600 x 1000 screen), as a 256-colour PNG to keep it small.
convert "$work/root.png" -crop 1440x900+80+50 +repage +dither -colors 256 "PNG8:$out"
echo "wrote $out"
