#!/bin/sh
# Copy of nodejs/docker-node 24/bookworm-slim/docker-entrypoint.sh (commit f27d936f), unchanged below:
# the stand-in node:24-bookworm-slim image of tests/docker/run.sh behaves like the official one.
set -e

# Run command with node if the first argument contains a "-" or is not a system command. The last
# part inside the "{}" is a workaround for the following bug in ash/dash:
# https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=874264
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
