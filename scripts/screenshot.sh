#!/usr/bin/env bash
# Regenerates docs/images/image-workspace.png: the real application under Xvfb on the sample image,
# auto notch and a Butterworth low-pass applied, captured from the X root window.
# Needs a build (build/app/gui/fftscope), xvfb and ImageMagick (apt-get install imagemagick).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v import >/dev/null || { echo "screenshot.sh: needs ImageMagick's import (apt-get install imagemagick)" >&2; exit 1; }
out=${1:-docs/images/image-workspace.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
