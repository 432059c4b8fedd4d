#!/usr/bin/env bash
# Regenerates seed/sources/ from the wheels on PyPI named in seed/manifest.json and checks every
# wheel and every file against it. The committed CSVs are the files exactly as the packages ship
# them; nothing is converted at rest. Only for maintainers: the seed never downloads (hisim's wheel
# is 85 MB).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for pkg in $(node -p "Object.keys(require('$here/manifest.json').packages).join(' ')"); do
  spec="$(node -p "const p = require('$here/manifest.json').packages['$pkg']; p.name + '==' + p.version")"
  wheel="$tmp/$(node -p "require('$here/manifest.json').packages['$pkg'].wheel")"
  pip download "$spec" --no-deps -d "$tmp" -q
  node -e "
const { createHash } = require('crypto');
const sum = createHash('sha256').update(require('fs').readFileSync('$wheel')).digest('hex');
const want = require('$here/manifest.json').packages['$pkg'].wheel_sha256;
if (sum !== want) { console.error('DIFF $wheel ' + sum); process.exit(1); }"
  # One line per file, path and name split on a tab: a path may hold spaces
  # (bifacial_radiance ships "CEC Modules.csv"), which word splitting would cut apart.
  while IFS=$'\t' read -r inner file; do
    unzip -p "$wheel" "$inner" > "$here/sources/$file"
  done < <(node -e "
for (const s of require('$here/manifest.json').sources.filter((s) => s.package === '$pkg'))
  console.log(s.path_in_package + '\t' + s.file);")
done
node -e "
const { createHash } = require('crypto'); const fs = require('fs');
const m = require('$here/manifest.json'); let bad = 0;
for (const s of m.sources) {
  const sum = createHash('sha256').update(fs.readFileSync('$here/sources/' + s.file)).digest('hex');
  console.log((sum === s.sha256 ? 'ok   ' : (bad++, 'DIFF ')) + s.file + ' ' + sum);
}
process.exit(bad ? 1 : 0);"
