#!/usr/bin/env bash
# The Debian packages the browser tests drive, installed when missing (we run as root in CI):
# Chromium (its headless shell runs the tests; the benchmarks and screenshots use the full
# browser), Caddy and nginx in front of the production build (behind-caddy, behind-nginx), and
# Java for the Nu HTML Checker (valid-html), and qpdf and poppler-utils (pdftotext, pdffonts,
# pdftoppm), which check the PDF clip book in the unit tests.
set -euo pipefail
missing=()
for pair in chromium:/usr/bin/chromium chromium-headless-shell:/usr/bin/chromium-headless-shell \
  caddy:/usr/bin/caddy nginx:/usr/sbin/nginx default-jre-headless:/usr/bin/java \
  qpdf:/usr/bin/qpdf poppler-utils:/usr/bin/pdftotext; do
  [ -x "${pair#*:}" ] || missing+=("${pair%%:*}")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} for the browser tests..."
if [ "$(id -u)" -ne 0 ]; then
  echo "${missing[*]} missing and installing needs root: run 'sudo apt-get install ${missing[*]}'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
