#!/bin/sh
# Nightly backup: a folder holding a consistent online copy of the database (safe while the
# server runs) and the uploaded images; folders older than KEEP_DAYS days are deleted. Run by
# byline-backup.service as the byline user.
set -eu
: "${BACKUP_DIR:?set BACKUP_DIR}"
KEEP_DAYS="${KEEP_DAYS:-14}"
umask 077
mkdir -p "$BACKUP_DIR"
target="$BACKUP_DIR/byline-$(date -u +%Y-%m-%dT%H%M%SZ)"
/usr/bin/node bin/byline.js backup "$target"
find "$BACKUP_DIR" -mindepth 1 -maxdepth 1 -name 'byline-*' -mtime "+$((KEEP_DAYS - 1))" -print -exec rm -rf {} +
