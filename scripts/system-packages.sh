#!/usr/bin/env bash
# Installs the Debian packages the test suite needs beyond the base image, only the missing ones
# (used by `make test` and therefore by .ci/run): chromium for the browser tests, poppler-utils
# (pdftoppm) and zbar-tools (zbarimg) for the export tests that render each PDF and decode the
# table card's QR code, fonts-dejavu-core for the PDFs' font (names beyond Latin-1), caddy for the
# browser test of an event on the hub behind its HTTPS proxy (deploy/Caddyfile). PostgreSQL 15
# is installed on demand by scripts/with-postgres.sh. As root apt-get installs them; otherwise a
# clear message names the command to run, and the script fails.
set -euo pipefail

APT_PACKAGES=(chromium poppler-utils zbar-tools fonts-dejavu-core caddy)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "system-packages: missing ${missing[*]} and no apt-get here: install them with your package manager" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "system-packages: missing Debian packages: ${missing[*]}" >&2
    echo "system-packages: run as root:  apt-get install ${missing[*]}   (then make test again)" >&2
    exit 1
fi
echo "==> apt-get install ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
# Debian's caddy package starts a Caddy on port 80 for the whole machine: the tests start their own.
if [[ " ${missing[*]} " == *" caddy "* ]] && command -v systemctl >/dev/null 2>&1; then
    systemctl disable --now caddy.service >/dev/null 2>&1 || echo "system-packages: could not stop caddy.service" >&2
fi
