#!/usr/bin/env bash
# Regenerates seed/sources/ from pvlib's wheel on PyPI and checks every file against seed/manifest.json.
# The committed CSVs are the files exactly as pvlib ships them; nothing is converted at rest.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
version="$(node -p "require('$here/manifest.json').package.version")"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
pip download "pvlib==$version" --no-deps -d "$tmp" -q
wheel="$(ls "$tmp"/pvlib-"$version"-*.whl)"
for f in $(node -p "require('$here/manifest.json').sources.map(s => s.path_in_package).join(' ')"); do
  unzip -p "$wheel" "$f" > "$here/sources/$(basename "$f")"
done
node -e "
const { createHash } = require('crypto'); const fs = require('fs');
const m = require('$here/manifest.json'); let bad = 0;
for (const s of m.sources) {
  const sum = createHash('sha256').update(fs.readFileSync('$here/sources/' + s.file)).digest('hex');
  console.log((sum === s.sha256 ? 'ok   ' : (bad++, 'DIFF ')) + s.file + ' ' + sum);
}
process.exit(bad ? 1 : 0);"
