#!/bin/sh
# Nightly backup: a consistent online copy of the database (safe while the server runs), then
# copies older than KEEP_DAYS days are deleted. Run by byline-backup.service as the byline user.
set -eu
: "${BACKUP_DIR:?set BACKUP_DIR}"
KEEP_DAYS="${KEEP_DAYS:-14}"
umask 077
mkdir -p "$BACKUP_DIR"
target="$BACKUP_DIR/byline-$(date -u +%Y-%m-%dT%H%M%SZ).sqlite"
/usr/bin/node bin/byline.js backup "$target"
find "$BACKUP_DIR" -maxdepth 1 -name 'byline-*.sqlite*' -type f -mtime "+$((KEEP_DAYS - 1))" -print -delete
