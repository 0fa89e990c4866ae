#!/usr/bin/env bash
# Browser tests drive Debian's Chromium headless shell (playwright.config.ts); the benchmarks and
# screenshots use the full browser. Install whichever is missing (we run as root in CI).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} for the browser tests..."
if [ "$(id -u)" -ne 0 ]; then
  echo "${missing[*]} missing and installing needs root: run 'sudo apt-get install ${missing[*]}'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
