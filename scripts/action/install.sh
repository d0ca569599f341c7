#!/usr/bin/env bash
# The GitHub Action's install step (action.yml): the teamchat-conformance package from npm, with its
# own dependencies only (not this repository's development tools), into the runner's temporary
# directory. The version is the action's own (its package.json: the release the tag points at)
# unless TCC_PACKAGE_VERSION names another: a version, a range, or a tarball (`npm pack`'s .tgz).
# Writes the CLI's path to the step output `bin`; a failure says so in an ::error line, and the run
# step (which runs anyway) reports it in the outputs and the job summary.
set -euo pipefail

spec="${TCC_PACKAGE_VERSION:-}"
if [ -z "$spec" ]; then
  spec="$(node -p 'require(process.argv[1]).version' "$TCC_ACTION_PATH/package.json")"
fi
if [ -f "$spec" ]; then
  package="$(cd "$(dirname "$spec")" && pwd)/$(basename "$spec")" # a tarball, wherever npm runs
else
  package="teamchat-conformance@$spec"
fi

prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/teamchat-conformance"
mkdir -p "$prefix"
printf '{ "private": true }\n' >"$prefix/package.json"
if ! npm install --prefix "$prefix" --omit=dev --no-audit --no-fund --no-package-lock --loglevel error "$package"; then
  echo "::error title=teamchat-conformance::could not install $package (npm's messages above); check the input package-version"
  exit 1
fi
echo "bin=$prefix/node_modules/teamchat-conformance/bin/teamchat-conformance.mjs" >>"$GITHUB_OUTPUT"
