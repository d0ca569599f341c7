#!/usr/bin/env bash
# The GitHub Action's install step (action.yml): the teamchat-conformance package with its own
# dependencies only (not this repository's development tools), into the runner's temporary
# directory. TCC_PACKAGE_VERSION names a version, a range or a tarball (`npm pack`'s .tgz). Empty,
# it is the action's own version (its package.json: the release the tag points at): from npm when
# npm has that version, else the package built from the action's own source, which is that
# version (the package is not published yet: installing the version from npm would fail).
# Writes the CLI's path to the step output `bin`; a failure says so in an ::error line, and the run
# step (which runs anyway) reports it in the outputs and the job summary.
set -euo pipefail

prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/teamchat-conformance"
mkdir -p "$prefix"

spec="${TCC_PACKAGE_VERSION:-}"
if [ -z "$spec" ]; then
  version="$(node -p 'require(process.argv[1]).version' "$TCC_ACTION_PATH/package.json")"
  if [ "$(npm view "teamchat-conformance@$version" version 2>/dev/null)" = "$version" ]; then
    spec="$version"
  else
    echo "teamchat-conformance $version is not on npm: building it from the action's source"
    source="$prefix/source"
    rm -rf "$source"
    mkdir -p "$source"
    # A copy: the action's own directory is left as it was checked out.
    (cd "$TCC_ACTION_PATH" && tar --exclude=./node_modules --exclude=./.git -cf - .) | (cd "$source" && tar -xf -)
    if ! (cd "$source" && npm ci --no-audit --no-fund --loglevel error && npm pack --pack-destination "$prefix" --loglevel error >/dev/null); then
      echo "::error title=teamchat-conformance::could not build teamchat-conformance $version from the action's source (npm's messages above); set the input package-version"
      exit 1
    fi
    spec="$prefix/teamchat-conformance-$version.tgz"
  fi
fi
if [ -f "$spec" ]; then
  package="$(cd "$(dirname "$spec")" && pwd)/$(basename "$spec")" # a tarball, wherever npm runs
else
  package="teamchat-conformance@$spec"
fi

printf '{ "private": true }\n' >"$prefix/package.json"
if ! npm install --prefix "$prefix" --omit=dev --no-audit --no-fund --no-package-lock --loglevel error "$package"; then
  echo "::error title=teamchat-conformance::could not install $package (npm's messages above); check the input package-version"
  exit 1
fi
echo "bin=$prefix/node_modules/teamchat-conformance/bin/teamchat-conformance.mjs" >>"$GITHUB_OUTPUT"
