#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when it is missing (we run as root in CI).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium for the browser tests..."
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing and installing it needs root: run 'sudo apt-get install chromium'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
